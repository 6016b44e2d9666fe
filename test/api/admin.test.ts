// The operator's /admin API: guarded by ADMIN_TOKEN, JSON out, plain keys only in creation answers.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countRows } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";

const admin = (path: string, method = "GET", body?: unknown) =>
  call(path, {
    method,
    headers: { ...bearer(env.ADMIN_TOKEN), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

type Created = { id: string; plan: string; beta: boolean; keys: { publishable: string; secret: string; beta: string } };

async function createAccount(body: object = { plan: "pro", beta: true }): Promise<Created> {
  const response = await admin("/admin/accounts", "POST", body);
  expect(response.status).toBe(201);
  return response.json();
}

describe("admin guard", () => {
  it("refuses a missing or wrong admin token with 401 msg, and a customer's secret key", async () => {
    const account = await createAccount();
    for (const headers of [{}, bearer("wrong"), bearer(account.keys.secret)]) {
      const response = await call("/admin/accounts", {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ plan: "free" }),
      });
      expect(response.status).toBe(401);
      expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
    }
  });
});

describe("accounts", () => {
  it("creates an account with its three plain keys, shown once", async () => {
    const account = await createAccount({ plan: "starter", name: "Acme", beta: false });
    expect(account).toMatchObject({ plan: "starter", beta: false });
    expect(account.id).toMatch(/^acc_/);
    expect(account.keys.publishable).toMatch(/^pk_/);
    expect(account.keys.secret).toMatch(/^sk_/);
    expect(account.keys.beta).toMatch(/^tx_beta_/);

    const shown = await admin(`/admin/accounts/${account.id}`);
    const text = await shown.text();
    expect(shown.status).toBe(200);
    for (const key of Object.values(account.keys)) expect(text).not.toContain(key);
    expect(JSON.parse(text)).toMatchObject({ name: "Acme", plan: "starter", credits: 500 });
  });

  it("refuses a bad plan or an unknown field with 400 err and creates nothing", async () => {
    const before = await countRows("accounts");
    for (const body of [{ plan: "gold" }, { plan: "pro", owner: "x" }, {}]) {
      const response = await admin("/admin/accounts", "POST", body);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
    }
    expect(await countRows("accounts")).toBe(before);
  });

  it("sets the plan (granting the new plan's credits) and toggles beta", async () => {
    const account = await createAccount({ plan: "free" });
    const response = await admin(`/admin/accounts/${account.id}`, "PATCH", { plan: "pro", beta: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ plan: "pro", beta: true, credits: 15_000 });
  });

  it("answers 404 for an unknown account", async () => {
    expect((await admin(`/admin/accounts/acc_${"x".repeat(20)}`)).status).toBe(404);
  });
});

describe("keys", () => {
  it("rotates a key: the new one works, the old one is refused", async () => {
    await seedBrand({ domain: "rotate.com", name: "Rotate" }, await logoPng(64, 64));
    const account = await createAccount();
    const rotated = await admin(`/admin/accounts/${account.id}/keys`, "POST", { kind: "secret" });
    expect(rotated.status).toBe(201);
    const { kind, key } = (await rotated.json()) as { kind: string; key: string };
    expect(kind).toBe("secret");
    expect((await call("/describe/rotate.com", { headers: bearer(account.keys.secret) })).status).toBe(401);
    expect((await call("/describe/rotate.com", { headers: bearer(key) })).status).toBe(200);
  });

  it("revokes a key by id", async () => {
    const account = await createAccount();
    const { keys } = (await (await admin(`/admin/accounts/${account.id}`)).json()) as {
      keys: { id: string; kind: string; prefix: string }[];
    };
    const secret = keys.find((k) => k.kind === "secret")!;
    expect(secret.prefix).toBe(`${account.keys.secret.slice(0, 7)}…`);
    expect((await admin(`/admin/accounts/${account.id}/keys/${secret.id}`, "DELETE")).status).toBe(204);
    expect((await call("/describe/rotate.com", { headers: bearer(account.keys.secret) })).status).toBe(401);
    expect((await admin(`/admin/accounts/${account.id}/keys/${secret.id}`, "DELETE")).status).toBe(404);
  });

  it("sets referrers on the publishable key and refuses malformed ones", async () => {
    const account = await createAccount();
    const ok = await admin(`/admin/accounts/${account.id}/referrers`, "PUT", { referrers: ["example.com", "*.acme.io"] });
    expect(ok.status).toBe(200);
    const bad = await admin(`/admin/accounts/${account.id}/referrers`, "PUT", { referrers: ["https://x.com/path"] });
    expect(bad.status).toBe(400);
    const stored = await env.DB.prepare("SELECT referrers FROM api_keys WHERE account_id = ? AND kind = 'publishable'")
      .bind(account.id)
      .first<string>("referrers");
    expect(JSON.parse(stored!)).toEqual(["example.com", "*.acme.io"]);
  });
});

describe("credits, usage and blocking", () => {
  it("grants credits on any plan, sells them only on Pro", async () => {
    const free = await createAccount({ plan: "free" });
    const grant = await admin(`/admin/accounts/${free.id}/credits`, "POST", { kind: "grant", amount: 100 });
    expect(await grant.json()).toMatchObject({ credits: 600 });
    const sell = await admin(`/admin/accounts/${free.id}/credits`, "POST", { kind: "purchase", amount: 100 });
    expect(sell.status).toBe(403);
    const pro = await createAccount({ plan: "pro" });
    const bought = await admin(`/admin/accounts/${pro.id}/credits`, "POST", { kind: "purchase", amount: 1000 });
    expect(await bought.json()).toMatchObject({ credits: 16_000 });
  });

  it("shows this period's usage, credits and ledger", async () => {
    const account = await createAccount();
    await call("/describe/rotate.com", { headers: bearer(account.keys.secret) });
    await expect
      .poll(async () => ((await (await admin(`/admin/accounts/${account.id}/usage`)).json()) as { requests: number }).requests, {
        timeout: 3000,
      })
      .toBe(1);
    const usage = (await (await admin(`/admin/accounts/${account.id}/usage`)).json()) as Record<string, unknown>;
    expect(usage).toMatchObject({ plan: "pro", request_pool: 1_000_000, credits: 15_000 });
    expect(usage.ledger).toEqual([expect.objectContaining({ kind: "grant", amount: 15_000 })]);
  });

  it("blocks a domain: describe then answers 404", async () => {
    const account = await createAccount();
    const blocked = await admin("/admin/blocked-domains", "POST", { domain: "https://www.Rotate.com/", reason: "request" });
    expect(blocked.status).toBe(201);
    expect(await blocked.json()).toEqual({ domain: "rotate.com", blocked: true });
    expect((await call("/describe/rotate.com", { headers: bearer(account.keys.secret) })).status).toBe(404);
  });

  it("lists blocked domains with their reasons, and unblocks one: describe answers again; unblocking twice is 404", async () => {
    const account = await createAccount();
    await admin("/admin/blocked-domains", "POST", { domain: "unblock-me.com", reason: "owner asked" });
    const page = (await (await admin("/admin/blocked-domains?limit=100")).json()) as { data: { domain: string; reason: string }[] };
    expect(page.data).toContainEqual(expect.objectContaining({ domain: "unblock-me.com", reason: "owner asked" }));

    const unblocked = await admin("/admin/blocked-domains/UNBLOCK-ME.com", "DELETE");
    expect(unblocked.status).toBe(200);
    expect(await unblocked.json()).toEqual({ domain: "unblock-me.com", blocked: false });
    expect(await countRows("blocked_domains", "domain = 'unblock-me.com'")).toBe(0);
    expect((await call("/describe/unblock-me.com", { headers: bearer(account.keys.secret) })).status).toBe(202);
    // A .test domain, where the crawler reaches the fixture web (CRAWL_PROXY, as in these tests and local runs).
    expect((await admin("/admin/blocked-domains", "POST", { domain: "acme-jsonld.test", reason: "test" })).status).toBe(201);
    const again = await admin("/admin/blocked-domains/unblock-me.com", "DELETE");
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ err: "unblock-me.com is not blocked." });
  });

  it("lists accounts newest first, a page at a time, and names what is wrong with a malformed id", async () => {
    const older = await createAccount({ plan: "free", name: "Older" });
    const newer = await createAccount({ plan: "pro", name: "Newer", beta: true });
    const first = (await (await admin("/admin/accounts?limit=1")).json()) as { data: { id: string }[]; next_cursor: string };
    expect(first.data).toEqual([expect.objectContaining({ id: newer.id, name: "Newer", plan: "pro", beta: true })]);
    const second = (await (await admin(`/admin/accounts?limit=1&cursor=${first.next_cursor}`)).json()) as { data: { id: string }[] };
    expect(second.data).toEqual([expect.objectContaining({ id: older.id, plan: "free", beta: false })]);
    expect((first.data[0] as Record<string, unknown>).keys).toBeUndefined(); // no keys in the list

    const badKey = await admin(`/admin/accounts/${older.id}/keys/nope`, "DELETE");
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as { err: string }).err).toMatch(/not a key id/);
  });
});

describe("malformed admin requests", () => {
  it("answers 400 err for a body that is not JSON, and 415 err for another content type", async () => {
    const notJson = await call("/admin/accounts", {
      method: "POST",
      headers: { ...bearer(env.ADMIN_TOKEN), "Content-Type": "application/json" },
      body: "{plan: pro",
    });
    expect(notJson.status).toBe(400);
    expect(Object.keys((await notJson.json()) as object)).toEqual(["err"]);
    const form = await call("/admin/accounts", {
      method: "POST",
      headers: { ...bearer(env.ADMIN_TOKEN), "Content-Type": "text/plain" },
      body: JSON.stringify({ plan: "pro" }),
    });
    expect(form.status).toBe(415);
    expect(Object.keys((await form.json()) as object)).toEqual(["err"]);
  });
});
