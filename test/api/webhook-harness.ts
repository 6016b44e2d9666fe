// The JSON host with queues a test drives by hand: what the Worker sends to its queues is kept, and the webhook
// consumer runs when the test says, at the time it says (so a retry schedule of hours takes no real time).
import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import type { ProcessOptions } from "@brand/core/webhooks/process";
import worker from "../../workers/api/src/index.ts";
import type { Env } from "../../workers/api/src/env.ts";
import type { WebhookMessage } from "@brand/core/queue-messages";
import { consumeWebhookQueue, WEBHOOK_QUEUE_NAME } from "../../workers/api/src/webhook-queue.ts";
import { bearer } from "../helpers/http.ts";

/** A producer binding that only remembers: nothing reaches a real consumer behind the test's back. */
export class RecordingQueue<T> {
  sent: T[] = [];
  async send(body: T) {
    this.sent.push(body);
  }
  async sendBatch(messages: Iterable<{ body: T }>) {
    for (const { body } of messages) this.sent.push(body);
  }
  /** Everything sent so far, emptying the queue. */
  take(): T[] {
    return this.sent.splice(0);
  }
}

export type Round = { at: Date; acked: string[]; retried: { deliveryId: string; delaySeconds: number }[] };
type Queued = { body: WebhookMessage; due: number; attempts: number };

let messageSeq = 0;

export function harness() {
  const webhookQueue = new RecordingQueue<WebhookMessage>();
  const indexQueue = new RecordingQueue<{ domain: string }>();
  const testEnv = { ...env, WEBHOOK_QUEUE: webhookQueue, INDEX_QUEUE: indexQueue } as unknown as Env;

  async function api(path: string, init: RequestInit = {}): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`https://worker.test${path}`, init), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  /** A JSON call with a key; `body` is sent as JSON. */
  const json = (method: string, path: string, key: string, body?: unknown) =>
    api(path, {
      method,
      headers: { ...bearer(key), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** One consumer run over `messages` at `now`; what it acked and what it asked to retry, and after how long. */
  async function consumeOnce(messages: Queued[], now: Date, options: Omit<ProcessOptions, "policy" | "keys" | "now"> = {}, runEnv = testEnv) {
    const batch = createMessageBatch<WebhookMessage>(
      WEBHOOK_QUEUE_NAME,
      messages.map((m) => ({ id: `m${++messageSeq}`, timestamp: now, attempts: m.attempts, body: m.body })),
    );
    const ctx = createExecutionContext();
    const { observed, delays } = observeRetries(batch);
    await consumeWebhookQueue(observed, runEnv, { ...options, now });
    const result = await getQueueResult(batch, ctx);
    const byId = new Map(batch.messages.map((m) => [m.id, m.body.delivery_id]));
    return {
      acked: result.explicitAcks.map((id) => byId.get(id)!),
      retried: result.retryMessages.map((r) => ({ deliveryId: byId.get(r.msgId)!, delaySeconds: delays.get(r.msgId)! })),
    };
  }

  /**
   * Runs the consumer on everything sent to the webhook queue, then on each retried message when its delay is up,
   * until nothing is left (or `until`). Time is simulated from `start`.
   */
  async function drain(start: Date, options: Omit<ProcessOptions, "policy" | "keys" | "now"> & { until?: Date } = {}): Promise<Round[]> {
    let queued: Queued[] = webhookQueue.take().map((body) => ({ body, due: start.getTime(), attempts: 1 }));
    const rounds: Round[] = [];
    while (queued.length) {
      if (rounds.length >= 100) throw new Error("the queue never drains: a message keeps coming back");
      const due = Math.min(...queued.map((q) => q.due));
      if (options.until && due > options.until.getTime()) break;
      const now = new Date(due);
      const batch = queued.filter((q) => q.due === due);
      queued = queued.filter((q) => q.due !== due);
      const { acked, retried } = await consumeOnce(batch, now, options);
      rounds.push({ at: now, acked, retried });
      for (const r of retried) {
        const attempts = batch.find((q) => q.body.delivery_id === r.deliveryId)!.attempts + 1;
        queued.push({ body: { delivery_id: r.deliveryId }, due: due + r.delaySeconds * 1000, attempts });
      }
      queued.push(...webhookQueue.take().map((body) => ({ body, due, attempts: 1 })));
    }
    return rounds;
  }

  return { env: testEnv, webhookQueue, indexQueue, api, json, consumeOnce, drain };
}

/**
 * The batch as the consumer sees it, noting each retry's `delaySeconds`: the plugin's test messages record that
 * retry() was called (getQueueResult) but not the delay asked for.
 */
function observeRetries(batch: MessageBatch<WebhookMessage>) {
  const delays = new Map<string, number | undefined>();
  const messages = batch.messages.map((m) => ({
    id: m.id,
    timestamp: m.timestamp,
    attempts: m.attempts,
    body: m.body,
    ack: () => m.ack(),
    retry: (options?: QueueRetryOptions) => {
      delays.set(m.id, options?.delaySeconds);
      m.retry(options);
    },
  }));
  const observed = { queue: batch.queue, messages, ackAll: () => batch.ackAll(), retryAll: (o?: QueueRetryOptions) => batch.retryAll(o) };
  return { observed: observed as unknown as MessageBatch<WebhookMessage>, delays };
}

/** A fresh path on the fake receiver (test/fixtures/webhook-receiver.mjs), e.g. `receiverUrl("ok")`. */
export const receiverPath = (behaviour: string) => `/${behaviour}/${crypto.randomUUID()}`;
export const receiverUrl = (path: string) => `https://receiver.test${path}`;

export type Received = { method: string; headers: Record<string, string>; body: string };

/** What the fake receiver got on `path`, in order. */
export async function received(path: string): Promise<Received[]> {
  const response = await fetch(`https://receiver.test/__received?path=${encodeURIComponent(path)}`);
  return response.json();
}
