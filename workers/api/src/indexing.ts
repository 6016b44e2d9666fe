// The indexing queue's consumer and the re-index cron.
import { crawlConfig, runIndexJob } from "@brand/core/crawler/run-index-job";
import { domainsDueForIndexing, markQueued } from "@brand/core/crawler/reindex";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import type { Env } from "./env.ts";
import { wakeEventDeliveries } from "./webhook-queue.ts";

export type IndexMessage = { domain: string };

export async function consumeIndexQueue(batch: MessageBatch<IndexMessage>, env: Env): Promise<void> {
  const config = crawlConfig(env);
  await initWorkerCodecs(); // decoding logos needs the wasm codecs
  for (const message of batch.messages) {
    // runIndexJob records failures itself, so a message is done once it ran; only an unexpected throw retries.
    try {
      const outcome = await runIndexJob(env, message.body.domain, config);
      message.ack();
      if (outcome.eventIds?.length) await wakeEventDeliveries(env, outcome.eventIds);
    } catch (error) {
      console.error(`index job for ${message.body.domain} threw`, error);
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
