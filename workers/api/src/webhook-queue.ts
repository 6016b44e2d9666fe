// The webhook queue: wake-up messages for deliveries (D1 holds the deliveries themselves), its consumer, and the
// cron's sweep that wakes up deliveries whose message was lost.
import { overdueDeliveries } from "@brand/core/webhooks/deliveries";
import { targetPolicy } from "@brand/core/webhooks/endpoints";
import { newDeliveriesOf } from "@brand/core/webhooks/fan-out";
import { processDelivery, type ProcessOptions } from "@brand/core/webhooks/process";
import { secretKeyring } from "@brand/core/webhooks/secret-box";
import { WEBHOOK_QUEUE_NAME, type WebhookMessage, type WebhookQueue } from "@brand/core/queue-messages";
import type { Env } from "./env.ts";

export { WEBHOOK_QUEUE_NAME };

/** A retry after the consumer itself failed (D1 unavailable, a bug): soon, the lease keeps it from doubling up. */
const ERROR_RETRY_S = 30;

/**
 * Each message is acked only after its attempt is recorded in D1, or retried at the delay the schedule chose; a
 * crash mid-batch leaves the rest unacked, and the queue delivers them again.
 */
export async function consumeWebhookQueue(
  batch: MessageBatch<WebhookMessage>,
  env: Pick<Env, "DB" | "WEBHOOK_ALLOW_LOOPBACK" | "CRAWL_PROXY" | "DNS_RESOLVER_URL" | "WEBHOOK_SECRET_KEYS">,
  options: Omit<ProcessOptions, "policy" | "keys"> = {},
): Promise<void> {
  const policy = targetPolicy(env);
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        // Inside the try: a malformed WEBHOOK_SECRET_KEYS is logged (named, not shown) and the message comes back
        // later, with no attempt recorded against the receiver.
        const keys = await secretKeyring(env.WEBHOOK_SECRET_KEYS);
        const outcome = await processDelivery(env.DB, message.body.delivery_id, { ...options, policy, keys });
        if (outcome.action === "retry") message.retry({ delaySeconds: outcome.retryIn });
        else message.ack();
      } catch (error) {
        // The delivery id only: URLs and payloads stay out of logs (a URL can carry a receiver's token).
        console.error(`webhook delivery ${message.body.delivery_id} could not be processed:`, error instanceof Error ? error.message : error);
        message.retry({ delaySeconds: ERROR_RETRY_S });
      }
    }),
  );
}

export async function wakeDeliveries(queue: WebhookQueue, ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 100) {
    await queue.sendBatch(ids.slice(i, i + 100).map((id) => ({ body: { delivery_id: id } })));
  }
}

/** After a crawl: wake the deliveries its events created. A failure here is logged; the sweep catches them. */
export async function wakeEventDeliveries(env: Pick<Env, "DB" | "WEBHOOK_QUEUE">, eventIds: string[]): Promise<void> {
  try {
    await wakeDeliveries(env.WEBHOOK_QUEUE, await newDeliveriesOf(env.DB, eventIds));
  } catch (error) {
    console.error("waking webhook deliveries failed; the cron will sweep them up:", error instanceof Error ? error.message : error);
  }
}

/** The cron's share: deliveries pending well past their due time lost their message; send them another. */
export async function sweepWebhooks(env: Pick<Env, "DB" | "WEBHOOK_QUEUE">, now = new Date()): Promise<number> {
  const ids = await overdueDeliveries(env.DB, now);
  await wakeDeliveries(env.WEBHOOK_QUEUE, ids);
  return ids.length;
}
