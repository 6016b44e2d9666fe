// What the queue consumer does with one wake-up message: claim the delivery, attempt it, record the attempt and the
// next step in one D1 batch, and say whether to ack the message or retry it later. Because D1 holds the truth, a
// duplicate or early message is harmless: the claim lets one attempt through at a time and retries the rest.
import type { WebhookTargetPolicy } from "../crawler/target.ts";
import { attemptDelivery, type AttemptResult } from "./deliver.ts";
import type { DeliveryRow } from "./deliveries.ts";
import { signingSecrets, type EndpointRow } from "./endpoints.ts";
import { failingTooLong, MAX_QUEUE_DELAY_S, retryDelaySeconds } from "./schedule.ts";
import { openSecret, UnreadableSecretError, type SecretKeyring } from "./secret-box.ts";

/** How long a claimed delivery is reserved for the consumer sending it: longer than an attempt and its bookkeeping. */
export const LEASE_MS = 60_000;
/** A message may arrive a little before its delivery is due. */
const EARLY_SLACK_MS = 2_000;

export type ProcessOptions = {
  policy: WebhookTargetPolicy;
  /** Opens the endpoint's sealed secrets to sign the attempt. */
  keys: SecretKeyring;
  now?: Date;
  random?: () => number;
  timeoutMs?: number;
};

/** Ack the message, or have it come back in `retryIn` seconds. */
export type ProcessOutcome = { action: "ack" } | { action: "retry"; retryIn: number };

export async function processDelivery(db: D1Database, deliveryId: string, options: ProcessOptions): Promise<ProcessOutcome> {
  const now = options.now ?? new Date();
  const delivery = await claim(db, deliveryId, now);
  if (!delivery) return unclaimed(db, deliveryId, now);
  const endpoint = await db.prepare("SELECT * FROM webhook_endpoints WHERE id = ?").bind(delivery.endpoint_id).first<EndpointRow>();
  if (!endpoint) return { action: "ack" }; // deleted meanwhile (its deliveries went with it)
  if (endpoint.enabled !== 1) {
    await failPending(db, delivery.id, now);
    return { action: "ack" };
  }
  const attempt = await signAndAttempt(delivery, endpoint, options, now);
  const next = decide(delivery, endpoint, attempt, now, options.random);
  await db.batch(recordStatements(db, delivery, endpoint, attempt, next, now));
  return next.retryIn === null ? { action: "ack" } : { action: "retry", retryIn: next.retryIn };
}

/**
 * The attempt, signed with the endpoint's secrets opened just for it. A secret that does not open (its key was dropped
 * from WEBHOOK_SECRET_KEYS, a ciphertext copied from another row) fails the attempt like a refused target: recorded,
 * retried on the schedule (a restored key lets a retry through), and nothing sent unsigned.
 */
async function signAndAttempt(delivery: DeliveryRow, endpoint: EndpointRow, options: ProcessOptions, now: Date): Promise<AttemptResult> {
  let secrets: string[];
  try {
    secrets = await Promise.all(signingSecrets(endpoint, now).map((stored) => openSecret(options.keys, endpoint.id, stored)));
  } catch (error) {
    if (!(error instanceof UnreadableSecretError)) throw error;
    return { status: null, latencyMs: 0, error: `not sent: ${error.message}` };
  }
  return attemptDelivery({
    url: endpoint.url,
    deliveryId: delivery.id,
    body: delivery.payload,
    secrets,
    now,
    policy: options.policy,
    timeoutMs: options.timeoutMs,
  });
}

/** Reserves a due, pending delivery for this consumer by moving its due time to the end of a lease. */
async function claim(db: D1Database, id: string, now: Date): Promise<DeliveryRow | null> {
  return db
    .prepare(
      `UPDATE webhook_deliveries SET next_attempt_at = ?1, updated_at = ?2
       WHERE id = ?3 AND status = 'pending' AND next_attempt_at <= ?4 RETURNING *`,
    )
    .bind(new Date(now.getTime() + LEASE_MS).toISOString(), now.toISOString(), id, new Date(now.getTime() + EARLY_SLACK_MS).toISOString())
    .first<DeliveryRow>();
}

/** Not claimable: finished or gone (ack), or not due yet / leased by another consumer (come back when it is due). */
async function unclaimed(db: D1Database, id: string, now: Date): Promise<ProcessOutcome> {
  const row = await db
    .prepare("SELECT status, next_attempt_at FROM webhook_deliveries WHERE id = ?")
    .bind(id)
    .first<Pick<DeliveryRow, "status" | "next_attempt_at">>();
  if (!row || row.status !== "pending" || !row.next_attempt_at) return { action: "ack" };
  const seconds = Math.ceil((Date.parse(row.next_attempt_at) - now.getTime()) / 1000);
  return { action: "retry", retryIn: Math.min(Math.max(seconds, 1), MAX_QUEUE_DELAY_S) };
}

type Next = {
  status: DeliveryRow["status"];
  retryIn: number | null;
  /** Set when the endpoint is disabled by this attempt. */
  disable: string | null;
};

function decide(delivery: DeliveryRow, endpoint: EndpointRow, attempt: AttemptResult, now: Date, random?: () => number): Next {
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  if (ok) return { status: "delivered", retryIn: null, disable: null };
  if (attempt.status === 410) return { status: "failed", retryIn: null, disable: "the receiver answered 410 Gone" };
  if (failingTooLong(endpoint.failing_since, now)) {
    return { status: "failed", retryIn: null, disable: `every attempt failed since ${endpoint.failing_since} (3 days)` };
  }
  const retryIn = retryDelaySeconds(delivery.retry_step + 1, random);
  return { status: retryIn === null ? "failed" : "pending", retryIn, disable: null };
}

function recordStatements(
  db: D1Database,
  delivery: DeliveryRow,
  endpoint: EndpointRow,
  attempt: AttemptResult,
  next: Next,
  now: Date,
): D1PreparedStatement[] {
  const at = now.toISOString();
  const nextAt = next.retryIn === null ? null : new Date(now.getTime() + next.retryIn * 1000).toISOString();
  const statements = [
    db
      .prepare(
        `INSERT INTO webhook_attempts (delivery_id, attempt, response_status, latency_ms, error, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .bind(delivery.id, delivery.attempt_count + 1, attempt.status, attempt.latencyMs, attempt.error, at),
    db
      .prepare(
        `UPDATE webhook_deliveries SET status = ?1, attempt_count = attempt_count + 1, retry_step = retry_step + 1,
           next_attempt_at = ?2, delivered_at = CASE WHEN ?1 = 'delivered' THEN ?3 ELSE delivered_at END, updated_at = ?3
         WHERE id = ?4`,
      )
      .bind(next.status, nextAt, at, delivery.id),
    next.status === "delivered"
      ? db.prepare("UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?").bind(endpoint.id)
      : db.prepare("UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, ?) WHERE id = ?").bind(at, endpoint.id),
  ];
  if (next.disable) statements.push(...disableStatements(db, endpoint.id, next.disable, at));
  return statements;
}

/** Disables the endpoint and ends its other pending deliveries (a replay can send them once it is enabled again). */
function disableStatements(db: D1Database, endpointId: string, reason: string, at: string): D1PreparedStatement[] {
  return [
    db
      .prepare("UPDATE webhook_endpoints SET enabled = 0, disabled_reason = ?, updated_at = ? WHERE id = ?")
      .bind(reason, at, endpointId),
    db
      .prepare("UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = ? WHERE endpoint_id = ? AND status = 'pending'")
      .bind(at, endpointId),
  ];
}

async function failPending(db: D1Database, id: string, now: Date): Promise<void> {
  await db
    .prepare("UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = ? WHERE id = ? AND status = 'pending'")
    .bind(now.toISOString(), id)
    .run();
}
