// Fan-out: one delivery per event and enabled endpoint of every account subscribed to the brand, whose filter takes
// the event's type. The crawler runs this statement in the same D1 batch that records the event, so an event and
// its deliveries are written together or not at all; queue messages only wake the deliveries up (see deliveries.ts
// for the sweep that re-wakes any whose message was lost).
import type { EventType } from "./events.ts";

export type RecordedEvent = { id: string; type: EventType; brandId: string; domain: string; body: string; at: string };

/**
 * Matches subscriptions on any domain that maps to the brand (a brand keeps its id when its domain changes).
 * Delivery ids are made in SQL (`msg_` + 20 hex digits) because one statement creates them all.
 * UNIQUE (endpoint_id, event_id) makes a re-run create nothing twice.
 */
export function fanOutStatement(db: D1Database, event: RecordedEvent): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, payload, status, next_attempt_at, created_at, updated_at)
       SELECT 'msg_' || lower(hex(randomblob(10))), e.id, ?1, ?2, ?3, 'pending', ?4, ?4, ?4
       FROM webhook_endpoints e
       WHERE e.enabled = 1
         AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.account_id = e.account_id
                     AND (s.domain = ?5 OR s.domain IN (SELECT d.domain FROM domains d WHERE d.brand_id = ?6)))
         AND (e.events IS NULL OR EXISTS (SELECT 1 FROM json_each(e.events) j WHERE j.value = ?2))
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
    )
    .bind(event.id, event.type, event.body, event.at, event.domain, event.brandId);
}

/** Deliveries of these events still waiting for their first attempt: the ones to wake up after the batch. */
export async function newDeliveriesOf(db: D1Database, eventIds: string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT id FROM webhook_deliveries WHERE event_id IN (${eventIds.map(() => "?").join(", ")})
       AND status = 'pending' AND attempt_count = 0`,
    )
    .bind(...eventIds)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}
