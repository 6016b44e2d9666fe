// Indexing on the JSON host: the crawl a first request starts (in its waitUntil, so a retry a second later finds the
// brand), the queue consumer (other hosts' requests, the cron, and the retry of a crawl cut short) and the re-index cron.
import type { StartIndexing } from "@brand/core/brands/request-indexing";
import { crawledAfter, domainsDueForIndexing, markQueued } from "@brand/core/crawler/reindex";
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import type { IndexMessage } from "@brand/core/queue-messages";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import type { Context } from "hono";
import type { AppEnv, Env } from "./env.ts";
import { wakeEventDeliveries } from "./webhook-queue.ts";

/**
 * The queue message that backs up a crawl started in a request: it waits longer than a crawl may take (the crawl's
 * time budget is 10 s; waitUntil work is cut 30 s after the response), so it only crawls when that crawl never landed.
 */
export const RETRY_DELAY_S = 60;

/** Crawls started by requests in this isolate and not yet finished. */
const running = new Set<Promise<unknown>>();

/**
 * Starts the crawl now, after the response is sent, with a delayed queue message as its retry: the brand is there
 * for a retry a second later, with no queue batch to wait for. Both run in the request's waitUntil, so the answer
 * waits for neither; should the isolate die before the message is sent, the hourly cron finds the claim with no
 * result (a lost job) and queues it.
 */
export const crawlInRequest =
  (c: Context<AppEnv>, claimedAt: Date): StartIndexing =>
  async (domain) => {
    const retry = c.env.INDEX_QUEUE.send({ domain, unless_crawled_after: claimedAt.toISOString() }, { delaySeconds: RETRY_DELAY_S });
    const crawl = indexNow(c.env, domain).finally(() => running.delete(crawl));
    running.add(crawl);
    c.executionCtx.waitUntil(Promise.all([retry, crawl]));
  };

/** Resolves once every crawl this isolate's requests started has finished (tests wait for the background work). */
export async function crawlsSettled(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

async function indexNow(env: Env, domain: string): Promise<void> {
  await initWorkerCodecs(); // decoding logos needs the wasm codecs
  const outcome = await runIndexJob(env, domain, crawlConfig(env));
  if (outcome.eventIds?.length) await wakeEventDeliveries(env, outcome.eventIds);
}

export async function consumeIndexQueue(batch: MessageBatch<IndexMessage>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const { domain, unless_crawled_after: after } = message.body;
    // runIndexJob records failures itself, so a message is done once it ran; only an unexpected throw retries.
    try {
      if (!after || !(await crawledAfter(env.DB, domain, after))) await indexNow(env, domain);
      message.ack();
    } catch (error) {
      console.error(`index job for ${domain} threw`, error);
      message.retry({ delaySeconds: 60 });
    }
  }
}

export async function reindexDue(env: Env, now = new Date()): Promise<number> {
  const domains = await domainsDueForIndexing(env.DB, now);
  // Stamp them first, so the next run does not queue the same domains again while these are in flight.
  for (let i = 0; i < domains.length; i += 50) {
    const chunk = domains.slice(i, i + 50);
    await env.DB.batch(markQueued(env.DB, chunk, now));
    await env.INDEX_QUEUE.sendBatch(chunk.map((domain) => ({ body: { domain } })));
  }
  return domains.length;
}
