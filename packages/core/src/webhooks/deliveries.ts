// Deliveries as the API shows them (with their logged attempts), test deliveries, replays, and the sweep that
// re-wakes deliveries whose queue message was lost. D1 is the truth about every delivery; queue messages only say
// "look at delivery X now".
import { z } from "@hono/zod-openapi";
import { AppError } from "../errors.ts";
import { TEST_EVENT_TYPE, testEventBody, WebhookEvent } from "./events.ts";
import { afterBinds, afterClause, decodeCursor, toPage, type PageOf } from "../pagination.ts";

export const DeliveryId = z.string().regex(/^msg_[0-9a-f]{20}$/, "not a delivery id");
export const DeliveryStatus = z.enum(["pending", "delivered", "failed"]);

/** Attempts shown per delivery, newest first. */
const ATTEMPTS_SHOWN = 20;
/** A pending delivery this far past due has lost its queue message. */
export const OVERDUE_MS = 10 * 60_000;
const SWEEP_BATCH = 500;

export const DeliveryAttempt = z
  .object({
    attempt: z.number().int(),
    response_status: z.number().int().nullable().openapi({ description: "null when nothing answered" }),
    latency_ms: z.number().int(),
    error: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("DeliveryAttempt");

export const Delivery = z
  .object({
    id: z.string().openapi({ description: "Sent as `webhook-id` on every attempt", example: "msg_5f0c1e9a7b3d2c4e6a8b" }),
    event_id: z.string().nullable(),
    event_type: z.string(),
    status: DeliveryStatus,
    attempt_count: z.number().int(),
    next_attempt_at: z.string().nullable().openapi({ description: "When it is tried next (pending only)" }),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    payload: WebhookEvent,
    attempts: z.array(DeliveryAttempt).openapi({ description: `The latest ${ATTEMPTS_SHOWN} attempts, newest first` }),
  })
  .openapi("Delivery");
export type Delivery = z.infer<typeof Delivery>;

export type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event_id: string | null;
  event_type: string;
  payload: string;
  status: z.infer<typeof DeliveryStatus>;
  attempt_count: number;
  retry_step: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
};
type AttemptRow = z.infer<typeof DeliveryAttempt> & { delivery_id: string };

export async function createTestDelivery(db: D1Database, endpointId: string, now: Date): Promise<string> {
  const at = now.toISOString();
  const row = await db
    .prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at, updated_at)
       VALUES ('msg_' || lower(hex(randomblob(10))), ?1, NULL, ?2, ?3, 'pending', ?4, ?4, ?4) RETURNING id`,
    )
    .bind(endpointId, TEST_EVENT_TYPE, testEventBody(now), at)
    .first<{ id: string }>();
  return row!.id;
}

/** The endpoint's deliveries, newest first; the caller has checked the endpoint is the account's. */
export async function listDeliveries(
  db: D1Database,
  endpointId: string,
  query: { limit: number; cursor?: string; status?: z.infer<typeof DeliveryStatus> },
): Promise<PageOf<Delivery>> {
  const { results } = await db
    .prepare(
      `SELECT * FROM webhook_deliveries w WHERE w.endpoint_id = ?1 AND (?2 IS NULL OR w.status = ?2)
         AND ${afterClause("w", 3)} ORDER BY w.created_at DESC, w.id DESC LIMIT ?5`,
    )
    .bind(endpointId, query.status ?? null, ...afterBinds(decodeCursor(query.cursor)), query.limit + 1)
    .all<DeliveryRow>();
  const page = toPage(results, query.limit, (row) => row);
  const attempts = await attemptsOf(db, page.data.map((d) => d.id));
  return { ...page, data: page.data.map((row) => toDelivery(row, attempts.get(row.id) ?? [])) };
}

export async function getDelivery(db: D1Database, endpointId: string, id: string): Promise<Delivery> {
  const row = await db
    .prepare("SELECT * FROM webhook_deliveries WHERE id = ? AND endpoint_id = ?")
    .bind(id, endpointId)
    .first<DeliveryRow>();
  if (!row) throw new AppError("not_found", `No delivery ${id} for this endpoint.`);
  return toDelivery(row, (await attemptsOf(db, [id])).get(id) ?? []);
}

/**
 * Sends a delivery again, same `webhook-id` and body, on a fresh retry schedule; the caller wakes it up. Also for a
 * delivered one (the receiver lost it) or a pending one (try now).
 */
export async function replayDelivery(db: D1Database, endpointId: string, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const { meta } = await db
    .prepare(
      `UPDATE webhook_deliveries SET status = 'pending', retry_step = 0, next_attempt_at = ?1, delivered_at = NULL,
         updated_at = ?1 WHERE id = ?2 AND endpoint_id = ?3`,
    )
    .bind(at, id, endpointId)
    .run();
  if (meta.changes === 0) throw new AppError("not_found", `No delivery ${id} for this endpoint.`);
}

/** Pending deliveries well past due: their wake-up message was lost (a crash, an expired message). */
export async function overdueDeliveries(db: D1Database, now: Date): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at < ?
       ORDER BY next_attempt_at LIMIT ?`,
    )
    .bind(new Date(now.getTime() - OVERDUE_MS).toISOString(), SWEEP_BATCH)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

async function attemptsOf(db: D1Database, ids: string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (ids.length === 0) return byDelivery;
  const { results } = await db
    .prepare(
      `SELECT delivery_id, attempt, response_status, latency_ms, error, created_at FROM (
         SELECT a.*, ROW_NUMBER() OVER (PARTITION BY a.delivery_id ORDER BY a.attempt DESC) AS n
         FROM webhook_attempts a WHERE a.delivery_id IN (${ids.map(() => "?").join(", ")}))
       WHERE n <= ${ATTEMPTS_SHOWN} ORDER BY delivery_id, attempt DESC`,
    )
    .bind(...ids)
    .all<AttemptRow>();
  for (const row of results) byDelivery.set(row.delivery_id, [...(byDelivery.get(row.delivery_id) ?? []), row]);
  return byDelivery;
}

function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): Delivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    payload: JSON.parse(row.payload) as WebhookEvent,
    attempts: attempts.map(({ delivery_id: _, ...attempt }) => attempt),
  };
}
