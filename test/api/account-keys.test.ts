// The account's own keys: list (never a key or hash), rotate (the new key once), revoke (not the key in use), and a
// publishable key's referrers. Another account's key id is a 404 like an unknown one; bad input is a 400 that
// changes nothing.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { authenticate } from "@brand/core/auth/authenticate";
import { displayPrefix, hashKey } from "@brand/core/auth/keys";
import { newAccount } from "../helpers/accounts.ts";
import { bearer, call } from "../helpers/http.ts";

type ApiKey = { id: string; kind: string; prefix: string; created_at: string; last_used_at: string | null; referrers: string[] | null; current: boolean };
type Issued = ApiKey & { key: string; signed_out: boolean };
type Account = Awaited<ReturnType<typeof newAccount>>;

let account: Account;
let other: Account;
beforeEach(async () => {
  account = await newAccount("pro", { beta: true });
  other = await newAccount("pro", { beta: true });
});

const send = (method: string, path: string, key: string | null, body?: unknown) =>
  call(path, {
    method,
    headers: { ...(key ? bearer(key) : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const listKeys = async (key: string) => ((await (await send("GET", "/account/keys", key)).json()) as { data: ApiKey[] }).data;
const keyOf = async (a: Account, kind: string) => (await listKeys(a.secret)).find((k) => k.kind === kind)!;

/** Every key row of the account as stored, to prove a refused request changed nothing. */
const snapshot = async (accountId: string) =>
  (await env.DB.prepare("SELECT id, kind, hash, referrers, revoked_at FROM api_keys WHERE account_id = ? ORDER BY id").bind(accountId).all()).results;

async function expectErr(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
}

describe("GET /account/keys", () => {
  it("lists the three active keys by prefix, marking the one in use; never a key or a hash", async () => {
    const response = await send("GET", "/account/keys", account.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const { data } = JSON.parse(text) as { data: ApiKey[] };
    expect(data.map((k) => k.kind).sort()).toEqual(["beta", "publishable", "secret"]);
    const byKind = Object.fromEntries(data.map((k) => [k.kind, k]));
    expect(byKind.publishable).toEqual({
      id: expect.stringMatching(/^key_[0-9A-Za-z]{20}$/),
      kind: "publishable",
      prefix: displayPrefix(account.publishable, "publishable"),
      created_at: expect.any(String),
      last_used_at: null,
      referrers: [],
      current: false,
    });
    expect(byKind.secret).toMatchObject({ prefix: displayPrefix(account.secret, "secret"), referrers: null, current: true });
    expect(byKind.beta).toMatchObject({ prefix: displayPrefix(account.beta, "beta"), referrers: null, current: false });
    for (const secret of [account.publishable, account.secret, account.beta]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(await hashKey(secret));
    }
  });

  it("leaves out revoked keys and other accounts' keys", async () => {
    await send("POST", "/account/keys", account.secret, { kind: "beta" });
    const data = await listKeys(account.secret);
    expect(data.filter((k) => k.kind === "beta")).toHaveLength(1);
    const otherIds = (await listKeys(other.secret)).map((k) => k.id);
    expect(data.some((k) => otherIds.includes(k.id))).toBe(false);
  });
});

describe("POST /account/keys (rotate)", () => {
  it("issues a new publishable key, shown once, revokes the old one and keeps its referrers", async () => {
    const old = await keyOf(account, "publishable");
    await send("PUT", `/account/keys/${old.id}/referrers`, account.secret, { referrers: ["example.com"] });
    const response = await send("POST", "/account/keys", account.secret, { kind: "publishable" });
    expect(response.status).toBe(201);
    const issued = (await response.json()) as Issued;
    expect(issued).toMatchObject({ kind: "publishable", referrers: ["example.com"], current: false, last_used_at: null, signed_out: false });
    expect(issued.key).toMatch(/^pk_[0-9A-Za-z]{24}$/);
    expect(issued.prefix).toBe(displayPrefix(issued.key, "publishable"));
    expect(issued.id).not.toBe(old.id);
    // The image host's rule: the new key opens it, the old one no longer does.
    expect((await authenticate(env.DB, "publishable", issued.key, new Date())).accountId).toBe(account.id);
    await expect(authenticate(env.DB, "publishable", account.publishable, new Date())).rejects.toMatchObject({ status: 401 });
    // Listed by prefix only from now on.
    const text = await (await send("GET", "/account/keys", account.secret)).text();
    expect(text).toContain(issued.id);
    expect(text).not.toContain(issued.key);
  });

  it("rotating the secret key signs this key out: the old one gets 401, the new one works", async () => {
    const issued = (await (await send("POST", "/account/keys", account.secret, { kind: "secret" })).json()) as Issued;
    expect(issued).toMatchObject({ kind: "secret", signed_out: true, referrers: null });
    expect(issued.key).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    expect((await send("GET", "/account", account.secret)).status).toBe(401);
    const keys = await listKeys(issued.key);
    expect(keys.find((k) => k.kind === "secret")).toMatchObject({ id: issued.id, current: true });
  });

  it("rotates the beta key", async () => {
    const issued = (await (await send("POST", "/account/keys", account.secret, { kind: "beta" })).json()) as Issued;
    expect(issued.key).toMatch(/^tx_beta_[0-9A-Za-z]{32}$/);
    await expect(authenticate(env.DB, "beta", account.beta, new Date())).rejects.toMatchObject({ status: 401 });
  });

  it("issues a key of a kind that has none (after a revoke)", async () => {
    const pk = await keyOf(account, "publishable");
    expect((await send("DELETE", `/account/keys/${pk.id}`, account.secret)).status).toBe(204);
    const response = await send("POST", "/account/keys", account.secret, { kind: "publishable" });
    expect(response.status).toBe(201);
    expect((await listKeys(account.secret)).filter((k) => k.kind === "publishable")).toHaveLength(1);
  });

  it.each([
    ["an unknown kind", { kind: "admin" }],
    ["no kind", {}],
    ["an extra field", { kind: "secret", account_id: "acc_x" }],
    ["malformed JSON", "{"],
    ["a string", '"secret"'],
  ])("refuses %s with 400, changing nothing", async (_, body) => {
    const before = await snapshot(account.id);
    await expectErr(await send("POST", "/account/keys", account.secret, body), 400);
    expect(await snapshot(account.id)).toEqual(before);
  });
});

describe("DELETE /account/keys/{id} (revoke)", () => {
  it("revokes a publishable key: 204, gone from the list, refused by the image host's rules", async () => {
    const pk = await keyOf(account, "publishable");
    const response = await send("DELETE", `/account/keys/${pk.id}`, account.secret);
    expect(response.status).toBe(204);
    expect((await listKeys(account.secret)).map((k) => k.kind).sort()).toEqual(["beta", "secret"]);
    await expect(authenticate(env.DB, "publishable", account.publishable, new Date())).rejects.toMatchObject({ status: 401 });
    await expectErr(await send("DELETE", `/account/keys/${pk.id}`, account.secret), 404); // already revoked
  });

  it("refuses to revoke the secret key the request is made with (409), changing nothing", async () => {
    const sk = await keyOf(account, "secret");
    const before = await snapshot(account.id);
    await expectErr(await send("DELETE", `/account/keys/${sk.id}`, account.secret), 409);
    expect(await snapshot(account.id)).toEqual(before);
    expect((await send("GET", "/account", account.secret)).status).toBe(200);
  });

  it("answers 404 for another account's key, which stays active", async () => {
    const theirs = await keyOf(other, "publishable");
    const before = await snapshot(other.id);
    await expectErr(await send("DELETE", `/account/keys/${theirs.id}`, account.secret), 404);
    expect(await snapshot(other.id)).toEqual(before);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    await expectErr(await send("DELETE", `/account/keys/key_${"A".repeat(20)}`, account.secret), 404);
    const before = await snapshot(account.id);
    for (const id of ["nope", "key_short", `acc_${"A".repeat(20)}`, "key_%27%20OR%201%3D1"]) {
      await expectErr(await send("DELETE", `/account/keys/${id}`, account.secret), 400);
    }
    expect(await snapshot(account.id)).toEqual(before);
  });
});

describe("PUT /account/keys/{id}/referrers", () => {
  it("sets the publishable key's hosts, lower-cased and deduplicated; [] lifts the restriction", async () => {
    const pk = await keyOf(account, "publishable");
    const response = await send("PUT", `/account/keys/${pk.id}/referrers`, account.secret, {
      referrers: ["Example.com", "*.example.com", "example.com"],
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: pk.id, kind: "publishable", referrers: ["example.com", "*.example.com"] });
    const principal = await authenticate(env.DB, "publishable", account.publishable, new Date());
    expect(principal.referrers).toEqual(["example.com", "*.example.com"]);
    expect((await keyOf(account, "publishable")).referrers).toEqual(["example.com", "*.example.com"]);

    await send("PUT", `/account/keys/${pk.id}/referrers`, account.secret, { referrers: [] });
    expect((await authenticate(env.DB, "publishable", account.publishable, new Date())).referrers).toEqual([]);
  });

  it.each([
    ["a URL instead of a host", { referrers: ["https://example.com"] }],
    ["a host with a space", { referrers: ["exa mple.com"] }],
    ["a wildcard in the middle", { referrers: ["a.*.example.com"] }],
    ["not a list", { referrers: "example.com" }],
    ["more than 100 hosts", { referrers: Array.from({ length: 101 }, (_, i) => `h${i}.example.com`) }],
    ["an extra field", { referrers: [], kind: "publishable" }],
  ])("refuses %s with 400, changing nothing", async (_, body) => {
    const pk = await keyOf(account, "publishable");
    await send("PUT", `/account/keys/${pk.id}/referrers`, account.secret, { referrers: ["kept.example.com"] });
    const before = await snapshot(account.id);
    await expectErr(await send("PUT", `/account/keys/${pk.id}/referrers`, account.secret, body), 400);
    expect(await snapshot(account.id)).toEqual(before);
  });

  it("refuses a key that is not publishable (400) and another account's key (404)", async () => {
    const sk = await keyOf(account, "secret");
    const before = await snapshot(account.id);
    await expectErr(await send("PUT", `/account/keys/${sk.id}/referrers`, account.secret, { referrers: ["a.com"] }), 400);
    expect(await snapshot(account.id)).toEqual(before);

    const theirs = await keyOf(other, "publishable");
    const otherBefore = await snapshot(other.id);
    await expectErr(await send("PUT", `/account/keys/${theirs.id}/referrers`, account.secret, { referrers: ["a.com"] }), 404);
    expect(await snapshot(other.id)).toEqual(otherBefore);
  });
});

describe("the spec's 401 rules on /account/keys", () => {
  const routes = (a: Account, pkId: string) =>
    [
      ["GET", "/account/keys", undefined],
      ["POST", "/account/keys", { kind: "publishable" }],
      ["DELETE", `/account/keys/${pkId}`, undefined],
      ["PUT", `/account/keys/${pkId}/referrers`, { referrers: ["a.com"] }],
    ] as const;

  it("refuses no key, a publishable key and a beta key on every route, changing nothing", async () => {
    const pk = await keyOf(account, "publishable");
    const before = await snapshot(account.id);
    for (const [method, path, body] of routes(account, pk.id)) {
      for (const key of [null, account.publishable, account.beta]) {
        const response = await send(method, path, key, body);
        expect(response.status, `${method} ${path} with ${key?.slice(0, 3) ?? "no key"}`).toBe(401);
        expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
      }
    }
    expect(await snapshot(account.id)).toEqual(before);
  });

  it("is not metered", async () => {
    await listKeys(account.secret);
    await send("POST", "/account/keys", account.secret, { kind: "beta" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const used = await env.DB.prepare("SELECT COUNT(*) AS n FROM usage_daily WHERE account_id = ?").bind(account.id).first<number>("n");
    expect(used).toBe(0);
  });
});
