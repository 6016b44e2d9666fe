// The events a webhook carries (design §5) and the exact body sent for one: `{id, type, created_at, data}`.
import { z } from "@hono/zod-openapi";
import { newId } from "../ids.ts";

/** What the crawler records (migrations/0003 `events.type`). */
export const EVENT_TYPES = ["brand.indexed", "brand.updated", "logo.updated"] as const;
export const EventType = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventType>;

/** Sent only by `POST /webhooks/{id}/test`, whatever the endpoint's filter; receivers should ignore it. */
export const TEST_EVENT_TYPE = "webhook.test";

const BrandSummary = z.object({
  id: z.string(),
  domain: z.string(),
  name: z.string(),
  description: z.string(),
  colors: z.array(z.string()).openapi({ description: "Hex colours, most prominent first" }),
});

export const EventData = z.object({
  domain: z.string(),
  entity_id: z.string().nullable().openapi({ description: "The brand id (stable when the domain changes)" }),
  object: BrandSummary.nullable().openapi({ description: "The brand after the change" }),
  delta: z
    .record(z.string(), z.object({ old: z.unknown(), new: z.unknown() }))
    .nullable()
    .openapi({ description: "brand.updated and logo.updated: each changed field's old and new value" }),
});
export type EventData = z.infer<typeof EventData>;

export const WebhookEvent = z
  .object({
    id: z.string().openapi({ example: "evt_3VbQ9cXw1m0Lr7TtYk2a" }),
    type: z.enum([...EVENT_TYPES, TEST_EVENT_TYPE]),
    created_at: z.string().openapi({ description: "ISO 8601, when the change was recorded" }),
    data: EventData,
  })
  .openapi("WebhookEvent");
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** The body of every attempt of a delivery: serialised once, stored, and signed as stored. */
export const eventBody = (event: WebhookEvent): string => JSON.stringify(event);

export function testEventBody(now: Date): string {
  return eventBody({
    id: newId("evt"),
    type: TEST_EVENT_TYPE,
    created_at: now.toISOString(),
    data: { domain: "example.com", entity_id: null, object: null, delta: null },
  });
}
