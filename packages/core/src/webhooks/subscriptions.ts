// Subscriptions: the brands (by domain) whose events an account's webhook endpoints receive. One per account and
// domain; the daily re-crawl follows them (crawler/reindex.ts).
import { z } from "@hono/zod-openapi";
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import { afterBinds, afterClause, decodeCursor, toPage, type PageOf } from "../pagination.ts";

export const SubscriptionId = z.string().regex(/^sub_[0-9A-Za-z]{20}$/, "not a subscription id");

export const Subscription = z
  .object({
    id: z.string().openapi({ example: "sub_4kQ0m2Hx9TzV1bNc7ErLw" }),
    domain: z.string().openapi({ example: "stripe.com" }),
    entity_id: z
      .string()
      .nullable()
      .openapi({ description: "The brand id once the domain is indexed; null until then" }),
    created_at: z.string(),
  })
  .openapi("Subscription");
export type Subscription = z.infer<typeof Subscription>;

// entity_id is read through `domains`, so a subscription made before indexing shows its brand once there is one.
const SELECT = `SELECT s.id, s.domain, d.brand_id AS entity_id, s.created_at
  FROM subscriptions s LEFT JOIN domains d ON d.domain = s.domain`;

/** The account's subscription to `domain`, made now unless it exists; `created` tells which. */
export async function subscribe(
  db: D1Database,
  accountId: string,
  domain: string,
  now: Date,
): Promise<{ subscription: Subscription; created: boolean }> {
  const { meta } = await db
    .prepare(
      `INSERT INTO subscriptions (id, account_id, domain, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, domain) DO NOTHING`,
    )
    .bind(newId("sub"), accountId, domain, now.toISOString())
    .run();
  const subscription = await db
    .prepare(`${SELECT} WHERE s.account_id = ? AND s.domain = ?`)
    .bind(accountId, domain)
    .first<Subscription>();
  return { subscription: subscription!, created: meta.changes > 0 };
}

export async function listSubscriptions(
  db: D1Database,
  accountId: string,
  limit: number,
  cursor: string | undefined,
): Promise<PageOf<Subscription>> {
  const { results } = await db
    .prepare(`${SELECT} WHERE s.account_id = ?1 AND ${afterClause("s", 2)} ORDER BY s.created_at DESC, s.id DESC LIMIT ?4`)
    .bind(accountId, ...afterBinds(decodeCursor(cursor)), limit + 1)
    .all<Subscription>();
  return toPage(results, limit, (row) => row);
}

/** Throws 404 for an id that is unknown or another account's (the two are indistinguishable on purpose). */
export async function unsubscribe(db: D1Database, accountId: string, id: string): Promise<void> {
  const { meta } = await db.prepare("DELETE FROM subscriptions WHERE id = ? AND account_id = ?").bind(id, accountId).run();
  if (meta.changes === 0) throw new AppError("not_found", `No subscription ${id}.`);
}
