// Webhook endpoints: where an account's events go, with the secret that signs them. The secret is returned only by
// the calls that make one (create, rotate), from the value in hand; it is stored sealed (secret-box.ts) and opened
// only to sign. A rotated-out secret keeps signing beside the new one for 24 hours.
import { z } from "@hono/zod-openapi";
import { dnsConfig, resolveHost } from "../crawler/resolve.ts";
import { checkWebhookTarget, type WebhookTargetPolicy } from "../crawler/target.ts";
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import { EVENT_TYPES, EventType } from "./events.ts";
import { afterBinds, afterClause, decodeCursor, toPage, type PageOf } from "../pagination.ts";
import { sealSecret, type SecretKeyring } from "./secret-box.ts";
import { generateSecret } from "./sign.ts";

/** How long a rotated-out secret still signs, so receivers can switch over without dropping events. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export const EndpointId = z.string().regex(/^wh_[0-9A-Za-z]{20}$/, "not a webhook endpoint id");

export const WebhookEndpoint = z
  .object({
    id: z.string().openapi({ example: "wh_7sKd0PqLm3Xv9RtB2nYc" }),
    url: z.string().url(),
    description: z.string(),
    events: z.array(EventType).nullable().openapi({ description: "Event types sent here; null = every type" }),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().openapi({ description: "Why it was disabled (410 Gone, 3 days failing, you)" }),
    previous_secret_expires_at: z
      .string()
      .nullable()
      .openapi({ description: "After a rotation: until then the old secret signs too" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("WebhookEndpoint");
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().openapi({ description: "Signing secret (whsec_…). Shown this once: store it now" }),
}).openapi("WebhookEndpointWithSecret");

const Url = z.string().max(2048, "url must be at most 2048 characters").openapi({ example: "https://example.com/hooks/brands" });
const Description = z.string().max(500, "description must be at most 500 characters");
const Events = z
  .array(EventType)
  .min(1, "events must name at least one event type; leave it out for every type")
  .max(20, "events must list at most 20 entries")
  .openapi({ description: `Any of ${EVENT_TYPES.join(", ")}; duplicates are dropped` });

export const CreateEndpointInput = z.strictObject({ url: Url, description: Description.optional(), events: Events.optional() });
export type CreateEndpointInput = z.infer<typeof CreateEndpointInput>;

export const UpdateEndpointInput = z
  .strictObject({
    url: Url.optional(),
    description: Description.optional(),
    events: Events.nullable().optional().openapi({ description: "null = every type" }),
    enabled: z.boolean().optional().openapi({ description: "true re-enables a disabled endpoint" }),
  })
  .refine((input) => Object.keys(input).length > 0, "send at least one of url, description, events, enabled");
export type UpdateEndpointInput = z.infer<typeof UpdateEndpointInput>;

/** A stored endpoint, secrets included: never returned as is. */
export type EndpointRow = {
  id: string;
  account_id: string;
  url: string;
  description: string;
  events: string | null;
  enabled: 0 | 1;
  disabled_reason: string | null;
  /** Sealed (`v1.…`, secret-box.ts); or, in a row the cron has not resealed yet, as issued (`whsec_…`). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  failing_since: string | null;
  created_at: string;
  updated_at: string;
};

/** The SSRF policy from a Worker's env: loopback only in local development, `.test` only with the crawl proxy. */
export const targetPolicy = (env: { WEBHOOK_ALLOW_LOOPBACK?: string; CRAWL_PROXY?: string; DNS_RESOLVER_URL?: string }): WebhookTargetPolicy => ({
  loopback: Boolean(env.WEBHOOK_ALLOW_LOOPBACK),
  testHosts: Boolean(env.CRAWL_PROXY),
  dns: dnsConfig(env),
});

/**
 * The URL as saved, or a 400. A host that resolves to a private address is refused now, with the reason; one that
 * cannot be resolved at the moment (offline development, a resolver hiccup, a name not live yet) is saved: every
 * delivery resolves it again and is refused while it does not resolve publicly.
 */
export async function assertWebhookUrl(url: string, policy: WebhookTargetPolicy): Promise<string> {
  const check = checkWebhookTarget(url, policy);
  if (!check.ok) throw new AppError("bad_request", `url: ${check.reason}.`);
  if (!check.loopback) {
    const resolved = await resolveHost(check.url.hostname, policy.dns);
    if (resolved.verdict === "private") throw new AppError("bad_request", `url: ${resolved.reason}.`);
  }
  return check.url.toString();
}

export const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events === null ? null : (JSON.parse(row.events) as EventType[]),
  enabled: row.enabled === 1,
  disabled_reason: row.disabled_reason,
  previous_secret_expires_at: row.previous_secret_expires_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const eventsColumn = (events: EventType[] | null | undefined) => (events ? JSON.stringify([...new Set(events)]) : null);

export async function createEndpoint(
  db: D1Database,
  accountId: string,
  input: CreateEndpointInput,
  policy: WebhookTargetPolicy,
  keys: SecretKeyring,
  now: Date,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const url = await assertWebhookUrl(input.url, policy);
  const id = newId("wh");
  const secret = generateSecret();
  const sealed = await sealSecret(keys, id, secret);
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO webhook_endpoints (id, account_id, url, description, events, secret, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)`,
    )
    .bind(id, accountId, url, input.description ?? "", eventsColumn(input.events), sealed, at)
    .run();
  return { endpoint: toEndpoint(await endpointRow(db, accountId, id)), secret };
}

/** The account's endpoint; 404 for one that is unknown or another account's. */
export async function endpointRow(db: D1Database, accountId: string, id: string): Promise<EndpointRow> {
  const row = await db
    .prepare("SELECT * FROM webhook_endpoints WHERE id = ? AND account_id = ?")
    .bind(id, accountId)
    .first<EndpointRow>();
  if (!row) throw new AppError("not_found", `No webhook endpoint ${id}.`);
  return row;
}

export async function listEndpoints(
  db: D1Database,
  accountId: string,
  limit: number,
  cursor: string | undefined,
): Promise<PageOf<WebhookEndpoint>> {
  const { results } = await db
    .prepare(
      `SELECT * FROM webhook_endpoints e WHERE e.account_id = ?1 AND ${afterClause("e", 2)}
       ORDER BY e.created_at DESC, e.id DESC LIMIT ?4`,
    )
    .bind(accountId, ...afterBinds(decodeCursor(cursor)), limit + 1)
    .all<EndpointRow>();
  return toPage(results, limit, toEndpoint);
}

export async function updateEndpoint(
  db: D1Database,
  accountId: string,
  id: string,
  input: UpdateEndpointInput,
  policy: WebhookTargetPolicy,
  now: Date,
): Promise<WebhookEndpoint> {
  const row = await endpointRow(db, accountId, id);
  const url = input.url === undefined ? row.url : await assertWebhookUrl(input.url, policy);
  const events = input.events === undefined ? row.events : eventsColumn(input.events);
  const enabled = input.enabled === undefined ? row.enabled : input.enabled ? 1 : 0;
  // Re-enabling starts afresh; disabling by hand says so.
  const reason = enabled === 1 ? null : input.enabled === false ? "disabled through the API" : row.disabled_reason;
  const failingSince = enabled === 1 && row.enabled === 0 ? null : row.failing_since;
  await db
    .prepare(
      `UPDATE webhook_endpoints SET url = ?1, description = ?2, events = ?3, enabled = ?4, disabled_reason = ?5,
         failing_since = ?6, updated_at = ?7 WHERE id = ?8 AND account_id = ?9`,
    )
    .bind(url, input.description ?? row.description, events, enabled, reason, failingSince, now.toISOString(), id, accountId)
    .run();
  return toEndpoint(await endpointRow(db, accountId, id));
}

export async function deleteEndpoint(db: D1Database, accountId: string, id: string): Promise<void> {
  const { meta } = await db.prepare("DELETE FROM webhook_endpoints WHERE id = ? AND account_id = ?").bind(id, accountId).run();
  if (meta.changes === 0) throw new AppError("not_found", `No webhook endpoint ${id}.`);
}

/**
 * A new secret, shown once; the one it replaces keeps signing for 24 hours (an older one stops at once). The replaced
 * one moves to `previous_secret` as stored: it was sealed for this same endpoint, so it opens there as well.
 */
export async function rotateSecret(
  db: D1Database,
  accountId: string,
  id: string,
  keys: SecretKeyring,
  now: Date,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  await endpointRow(db, accountId, id);
  const secret = generateSecret();
  const sealed = await sealSecret(keys, id, secret);
  await db
    .prepare(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_expires_at = ?1, secret = ?2, updated_at = ?3
       WHERE id = ?4 AND account_id = ?5`,
    )
    .bind(new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString(), sealed, now.toISOString(), id, accountId)
    .run();
  return { endpoint: toEndpoint(await endpointRow(db, accountId, id)), secret };
}

/** The stored secrets that sign an attempt made at `now`: the current one, then the previous one while it overlaps. */
export function signingSecrets(row: Pick<EndpointRow, "secret" | "previous_secret" | "previous_secret_expires_at">, now: Date): string[] {
  const previousValid =
    row.previous_secret !== null &&
    row.previous_secret_expires_at !== null &&
    Date.parse(row.previous_secret_expires_at) > now.getTime();
  return previousValid ? [row.secret, row.previous_secret!] : [row.secret];
}
