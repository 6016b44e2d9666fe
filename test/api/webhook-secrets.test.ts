// Webhook signing secrets at rest: D1 holds them sealed (never `whsec_`), deliveries are still signed with the secret
// the client was shown, a seal moved to another row does not open, rows stored plain before sealing still sign and
// the cron reseals them (once), key rotation through WEBHOOK_SECRET_KEYS, and a malformed setting named, not shown.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { rotateSecret } from "@brand/core/webhooks/endpoints";
import { openSecret, sealSecret, secretKeyring } from "@brand/core/webhooks/secret-box";
import { resealSecrets } from "@brand/core/webhooks/secret-reseal";
import { verifyWebhook } from "@brand/core/webhooks/verify";
import worker from "../../workers/api/src/index.ts";
import type { Env } from "../../workers/api/src/env.ts";
import { resealWebhookSecrets } from "../../workers/api/src/webhook-secrets.ts";
import { specVerify } from "../core/standard-webhooks.ts";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { bearer } from "../helpers/http.ts";
import { harness, received, receiverPath, receiverUrl, type Received } from "./webhook-harness.ts";

const h = harness();
type Endpoint = { id: string; secret: string; path: string };
type Stored = { secret: string; previous_secret: string | null; updated_at: string };
type Attempt = { response_status: number | null; error: string | null };

/** The test key (vitest.config.ts), id `test`, and a second one for rotations: 32 bytes each. */
const TEST_KEYS = env.WEBHOOK_SECRET_KEYS;
const NEW_KEY = `new:${btoa("a-brand-new-webhook-key-32-bytes")}`;

let account: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  account = await newAccount("pro");
});
beforeEach(() => {
  h.webhookQueue.take();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function endpoint(behaviour = "ok"): Promise<Endpoint> {
  const path = receiverPath(behaviour);
  const response = await h.json("POST", "/webhooks", account.secret, { url: receiverUrl(path) });
  expect(response.status).toBe(201);
  return { path, ...((await response.json()) as Omit<Endpoint, "path">) };
}

const stored = async (id: string) =>
  (await env.DB.prepare("SELECT secret, previous_secret, updated_at FROM webhook_endpoints WHERE id = ?").bind(id).first<Stored>())!;

const setStored = (id: string, secret: string, previous: string | null = null) =>
  env.DB.prepare("UPDATE webhook_endpoints SET secret = ?, previous_secret = ? WHERE id = ?").bind(secret, previous, id).run();

/** A test event to the endpoint, consumed once at `now` with `keys` as WEBHOOK_SECRET_KEYS. */
async function deliverTest(id: string, keys = TEST_KEYS, now = new Date()) {
  expect((await h.json("POST", `/webhooks/${id}/test`, account.secret)).status).toBe(201);
  const messages = h.webhookQueue.take().map((body) => ({ body, due: now.getTime(), attempts: 1 }));
  return h.consumeOnce(messages, now, {}, { ...h.env, WEBHOOK_SECRET_KEYS: keys } as Env);
}

const attempts = (endpointId: string) =>
  env.DB.prepare(
    `SELECT a.response_status, a.error FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
     WHERE d.endpoint_id = ? ORDER BY a.id`,
  )
    .bind(endpointId)
    .all<Attempt>()
    .then((r) => r.results);

async function expectSignedBy(request: Received, secret: string) {
  expect(await specVerify(secret, request.headers, request.body)).toBe(true);
  expect(await verifyWebhook(secret, request.headers, request.body)).toEqual(JSON.parse(request.body));
}

/** POST /webhooks on the JSON host with `keys` as its WEBHOOK_SECRET_KEYS. */
async function createWith(keys: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request("https://worker.test/webhooks", {
      method: "POST",
      headers: { ...bearer(account.secret), "Content-Type": "application/json" },
      body: JSON.stringify({ url: receiverUrl(receiverPath("ok")) }),
    }),
    { ...h.env, WEBHOOK_SECRET_KEYS: keys },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** Another endpoint's rows stay out of the count: the cron's step for these endpoints only. */
const onlyThese = (ids: string[]) => ({
  prepare: (sql: string) => env.DB.prepare(sql.replace("WHERE id > ?1", `WHERE id IN (${ids.map((id) => `'${id}'`).join(", ")}) AND id > ?1`)),
  batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
}) as unknown as D1Database;

describe("stored sealed", () => {
  it("create stores the secret sealed, never whsec_, and the delivery is signed with the secret the client was shown", async () => {
    const ep = await endpoint();
    expect(ep.secret).toMatch(/^whsec_/);
    const row = await stored(ep.id);
    expect(row.secret).toMatch(/^v1\.test\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(row.secret).not.toContain("whsec_");
    expect(row.previous_secret).toBeNull();

    const { acked } = await deliverTest(ep.id);
    expect(acked).toHaveLength(1);
    const [request] = await received(ep.path);
    await expectSignedBy(request, ep.secret);
  });

  it("rotation stores the new and the previous secret sealed, and both sign during the overlap", async () => {
    const ep = await endpoint();
    const response = await h.json("POST", `/webhooks/${ep.id}/rotate-secret`, account.secret);
    expect(response.status).toBe(200);
    const { secret: fresh } = (await response.json()) as { secret: string };
    const row = await stored(ep.id);
    for (const value of [row.secret, row.previous_secret!]) {
      expect(value).toMatch(/^v1\.test\./);
      expect(value).not.toContain("whsec_");
    }
    expect(await countRows("webhook_endpoints", "secret LIKE 'whsec_%' OR previous_secret LIKE 'whsec_%'")).toBe(0);

    await deliverTest(ep.id);
    const [request] = await received(ep.path);
    expect(request.headers["webhook-signature"].split(" ")).toHaveLength(2);
    await expectSignedBy(request, fresh);
    await expectSignedBy(request, ep.secret);
  });

  it("no API answer but create and rotate carries a secret, sealed or plain", async () => {
    const ep = await endpoint();
    const row = await stored(ep.id);
    for (const path of [`/webhooks/${ep.id}`, "/webhooks?limit=100"]) {
      const text = await (await h.json("GET", path, account.secret)).text();
      expect(text).not.toContain(row.secret);
      expect(text).not.toContain(ep.secret);
      expect(text).not.toContain("v1.test.");
    }
  });
});

describe("a seal moved to another endpoint's row", () => {
  it("does not open: the attempt is recorded as an error, nothing is sent, no secret in the error", async () => {
    const [a, b] = [await endpoint(), await endpoint()];
    const sealedForA = (await stored(a.id)).secret;
    await setStored(b.id, sealedForA);

    const { acked, retried } = await deliverTest(b.id);
    expect(acked).toEqual([]);
    expect(retried).toHaveLength(1); // retried on the schedule, like any failed attempt
    expect(await received(b.path)).toEqual([]);
    const [attempt] = await attempts(b.id);
    expect(attempt).toEqual({ response_status: null, error: expect.stringContaining("not sent: the signing secret does not open") });
    expect(attempt.error).not.toContain(a.secret);
    expect(attempt.error).not.toContain(b.secret);
    expect(attempt.error).not.toContain(sealedForA);

    // The cron leaves it as it is and says which row (and nothing of its value).
    const result = await resealSecrets(onlyThese([b.id]), await secretKeyring(`${NEW_KEY},${TEST_KEYS}`));
    expect(result).toEqual({ resealed: 0, unreadable: [b.id] });
    expect((await stored(b.id)).secret).toBe(sealedForA);
    expect((await h.json("DELETE", `/webhooks/${b.id}`, account.secret)).status).toBe(204); // out of the later cron runs
  });
});

describe("rows stored plain before sealing", () => {
  it("still sign; the cron reseals them, once, and they sign the same after", async () => {
    const ep = await endpoint();
    const old = "whsec_" + btoa("an-older-secret-of-32-bytes-long");
    await setStored(ep.id, ep.secret, old);
    await env.DB.prepare("UPDATE webhook_endpoints SET previous_secret_expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() + 3_600_000).toISOString(), ep.id)
      .run();
    await deliverTest(ep.id);
    const before = await stored(ep.id);

    // The JSON host's scheduled handler runs the step (with the hourly re-index and sweep beside it).
    const ctx = createExecutionContext();
    worker.scheduled({ cron: "17 * * * *", scheduledTime: Date.now(), noRetry() {} } as ScheduledController, h.env, ctx);
    await waitOnExecutionContext(ctx);
    const after = await stored(ep.id);
    expect(after.secret).toMatch(/^v1\.test\./);
    expect(after.previous_secret).toMatch(/^v1\.test\./);
    expect(after.updated_at).toBe(before.updated_at);
    const keys = await secretKeyring(TEST_KEYS);
    expect(await openSecret(keys, ep.id, after.secret)).toBe(ep.secret);
    expect(await openSecret(keys, ep.id, after.previous_secret!)).toBe(old);

    // A second run finds nothing to do and changes nothing.
    expect(await resealWebhookSecrets({ DB: onlyThese([ep.id]), WEBHOOK_SECRET_KEYS: TEST_KEYS })).toEqual({ resealed: 0, unreadable: [] });
    expect(await stored(ep.id)).toEqual(after);

    await deliverTest(ep.id);
    const [plainSigned, sealedSigned] = await received(ep.path);
    for (const request of [plainSigned, sealedSigned]) {
      await expectSignedBy(request, ep.secret);
      await expectSignedBy(request, old);
    }
  });

  it("are resealed in bounded batches, the next run going on where the last stopped", async () => {
    const eps = [await endpoint(), await endpoint(), await endpoint()];
    for (const ep of eps) await setStored(ep.id, ep.secret);
    const keys = await secretKeyring(TEST_KEYS);
    const db = onlyThese(eps.map((ep) => ep.id));
    expect(await resealSecrets(db, keys, { batchSize: 1, maxBatches: 2 })).toEqual({ resealed: 2, unreadable: [] });
    expect(await countRows("webhook_endpoints", `id IN (?, ?, ?) AND secret LIKE 'whsec_%'`, ...eps.map((ep) => ep.id))).toBe(1);
    expect(await resealSecrets(db, keys, { batchSize: 1, maxBatches: 2 })).toEqual({ resealed: 1, unreadable: [] });
    expect(await countRows("webhook_endpoints", `id IN (?, ?, ?) AND secret LIKE 'v1.test.%'`, ...eps.map((ep) => ep.id))).toBe(3);
  });

  it("lose to a rotation made while the cron reads them: the rotation's values stay", async () => {
    const ep = await endpoint();
    await setStored(ep.id, ep.secret);
    const keys = await secretKeyring(TEST_KEYS);
    let rotated = "";
    // The rotation lands between the cron's read and its write.
    const racing = {
      prepare: (sql: string) => onlyThese([ep.id]).prepare(sql),
      batch: async (statements: D1PreparedStatement[]) => {
        rotated = (await rotateSecret(env.DB, account.id, ep.id, keys, new Date())).secret;
        return env.DB.batch(statements);
      },
    } as unknown as D1Database;
    expect(await resealSecrets(racing, keys)).toEqual({ resealed: 0, unreadable: [] });
    const row = await stored(ep.id);
    expect(await openSecret(keys, ep.id, row.secret)).toBe(rotated);
    expect(row.previous_secret).toBe(ep.secret); // moved as stored; the next run reseals it
    expect(await resealSecrets(onlyThese([ep.id]), keys)).toEqual({ resealed: 1, unreadable: [] });
    expect((await stored(ep.id)).previous_secret).toMatch(/^v1\.test\./);
  });
});

describe("key rotation", () => {
  it("with new,old keys an old-kid row still signs and is resealed under new; then new alone signs", async () => {
    const ep = await endpoint();
    const rotated = (await (await h.json("POST", `/webhooks/${ep.id}/rotate-secret`, account.secret)).json()) as { secret: string };
    const both = `${NEW_KEY},${TEST_KEYS}`;

    await deliverTest(ep.id, both);
    expect(await resealWebhookSecrets({ DB: onlyThese([ep.id]), WEBHOOK_SECRET_KEYS: both })).toEqual({ resealed: 1, unreadable: [] });
    const row = await stored(ep.id);
    expect(row.secret).toMatch(/^v1\.new\./);
    expect(row.previous_secret).toMatch(/^v1\.new\./);

    await deliverTest(ep.id, NEW_KEY);
    const requests = await received(ep.path);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      await expectSignedBy(request, rotated.secret);
      await expectSignedBy(request, ep.secret);
    }
  });

  it("new secrets are sealed under the first key", async () => {
    const response = await createWith(`${NEW_KEY},${TEST_KEYS}`);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect((await stored(id)).secret).toMatch(/^v1\.new\./);
  });
});

describe("a malformed WEBHOOK_SECRET_KEYS", () => {
  const BAD = "test:c2hvcnQta2V5"; // "short-key": 9 bytes

  it("fails create with 500 and writes nothing; the log names the setting, never its value", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const before = await countRows("webhook_endpoints");
    const response = await createWith(BAD);
    expect(response.status).toBe(500);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
    expect(await countRows("webhook_endpoints")).toBe(before);
    const logged = log.mock.calls.flat().map(String).join("\n");
    expect(logged).toContain("WEBHOOK_SECRET_KEYS entry 1 (test): the key is 9 bytes; AES-256 needs 32");
    expect(logged).not.toContain("c2hvcnQta2V5");
  });

  it("makes the consumer retry the message, recording no attempt against the receiver, and the cron step log it", async () => {
    const ep = await endpoint();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { acked, retried } = await deliverTest(ep.id, BAD);
    expect(acked).toEqual([]);
    expect(retried).toEqual([{ deliveryId: expect.stringMatching(/^msg_/), delaySeconds: 30 }]);
    expect(await attempts(ep.id)).toEqual([]);
    expect(await received(ep.path)).toEqual([]);
    expect(await resealWebhookSecrets({ DB: env.DB, WEBHOOK_SECRET_KEYS: BAD })).toBeNull();
    expect(await resealWebhookSecrets({ DB: env.DB, WEBHOOK_SECRET_KEYS: "" } as Env)).toBeNull();
    const logged = log.mock.calls.flat().map(String).join("\n");
    expect(logged).toContain("WEBHOOK_SECRET_KEYS entry 1 (test): the key is 9 bytes");
    expect(logged).toContain("WEBHOOK_SECRET_KEYS is not set");
    expect(logged).not.toContain("c2hvcnQta2V5");
  });
});
