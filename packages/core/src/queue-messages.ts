// What the two queues carry. Both are consumed by the JSON host; every Worker that sends uses these types.

/**
 * Crawl `domain`. With `unless_crawled_after` (an ISO time), the message is the retry of a crawl a request already
 * started: the consumer skips it when a result for the domain landed after that time, so no crawl runs twice.
 */
export type IndexMessage = { domain: string; unless_crawled_after?: string };
export type IndexQueue = Queue<IndexMessage>;

/** Wake one webhook delivery (D1 holds the delivery itself). */
export type WebhookMessage = { delivery_id: string };
export type WebhookQueue = Queue<WebhookMessage>;

export const WEBHOOK_QUEUE_NAME = "brand-webhooks";
