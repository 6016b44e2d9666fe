// Turns a presented key into the account it belongs to, with the spec's 401/403 rules for each host.
import { AppError } from "../errors.ts";
import type { PlanName } from "../billing/plans.ts";
import { hashKey, KEY_FORMATS, looksLikeKey, type KeyKind } from "./keys.ts";
import { referrerAllowed } from "./referrers.ts";
import { utcMonth } from "../time.ts";
import { TtlCache } from "../ttl-cache.ts";

export type Principal = {
  accountId: string;
  keyId: string;
  plan: PlanName;
  beta: boolean;
  betaDailyLimit: number;
  referrers: string[];
  /** Image and JSON requests already counted this month (for the pool rule). */
  requestsThisPeriod: number;
};

const KIND_NAMES: Record<KeyKind, string> = {
  publishable: "publishable key (pk_…)",
  secret: "secret key (sk_…)",
  beta: "beta key (tx_beta_…)",
};

const HOW_TO_SEND: Record<KeyKind, string> = {
  publishable: "Add your publishable key as the `token` query parameter.",
  secret: "Send your secret key as `Authorization: Bearer sk_…`.",
  beta: "Send your beta key as `Authorization: Bearer tx_beta_…`.",
};

/**
 * How long an isolate trusts what it read about a key (its account, plan and entitlements): a revoked or rotated key,
 * or a changed plan, takes effect on every host within this bound. A change made through auth/accounts.ts is seen at
 * once by the isolate that made it (`forgetCachedKeys`). Unknown keys are remembered too, so a flood of made-up keys
 * costs D1 one read per key and isolate.
 */
export const KEY_CACHE_MS = 10_000;
/** Keyed by the plain key: hashing it on every request would cost a warm request more than the lookup it saves. */
const principals = new TtlCache<string, Principal | null>(KEY_CACHE_MS, 10_000);

/**
 * Resolves `key` (possibly missing) for a host that takes keys of `kind`. Throws 401 for a missing, malformed,
 * wrong-kind, unknown or revoked key; the caller applies referrer and entitlement rules on the result. A warm isolate
 * answers from its cache (KEY_CACHE_MS) without a trip to D1.
 */
export async function authenticate(
  db: D1Database,
  kind: KeyKind,
  key: string | undefined | null,
  now: Date,
): Promise<Principal> {
  if (key === null || key === undefined) throw new AppError("unauthorized", `Missing key. ${HOW_TO_SEND[kind]}`);
  const cacheKey = `${kind} ${key}`;
  // A key the isolate knows was well formed when it was first read: its shape is checked on a miss only.
  let principal = principals.peek(cacheKey, now.getTime());
  if (principal === undefined) {
    assertKeyShape(kind, key);
    principal = await principals.through(cacheKey, async () => findPrincipal(db, kind, await hashKey(key), now), undefined, now.getTime());
  }
  if (!principal) throw new AppError("unauthorized", "Unknown or revoked key. Copy the current key from your dashboard.");
  return principal;
}

/** Drops this isolate's cached keys: after a key or account change, so the next request reads D1 again. */
export const forgetCachedKeys = () => principals.clear();

function assertKeyShape(kind: KeyKind, key: string): void {
  if (looksLikeKey(kind, key)) return;
  const other = (Object.keys(KEY_FORMATS) as KeyKind[]).find((k) => k !== kind && looksLikeKey(k, key));
  throw new AppError(
    "unauthorized",
    other
      ? `A ${KIND_NAMES[other]} does not open this host; use your ${KIND_NAMES[kind]}.`
      : `Malformed key: expected a ${KIND_NAMES[kind]}. ${HOW_TO_SEND[kind]}`,
  );
}

async function findPrincipal(db: D1Database, kind: KeyKind, hash: string, now: Date): Promise<Principal | null> {
  const row = await db
    .prepare(
      `SELECT k.id AS key_id, k.account_id, k.referrers, a.plan, a.beta, a.beta_daily_limit,
         (SELECT COALESCE(SUM(u.count), 0) FROM usage_daily u WHERE u.account_id = a.id AND u.day LIKE ?3) AS used
       FROM api_keys k JOIN accounts a ON a.id = k.account_id
       WHERE k.hash = ?1 AND k.kind = ?2 AND k.revoked_at IS NULL`,
    )
    .bind(hash, kind, `${utcMonth(now)}-%`)
    .first<{
      key_id: string;
      account_id: string;
      referrers: string;
      plan: PlanName;
      beta: number;
      beta_daily_limit: number;
      used: number;
    }>();
  if (!row) return null;
  return {
    accountId: row.account_id,
    keyId: row.key_id,
    plan: row.plan,
    beta: row.beta === 1,
    betaDailyLimit: row.beta_daily_limit,
    referrers: JSON.parse(row.referrers) as string[],
    requestsThisPeriod: row.used,
  };
}

/** Publishable keys with a referrer list only work from those hosts (design §3). */
export function assertReferrer(principal: Principal, headers: Headers): void {
  if (!referrerAllowed(principal.referrers, () => headers.get("origin") ?? headers.get("referer"))) {
    throw new AppError("unauthorized", "This key is restricted to other referrers; add this site in your dashboard.");
  }
}

/**
 * Reads `Authorization: Bearer <key>`; the beta host also takes the bare key (design §3). Null when the header is
 * absent; "" when it is present in another form, which `authenticate` reports as malformed.
 */
export function bearerKey(headers: Headers, { allowBare }: { allowBare: boolean }): string | null {
  const value = headers.get("authorization")?.trim();
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1];
  return allowBare && !/\s/.test(value) ? value : "";
}
