// Webhook endpoint management: create (secret shown once), list, get, update, delete, rotate the secret; URL rules
// and the SSRF guard; per-account isolation; the OpenAPI document.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openSecret, secretKeyring } from "@brand/core/webhooks/secret-box";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { call } from "../helpers/http.ts";
import { harness, receiverPath, receiverUrl } from "./webhook-harness.ts";

const h = harness();
let account: Awaited<ReturnType<typeof newAccount>>;

type Endpoint = {
  id: string;
  url: string;
  description: string;
  events: string[] | null;
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_expires_at: string | null;
  created_at: string;
  updated_at: string;
  secret?: string;
};

const create = (body: unknown, key = account.secret) => h.json("POST", "/webhooks", key, body);
async function created(body: Record<string, unknown> = {}, key = account.secret): Promise<Endpoint> {
  const response = await create({ url: receiverUrl(receiverPath("ok")), ...body }, key);
  expect(response.status).toBe(201);
  return response.json();
}

async function expectErr(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
}

beforeAll(async () => {
  account = await newAccount("pro");
});

describe("POST /webhooks", () => {
  it("creates an endpoint and shows its secret this once", async () => {
    const url = receiverUrl(receiverPath("ok"));
    const response = await create({ url, description: "brand sync", events: ["brand.updated", "logo.updated"] });
    expect(response.status).toBe(201);
    const endpoint = (await response.json()) as Endpoint;
    expect(endpoint).toMatchObject({
      id: expect.stringMatching(/^wh_[0-9A-Za-z]{20}$/),
      url,
      description: "brand sync",
      events: ["brand.updated", "logo.updated"],
      enabled: true,
      disabled_reason: null,
      previous_secret_expires_at: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    // Never again: not in get, list or update.
    const got = (await (await h.json("GET", `/webhooks/${endpoint.id}`, account.secret)).json()) as Endpoint;
    expect(got).not.toHaveProperty("secret");
    expect(JSON.stringify(await (await h.json("GET", "/webhooks", account.secret)).json())).not.toContain(endpoint.secret!);
    const patched = await h.json("PATCH", `/webhooks/${endpoint.id}`, account.secret, { description: "x" });
    expect(JSON.stringify(await patched.json())).not.toContain(endpoint.secret!);
  });

  it("defaults to every event type (events: null) and an empty description", async () => {
    expect(await created()).toMatchObject({ events: null, description: "" });
  });

  it("accepts http to loopback only where WEBHOOK_ALLOW_LOOPBACK is set (local development)", async () => {
    const local = harness();
    Object.assign(local.env, { WEBHOOK_ALLOW_LOOPBACK: "1" });
    expect((await local.json("POST", "/webhooks", account.secret, { url: "http://127.0.0.1:9556/hook" })).status).toBe(201);
    await expectErr(await create({ url: "http://127.0.0.1:9556/hook" }), 400);
    await expectErr(await local.json("POST", "/webhooks", account.secret, { url: "http://10.0.0.2:9556/hook" }), 400);
  });

  it.each([
    ["http in production", { url: "http://hooks.example.com/in" }, /https/],
    ["a loopback target", { url: "https://127.0.0.1/hook" }, /public domain/],
    ["a private address", { url: "https://192.168.0.10/hook" }, /public domain/],
    ["the metadata address", { url: "https://169.254.169.254/latest" }, /public domain/],
    ["an IPv6 literal", { url: "https://[::1]/hook" }, /public domain/],
    ["localhost", { url: "https://localhost/hook" }, /public domain/],
    ["an internal name", { url: "https://hooks.internal/" }, /public domain/],
    ["an odd port", { url: "https://hooks.example.com:8443/" }, /port/],
    ["credentials in the URL", { url: "https://u:p@hooks.example.com/" }, /credentials/],
    ["not a URL", { url: "hooks dot example" }, /URL/],
    ["a missing url", { description: "no url" }, /url/],
    ["an unknown event type", { url: "https://hooks.example.com/", events: ["brand.deleted"] }, /events/],
    ["an empty events filter", { url: "https://hooks.example.com/", events: [] }, /events/],
    ["events that is not a list", { url: "https://hooks.example.com/", events: "brand.updated" }, /events/],
    ["an unknown field", { url: "https://hooks.example.com/", secret: "whsec_mine" }, /Unknown field/],
    ["a 600-character description", { url: "https://hooks.example.com/", description: "x".repeat(600) }, /description/],
  ])("refuses %s with 400 err and writes nothing", async (_, body, message) => {
    const before = await countRows("webhook_endpoints");
    const response = await create(body);
    expect(response.status).toBe(400);
    const { err } = (await response.json()) as { err: string };
    expect(err).toMatch(message);
    expect(await countRows("webhook_endpoints")).toBe(before);
  });
});

describe("GET /webhooks and /webhooks/{id}", () => {
  it("lists the caller's endpoints newest first, paginated", async () => {
    const mine = await newAccount("pro");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await created({ description: `n${i}` }, mine.secret)).id);
    const first = (await (await h.json("GET", "/webhooks?limit=2", mine.secret)).json()) as { data: Endpoint[]; next_cursor: string };
    expect(first.data.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const second = (await (await h.json("GET", `/webhooks?limit=2&cursor=${first.next_cursor}`, mine.secret)).json()) as { data: Endpoint[]; next_cursor: null };
    expect(second).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
  });

  it("answers 404 err for an unknown id and for another account's", async () => {
    const theirs = await created({}, (await newAccount("pro")).secret);
    await expectErr(await h.json("GET", `/webhooks/${theirs.id}`, account.secret), 404);
    await expectErr(await h.json("GET", "/webhooks/wh_AAAAAAAAAAAAAAAAAAAA", account.secret), 404);
    const page = (await (await h.json("GET", "/webhooks", account.secret)).json()) as { data: Endpoint[] };
    expect(page.data.map((e) => e.id)).not.toContain(theirs.id);
  });

  it("answers 400 for a malformed id", async () => {
    await expectErr(await h.json("GET", "/webhooks/12", account.secret), 400);
  });
});

describe("PATCH /webhooks/{id}", () => {
  it("updates url, description and events; null events means every type", async () => {
    const endpoint = await created({ events: ["brand.indexed"] });
    const url = receiverUrl(receiverPath("ok"));
    const response = await h.json("PATCH", `/webhooks/${endpoint.id}`, account.secret, { url, description: "new", events: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: endpoint.id, url, description: "new", events: null, enabled: true });
    const events = await h.json("PATCH", `/webhooks/${endpoint.id}`, account.secret, { events: ["logo.updated", "logo.updated"] });
    expect(((await events.json()) as Endpoint).events).toEqual(["logo.updated"]);
  });

  it("disables and re-enables, clearing the reason and the failure run", async () => {
    const endpoint = await created();
    const off = (await (await h.json("PATCH", `/webhooks/${endpoint.id}`, account.secret, { enabled: false })).json()) as Endpoint;
    expect(off).toMatchObject({ enabled: false, disabled_reason: expect.any(String) });
    await env.DB.prepare("UPDATE webhook_endpoints SET failing_since = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(endpoint.id).run();
    const on = (await (await h.json("PATCH", `/webhooks/${endpoint.id}`, account.secret, { enabled: true })).json()) as Endpoint;
    expect(on).toMatchObject({ enabled: true, disabled_reason: null });
    expect(await env.DB.prepare("SELECT failing_since FROM webhook_endpoints WHERE id = ?").bind(endpoint.id).first("failing_since")).toBeNull();
  });

  it.each([
    ["an empty body", {}],
    ["http in production", { url: "http://hooks.example.com/" }],
    ["a private target", { url: "https://10.0.0.1/" }],
    ["an unknown event type", { events: ["nope"] }],
    ["enabled that is not a boolean", { enabled: "yes" }],
    ["an unknown field", { secret: "x" }],
  ])("refuses %s with 400 err and changes nothing", async (_, body) => {
    const endpoint = await created({ description: "unchanged" });
    await expectErr(await h.json("PATCH", `/webhooks/${endpoint.id}`, account.secret, body), 400);
    const after = (await (await h.json("GET", `/webhooks/${endpoint.id}`, account.secret)).json()) as Endpoint;
    expect(after).toEqual(endpoint.secret ? (({ secret: _s, ...rest }) => rest)(endpoint) : endpoint);
  });

  it("answers 404 for another account's endpoint, changing nothing", async () => {
    const theirs = await created({ description: "theirs" }, (await newAccount("pro")).secret);
    await expectErr(await h.json("PATCH", `/webhooks/${theirs.id}`, account.secret, { description: "mine now" }), 404);
    expect(await countRows("webhook_endpoints", "id = ? AND description = 'theirs'", theirs.id)).toBe(1);
  });
});

describe("DELETE /webhooks/{id}", () => {
  it("deletes the endpoint and its deliveries: 204, then 404", async () => {
    const endpoint = await created();
    expect((await h.json("POST", `/webhooks/${endpoint.id}/test`, account.secret)).status).toBe(201);
    h.webhookQueue.take();
    expect((await h.json("DELETE", `/webhooks/${endpoint.id}`, account.secret)).status).toBe(204);
    expect(await countRows("webhook_deliveries", "endpoint_id = ?", endpoint.id)).toBe(0);
    await expectErr(await h.json("DELETE", `/webhooks/${endpoint.id}`, account.secret), 404);
    await expectErr(await h.json("GET", `/webhooks/${endpoint.id}`, account.secret), 404);
  });

  it("answers 404 for another account's endpoint and keeps it", async () => {
    const theirs = await created({}, (await newAccount("pro")).secret);
    await expectErr(await h.json("DELETE", `/webhooks/${theirs.id}`, account.secret), 404);
    expect(await countRows("webhook_endpoints", "id = ?", theirs.id)).toBe(1);
  });
});

describe("POST /webhooks/{id}/rotate-secret", () => {
  it("returns a new secret once; the old one keeps signing for 24 hours", async () => {
    const endpoint = await created();
    const before = Date.now();
    const response = await h.json("POST", `/webhooks/${endpoint.id}/rotate-secret`, account.secret);
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as Endpoint;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const overlapEnds = Date.parse(rotated.previous_secret_expires_at!);
    expect(overlapEnds - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(overlapEnds - before).toBeLessThanOrEqual(24 * 3_600_000 + 5000);
    // Stored sealed (test/api/webhook-secrets.test.ts has the rest): the new one as secret, the old one as previous.
    const stored = (await env.DB.prepare("SELECT secret, previous_secret FROM webhook_endpoints WHERE id = ?").bind(endpoint.id).first<{
      secret: string;
      previous_secret: string;
    }>())!;
    const keys = await secretKeyring(env.WEBHOOK_SECRET_KEYS);
    expect(await openSecret(keys, endpoint.id, stored.secret)).toBe(rotated.secret);
    expect(await openSecret(keys, endpoint.id, stored.previous_secret)).toBe(endpoint.secret);
  });

  it("answers 404 for another account's endpoint and rotates nothing", async () => {
    const theirs = await created({}, (await newAccount("pro")).secret);
    await expectErr(await h.json("POST", `/webhooks/${theirs.id}/rotate-secret`, account.secret), 404);
    expect(await countRows("webhook_endpoints", "id = ? AND previous_secret IS NULL", theirs.id)).toBe(1);
  });
});

describe("authentication", () => {
  it("answers 401 msg without a secret key on every route, and writes nothing", async () => {
    const endpoint = await created();
    const before = await countRows("webhook_endpoints");
    const routes: [string, string, unknown?][] = [
      ["POST", "/webhooks", { url: "https://hooks.example.com/" }],
      ["GET", "/webhooks"],
      ["GET", `/webhooks/${endpoint.id}`],
      ["PATCH", `/webhooks/${endpoint.id}`, { enabled: false }],
      ["DELETE", `/webhooks/${endpoint.id}`],
      ["POST", `/webhooks/${endpoint.id}/rotate-secret`],
      ["POST", `/webhooks/${endpoint.id}/test`],
      ["GET", `/webhooks/${endpoint.id}/deliveries`],
    ];
    for (const key of [account.publishable, account.beta, `sk_${"Z".repeat(32)}`]) {
      for (const [method, path, body] of routes) {
        const response = await h.json(method, path, key, body);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
      }
    }
    expect(await countRows("webhook_endpoints")).toBe(before);
    expect(await countRows("webhook_endpoints", "id = ? AND enabled = 1 AND previous_secret IS NULL", endpoint.id)).toBe(1);
    expect(await countRows("webhook_deliveries", "endpoint_id = ?", endpoint.id)).toBe(0);
  });
});

describe("OpenAPI", () => {
  it("documents every subscription and webhook route, and the events as webhooks", async () => {
    const doc = (await (await call("/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
      webhooks: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    const expected: Record<string, string[]> = {
      "/subscriptions": ["get", "post"],
      "/subscriptions/{id}": ["delete"],
      "/webhooks": ["get", "post"],
      "/webhooks/{id}": ["delete", "get", "patch"],
      "/webhooks/{id}/rotate-secret": ["post"],
      "/webhooks/{id}/test": ["post"],
      "/webhooks/{id}/deliveries": ["get"],
      "/webhooks/{id}/deliveries/{delivery_id}/replay": ["post"],
    };
    for (const [path, methods] of Object.entries(expected)) expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
    expect(Object.keys(doc.webhooks).sort()).toEqual(["brand.indexed", "brand.updated", "logo.updated", "webhook.test"]);
    for (const schema of ["Subscription", "WebhookEndpoint", "WebhookEndpointWithSecret", "Delivery", "WebhookEvent"]) {
      expect(doc.components.schemas, schema).toHaveProperty(schema);
    }
  });
});
