// Signed event delivery from the webhook queue: fan-out from a crawl, Standard Webhooks headers checked by an
// independent implementation, the retry schedule (simulated time), 410 and three days of failure disabling an
// endpoint, secret rotation, replay, test events, and at-least-once delivery through outages and crashes.
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RETRY_DELAYS_S } from "@brand/core/webhooks/schedule";
import { fanOutStatement } from "@brand/core/webhooks/fan-out";
import { subscribe } from "@brand/core/webhooks/subscriptions";
import { verifyWebhook } from "@brand/core/webhooks/verify";
import worker from "../../workers/api/src/index.ts";
import { sweepWebhooks, WEBHOOK_QUEUE_NAME } from "../../workers/api/src/webhook-queue.ts";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { specVerify } from "../core/standard-webhooks.ts";
import { harness, received, receiverPath, receiverUrl, type Received } from "./webhook-harness.ts";

const h = harness();
type Account = Awaited<ReturnType<typeof newAccount>>;
type Endpoint = { id: string; secret: string; enabled: boolean; disabled_reason: string | null };
type Attempt = { attempt: number; response_status: number | null; latency_ms: number; error: string | null };
type Delivery = { id: string; status: string; attempt_count: number; event_type: string; attempts: Attempt[]; payload: { type: string } };

const HOUR = 3_600_000;
const mid = () => 0.5; // no jitter: delays exactly as scheduled

let account: Account;
beforeAll(async () => {
  account = await newAccount("pro");
});
// Each test starts with empty queues (earlier tests may leave messages nobody consumed).
beforeEach(() => {
  h.webhookQueue.take();
  h.indexQueue.take();
});

async function endpoint(behaviour: string, body: Record<string, unknown> = {}, key = account.secret) {
  const path = receiverPath(behaviour);
  const response = await h.json("POST", "/webhooks", key, { url: receiverUrl(path), ...body });
  expect(response.status).toBe(201);
  return { path, ...((await response.json()) as Endpoint) };
}

async function sendTest(endpointId: string, key = account.secret): Promise<Delivery> {
  const response = await h.json("POST", `/webhooks/${endpointId}/test`, key);
  expect(response.status).toBe(201);
  return response.json();
}

async function deliveries(endpointId: string, query = "", key = account.secret): Promise<Delivery[]> {
  const response = await h.json("GET", `/webhooks/${endpointId}/deliveries${query}`, key);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Delivery[] }).data;
}

const endpointRow = (id: string) =>
  env.DB.prepare("SELECT enabled, disabled_reason, failing_since FROM webhook_endpoints WHERE id = ?")
    .bind(id)
    .first<{ enabled: number; disabled_reason: string | null; failing_since: string | null }>();

/** Runs the indexing consumer as the queue would, with the harness's queues. */
async function runIndexing() {
  const messages = h.indexQueue.take().map((body, i) => ({ id: `i${i}`, timestamp: new Date(), attempts: 1, body }));
  const batch = createMessageBatch("brand-index", messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, h.env, ctx);
  expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(messages.length);
}

async function expectSigned(request: Received, secret: string, now?: Date) {
  expect(await specVerify(secret, request.headers, request.body)).toBe(true);
  expect(await verifyWebhook(secret, request.headers, request.body, now ? { now } : {})).toEqual(JSON.parse(request.body));
}

describe("fan-out from a crawl", () => {
  it("sends each event to every enabled, subscribed, matching endpoint, signed per Standard Webhooks", async () => {
    const other = await newAccount("starter");
    const stranger = await newAccount("pro");
    const all = await endpoint("ok");
    const logosOnly = await endpoint("ok", { events: ["logo.updated"] });
    const off = await endpoint("ok");
    await h.json("PATCH", `/webhooks/${off.id}`, account.secret, { enabled: false });
    const theirs = await endpoint("ok", {}, other.secret);
    const unsubscribed = await endpoint("ok", {}, stranger.secret);
    // Both accounts subscribe before the first crawl (through the API, the first subscription would start it at once).
    for (const { id } of [account, other]) await subscribe(env.DB, id, "touchicon.test", new Date());
    h.indexQueue.sent.push({ domain: "touchicon.test" });

    await runIndexing(); // the first crawl: brand.indexed
    expect(h.webhookQueue.sent).toHaveLength(2);
    const rounds = await h.drain(new Date());
    expect(rounds).toHaveLength(1);
    expect(rounds[0].acked).toHaveLength(2);

    const [request] = await received(all.path);
    expect(request.method).toBe("POST");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers["webhook-id"]).toMatch(/^msg_[0-9a-f]{20}$/);
    expect(request.headers["webhook-timestamp"]).toMatch(/^\d{10}$/);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    await expectSigned(request, all.secret);
    const event = JSON.parse(request.body);
    expect(Object.keys(event).sort()).toEqual(["created_at", "data", "id", "type"]);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: "brand.indexed",
      data: { domain: "touchicon.test", entity_id: expect.stringMatching(/^brd_/), object: { domain: "touchicon.test" }, delta: null },
    });
    // The other account's endpoint got the same event under its own delivery id and secret.
    const [theirRequest] = await received(theirs.path);
    expect(JSON.parse(theirRequest.body).id).toBe(event.id);
    expect(theirRequest.headers["webhook-id"]).not.toBe(request.headers["webhook-id"]);
    await expectSigned(theirRequest, theirs.secret);
    expect(await specVerify(all.secret, theirRequest.headers, theirRequest.body)).toBe(false);
    for (const quiet of [logosOnly, off, unsubscribed]) expect(await received(quiet.path)).toEqual([]);

    const [delivery] = await deliveries(all.id);
    expect(delivery).toMatchObject({ id: request.headers["webhook-id"], status: "delivered", attempt_count: 1, event_type: "brand.indexed" });
    expect(delivery.attempts).toEqual([expect.objectContaining({ attempt: 1, response_status: 200, error: null, latency_ms: expect.any(Number) })]);

    // A re-crawl that finds a new name and logo: brand.updated and logo.updated; the filtered endpoint gets only the logo.
    await env.DB.prepare("UPDATE brands SET name = 'Old Name', logo_key = 'logos/old.png' WHERE domain = 'touchicon.test'").run();
    h.indexQueue.sent.push({ domain: "touchicon.test" });
    await runIndexing();
    await h.drain(new Date());
    // (Deliveries are concurrent: no order is promised between events.)
    expect((await received(all.path)).map((r) => JSON.parse(r.body).type).sort()).toEqual(["brand.indexed", "brand.updated", "logo.updated"]);
    const logoEvents = await received(logosOnly.path);
    expect(logoEvents.map((r) => JSON.parse(r.body))).toEqual([
      expect.objectContaining({ type: "logo.updated", data: expect.objectContaining({ delta: { logo: { old: "logos/old.png", new: expect.any(String) } } }) }),
    ]);
  });

  it("is idempotent: fanning the same event out again creates no second delivery", async () => {
    const { id } = await endpoint("ok");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO brands (id, domain, name, source, indexed_at, updated_at) VALUES ('brd_idem', 'idempotent.test', 'Idem', 'crawl', '2026-01-01', '2026-01-01')"),
      env.DB.prepare("INSERT INTO domains (domain, brand_id, state, requested_at, updated_at) VALUES ('idempotent.test', 'brd_idem', 'indexed', '2026-01-01', '2026-01-01')"),
    ]);
    await h.json("POST", "/subscriptions", account.secret, { domain: "idempotent.test" });
    const event = { id: "evt_idem", type: "brand.indexed" as const, brandId: "brd_idem", domain: "idempotent.test", body: "{}", at: new Date().toISOString() };
    await fanOutStatement(env.DB, event).run();
    await fanOutStatement(env.DB, event).run();
    expect(await countRows("webhook_deliveries", "endpoint_id = ? AND event_id = 'evt_idem'", id)).toBe(1);
  });
});

describe("retries", () => {
  it("follows the schedule (≈5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) with one webhook-id, then gives up", async () => {
    const failing = await endpoint("fail");
    const { id } = await sendTest(failing.id);
    const start = new Date();
    const rounds = await h.drain(start, { random: mid });
    expect(rounds.map((r) => (r.at.getTime() - start.getTime()) / 1000)).toEqual(
      RETRY_DELAYS_S.reduce<number[]>((at, delay) => [...at, at[at.length - 1] + delay], [0]),
    );
    expect(rounds.slice(0, -1).map((r) => r.retried[0]?.delaySeconds)).toEqual([...RETRY_DELAYS_S]);
    expect(rounds[rounds.length - 1]).toMatchObject({ acked: [id], retried: [] });

    const requests = await received(failing.path);
    expect(requests).toHaveLength(8);
    expect(new Set(requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([id]));
    expect(new Set(requests.map((r) => r.headers["webhook-timestamp"])).size).toBe(8); // signed afresh each time
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const [i, request] of requests.entries()) await expectSigned(request, failing.secret, rounds[i].at);

    const [delivery] = await deliveries(failing.id);
    expect(delivery).toMatchObject({ id, status: "failed", attempt_count: 8 });
    expect(delivery.attempts.map((a) => a.attempt)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    expect(delivery.attempts.every((a) => a.response_status === 500 && a.error === "HTTP 500")).toBe(true);
    expect((await endpointRow(failing.id))!.enabled).toBe(1); // ~28 h of failure is not yet 3 days
  });

  it("adds jitter to the delays", async () => {
    const failing = await endpoint("fail");
    await sendTest(failing.id);
    const rounds = await h.drain(new Date(), { random: () => 0.95, until: new Date(Date.now() + HOUR) });
    expect(rounds[1].retried[0].delaySeconds).toBe(Math.round(300 * 1.09)); // 5 min + 9 %
  });

  it("a receiver outage loses nothing: the same delivery arrives once the receiver is back", async () => {
    const flaky = await endpoint("flaky/3");
    const { id } = await sendTest(flaky.id);
    await h.drain(new Date(), { random: mid });
    const requests = await received(flaky.path);
    expect(requests).toHaveLength(4);
    expect(requests.every((r) => r.headers["webhook-id"] === id)).toBe(true);
    const [delivery] = await deliveries(flaky.id);
    expect(delivery).toMatchObject({ status: "delivered", attempt_count: 4 });
    expect(delivery.attempts.map((a) => a.response_status)).toEqual([200, 503, 503, 503]);
    expect((await endpointRow(flaky.id))!.failing_since).toBeNull(); // a success ends the failure run
  });

  it("gives up on a receiver that does not answer in time, and logs it", async () => {
    const slow = await endpoint("slow");
    await sendTest(slow.id);
    const started = Date.now();
    const rounds = await h.drain(new Date(), { timeoutMs: 300, until: new Date() });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(rounds[0].retried).toHaveLength(1);
    const [attempt] = (await deliveries(slow.id))[0].attempts;
    expect(attempt).toMatchObject({ response_status: null, error: "no answer within 300 ms" });
    expect(attempt.latency_ms).toBeGreaterThanOrEqual(250);
  });

  it("does not follow redirects", async () => {
    const redirecting = await endpoint("redirect");
    await sendTest(redirecting.id);
    await h.drain(new Date(), { until: new Date() });
    const [attempt] = (await deliveries(redirecting.id))[0].attempts;
    expect(attempt).toMatchObject({ response_status: 302, error: expect.stringMatching(/redirect/) });
    expect(await received(redirecting.path.replace("/redirect/", "/ok/"))).toEqual([]);
  });

  it("does not read the receiver's response body", async () => {
    const chatty = await endpoint("big");
    await sendTest(chatty.id);
    const started = Date.now();
    await h.drain(new Date());
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await deliveries(chatty.id))[0]).toMatchObject({ status: "delivered" });
  });

  it("re-checks the SSRF guard when sending", async () => {
    const { id } = await endpoint("ok");
    // A URL that would not be accepted today (say, the rules tightened after it was saved).
    await env.DB.prepare("UPDATE webhook_endpoints SET url = 'http://169.254.169.254/latest/meta-data' WHERE id = ?").bind(id).run();
    await sendTest(id);
    await h.drain(new Date(), { until: new Date() });
    const [attempt] = (await deliveries(id))[0].attempts;
    expect(attempt).toMatchObject({ response_status: null, error: expect.stringMatching(/^refused: .*https/) });
  });
});

describe("disabling", () => {
  it("410 Gone disables the endpoint at once and ends its pending deliveries", async () => {
    const gone = await endpoint("gone");
    const first = await sendTest(gone.id);
    const second = await sendTest(gone.id);
    const [firstMessage, secondMessage] = h.webhookQueue.take().map((body) => ({ body, due: 0, attempts: 1 }));
    expect(await h.consumeOnce([firstMessage], new Date())).toEqual({ acked: [first.id], retried: [] });
    expect(await endpointRow(gone.id)).toMatchObject({ enabled: 0, disabled_reason: expect.stringMatching(/410/) });
    const byId = Object.fromEntries((await deliveries(gone.id)).map((d) => [d.id, d.status]));
    expect(byId).toEqual({ [first.id]: "failed", [second.id]: "failed" });
    // The second one's message, still in the queue, is acked without sending anything.
    expect(await h.consumeOnce([secondMessage], new Date())).toEqual({ acked: [second.id], retried: [] });
    expect(await received(gone.path)).toHaveLength(1);
    // No test events or replays until it is enabled again.
    expect((await h.json("POST", `/webhooks/${gone.id}/test`, account.secret)).status).toBe(409);
    expect((await h.json("POST", `/webhooks/${gone.id}/deliveries/${first.id}/replay`, account.secret)).status).toBe(409);
    expect((await h.json("GET", `/webhooks/${gone.id}`, account.secret)).status).toBe(200);
  });

  it("a disabled endpoint's queued deliveries are dropped, not sent", async () => {
    const paused = await endpoint("ok");
    await sendTest(paused.id);
    await h.json("PATCH", `/webhooks/${paused.id}`, account.secret, { enabled: false });
    await h.drain(new Date());
    expect(await received(paused.path)).toEqual([]);
    expect((await deliveries(paused.id))[0].status).toBe("failed");
  });

  it("three days of nothing but failures disables the endpoint", async () => {
    const failing = await endpoint("fail");
    const t0 = new Date();
    await sendTest(failing.id);
    await h.drain(t0, { random: mid }); // eight attempts over ~28 h, all failing
    expect((await endpointRow(failing.id))!.failing_since).toBe(t0.toISOString());

    await sendTest(failing.id);
    await h.drain(new Date(t0.getTime() + 48 * HOUR), { random: mid, until: new Date(t0.getTime() + 48 * HOUR) });
    expect((await endpointRow(failing.id))!.enabled).toBe(1); // two days: still trying

    const last = await sendTest(failing.id);
    const at = new Date(t0.getTime() + 72 * HOUR + 60_000);
    const rounds = await h.drain(at, { random: mid, until: at });
    expect(rounds.flatMap((r) => r.acked)).toContain(last.id); // no retry scheduled for the disabling attempt
    const row = await endpointRow(failing.id);
    expect(row).toMatchObject({ enabled: 0, disabled_reason: expect.stringMatching(/3 days/) });
    expect((await deliveries(failing.id)).every((d) => d.status === "failed")).toBe(true);

    // Re-enabling starts a fresh run.
    await h.json("PATCH", `/webhooks/${failing.id}`, account.secret, { enabled: true });
    expect(await endpointRow(failing.id)).toMatchObject({ enabled: 1, disabled_reason: null, failing_since: null });
  });
});

describe("secret rotation", () => {
  it("signs with the old and new secrets for 24 hours, then with the new one only", async () => {
    const ep = await endpoint("ok");
    const { secret: fresh } = (await (await h.json("POST", `/webhooks/${ep.id}/rotate-secret`, account.secret)).json()) as Endpoint;
    h.webhookQueue.take();

    await sendTest(ep.id);
    const inOverlap = new Date(Date.now() + 23 * HOUR);
    await h.drain(inOverlap);
    await sendTest(ep.id);
    const afterOverlap = new Date(Date.now() + 25 * HOUR);
    await h.drain(afterOverlap);

    const [during, after] = await received(ep.path);
    expect(during.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(await specVerify(fresh, during.headers, during.body)).toBe(true);
    expect(await specVerify(ep.secret, during.headers, during.body)).toBe(true);
    expect(after.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(await specVerify(fresh, after.headers, after.body)).toBe(true);
    expect(await specVerify(ep.secret, after.headers, after.body)).toBe(false);
    await expect(verifyWebhook(ep.secret, after.headers, after.body, { now: afterOverlap })).rejects.toThrow();
  });
});

describe("replay and test events", () => {
  it("replays a delivered delivery with the same webhook-id and body", async () => {
    const ep = await endpoint("ok");
    const { id } = await sendTest(ep.id);
    await h.drain(new Date());
    const response = await h.json("POST", `/webhooks/${ep.id}/deliveries/${id}/replay`, account.secret);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, status: "pending" });
    expect(h.webhookQueue.sent).toEqual([{ delivery_id: id }]);
    await h.drain(new Date());
    const [original, replayed] = await received(ep.path);
    expect(replayed.headers["webhook-id"]).toBe(original.headers["webhook-id"]);
    expect(replayed.body).toBe(original.body);
    await expectSigned(replayed, ep.secret);
    expect((await deliveries(ep.id))[0]).toMatchObject({ status: "delivered", attempt_count: 2 });
  });

  it("replays a failed delivery on a fresh schedule", async () => {
    const ep = await endpoint("flaky/8");
    const { id } = await sendTest(ep.id);
    await h.drain(new Date(), { random: mid });
    expect((await deliveries(ep.id))[0]).toMatchObject({ status: "failed", attempt_count: 8 });
    await h.json("POST", `/webhooks/${ep.id}/deliveries/${id}/replay`, account.secret);
    await h.drain(new Date(), { random: mid });
    expect((await deliveries(ep.id))[0]).toMatchObject({ status: "delivered", attempt_count: 9 });
  });

  it("answers 404 for an unknown delivery, another endpoint's, or another account's", async () => {
    const ep = await endpoint("ok");
    const mineElsewhere = await endpoint("ok");
    const { id } = await sendTest(mineElsewhere.id);
    const stranger = await newAccount("pro");
    for (const [endpointId, deliveryId, key] of [
      [ep.id, "msg_00000000000000000000", account.secret],
      [ep.id, id, account.secret],
      [mineElsewhere.id, id, stranger.secret],
    ]) {
      const response = await h.json("POST", `/webhooks/${endpointId}/deliveries/${deliveryId}/replay`, key);
      expect(response.status).toBe(404);
      expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
    }
    expect((await h.json("POST", `/webhooks/${ep.id}/deliveries/nope/replay`, account.secret)).status).toBe(400);
  });

  it("a test event is queued whatever the filter, and listed with the deliveries", async () => {
    const ep = await endpoint("ok", { events: ["logo.updated"] });
    const delivery = await sendTest(ep.id);
    expect(delivery).toMatchObject({
      id: expect.stringMatching(/^msg_[0-9a-f]{20}$/),
      status: "pending",
      attempt_count: 0,
      event_type: "webhook.test",
      payload: { type: "webhook.test", data: { domain: "example.com", entity_id: null, object: null, delta: null } },
      attempts: [],
    });
    await h.drain(new Date());
    const [request] = await received(ep.path);
    expect(JSON.parse(request.body)).toEqual(delivery.payload);
    expect(await deliveries(ep.id, "?status=delivered")).toHaveLength(1);
    expect(await deliveries(ep.id, "?status=failed")).toEqual([]);
  });

  it("lists deliveries newest first, paginated; 404 for another account's endpoint; 400 for a bad status", async () => {
    const ep = await endpoint("ok");
    const ids = [(await sendTest(ep.id)).id, (await sendTest(ep.id)).id, (await sendTest(ep.id)).id];
    const first = (await (await h.json("GET", `/webhooks/${ep.id}/deliveries?limit=2`, account.secret)).json()) as { data: Delivery[]; next_cursor: string };
    const second = (await (await h.json("GET", `/webhooks/${ep.id}/deliveries?limit=2&cursor=${first.next_cursor}`, account.secret)).json()) as { data: Delivery[]; next_cursor: null };
    const listed = [...first.data, ...second.data];
    // Every one once; newest first (rows made in the same millisecond fall back on their id).
    expect(listed.map((d) => d.id).sort()).toEqual([...ids].sort());
    const created = listed.map((d) => (d as Delivery & { created_at: string }).created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(second.next_cursor).toBeNull();
    const stranger = await newAccount("pro");
    expect((await h.json("GET", `/webhooks/${ep.id}/deliveries`, stranger.secret)).status).toBe(404);
    expect((await h.json("POST", `/webhooks/${ep.id}/test`, stranger.secret)).status).toBe(404);
    expect((await h.json("GET", `/webhooks/${ep.id}/deliveries?status=lost`, account.secret)).status).toBe(400);
  });
});

describe("at-least-once", () => {
  it("a crash mid-batch loses nothing: the unrecorded message is not acked, and is sent again later", async () => {
    const a = await endpoint("ok");
    const b = await endpoint("ok");
    const [da, db] = [await sendTest(a.id), await sendTest(b.id)];
    const messages = h.webhookQueue.take().map((body) => ({ body, due: Date.now(), attempts: 1 }));
    // D1 fails when the first attempt is being recorded (after the request went out).
    let failed = false;
    const flakyDb = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch" && !failed) {
          failed = true;
          return async () => {
            throw new Error("D1 went away");
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const now = new Date();
    const crashed = await h.consumeOnce(messages, now, {}, { ...h.env, DB: flakyDb } as typeof h.env);
    expect(crashed.acked).toHaveLength(1);
    expect(crashed.retried).toHaveLength(1);
    const lost = crashed.retried[0].deliveryId;
    expect([da.id, db.id]).toContain(lost);
    expect(await countRows("webhook_attempts", "delivery_id = ?", lost)).toBe(0);

    // Redelivered early, it waits out the lease of the consumer that crashed; then it is sent again.
    const early = await h.consumeOnce([{ body: { delivery_id: lost }, due: 0, attempts: 2 }], new Date(now.getTime() + 1000));
    expect(early.retried[0].delaySeconds).toBeGreaterThanOrEqual(55);
    const later = await h.consumeOnce([{ body: { delivery_id: lost }, due: 0, attempts: 3 }], new Date(now.getTime() + 61_000));
    expect(later.acked).toEqual([lost]);
    const path = lost === da.id ? a.path : b.path;
    const requests = await received(path);
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.headers["webhook-id"])).toEqual([lost, lost]);
  });

  it("duplicate wake-ups send one attempt at a time", async () => {
    const ep = await endpoint("ok");
    const { id } = await sendTest(ep.id);
    h.webhookQueue.take();
    const twice = [1, 2].map(() => ({ body: { delivery_id: id }, due: 0, attempts: 1 }));
    const result = await h.consumeOnce(twice, new Date());
    expect(result.acked).toContain(id);
    expect(result.acked.length + result.retried.length).toBe(2); // the other waits out the lease, or finds it done
    expect(await received(ep.path)).toHaveLength(1);
    const after = await h.consumeOnce([twice[0]], new Date(Date.now() + 61_000));
    expect(after).toEqual({ acked: [id], retried: [] });
    expect(await received(ep.path)).toHaveLength(1);
  });

  it("the cron sweeps up a delivery whose wake-up message was lost", async () => {
    // Only this test's delivery is pending (earlier tests leave some behind).
    await env.DB.prepare("UPDATE webhook_deliveries SET status = 'failed' WHERE status = 'pending'").run();
    const ep = await endpoint("ok");
    const { id } = await sendTest(ep.id);
    h.webhookQueue.take(); // the message is lost
    expect(await sweepWebhooks(h.env, new Date(Date.now() + 60_000))).toBe(0); // not overdue yet
    expect(await sweepWebhooks(h.env, new Date(Date.now() + 11 * 60_000))).toBe(1);
    expect(h.webhookQueue.sent).toEqual([{ delivery_id: id }]);
    await h.drain(new Date(Date.now() + 11 * 60_000));
    expect(await received(ep.path)).toHaveLength(1);
  });

  it("the Worker's queue handler takes webhook batches", async () => {
    const ep = await endpoint("ok");
    const { id } = await sendTest(ep.id);
    h.webhookQueue.take();
    const batch = createMessageBatch(WEBHOOK_QUEUE_NAME, [{ id: "w1", timestamp: new Date(), attempts: 1, body: { delivery_id: id } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, h.env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["w1"]);
    expect(await received(ep.path)).toHaveLength(1);
  });
});
