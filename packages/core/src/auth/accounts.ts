// Accounts and their keys. Plain keys exist only in the return value of the call that creates them.
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import { applyMonthlyGrant } from "../billing/credits.ts";
import { DEFAULT_BETA_DAILY_LIMIT, type PlanName } from "../billing/plans.ts";
import { forgetCachedKeys } from "./authenticate.ts";
import { displayPrefix, generateKey, hashKey, type KeyKind } from "./keys.ts";
import { afterBinds, afterClause, decodeCursor, toPage, type PageOf } from "../pagination.ts";

export type AccountRow = {
  id: string;
  name: string | null;
  plan: PlanName;
  beta: 0 | 1;
  beta_daily_limit: number;
  credits: number;
  credits_period: string;
  created_at: string;
};

export type KeyRow = {
  id: string;
  kind: KeyKind;
  prefix: string;
  referrers: string[];
  created_at: string;
  revoked_at: string | null;
  /** Accurate to auth/key-use.ts KEY_USE_STAMP_MS; null before the first counted use. */
  last_used_at: string | null;
};

export async function createAccount(
  db: D1Database,
  input: { plan: PlanName; name?: string; beta?: boolean },
  now: Date,
): Promise<{ account: AccountRow; keys: Record<KeyKind, string> }> {
  const id = newId("acc");
  const keys = { publishable: generateKey("publishable"), secret: generateKey("secret"), beta: generateKey("beta") };
  // Stamp an empty period so the first grant below applies.
  const statements = [
    db
      .prepare(
        `INSERT INTO accounts (id, name, plan, beta, beta_daily_limit, credits, credits_period, created_at)
         VALUES (?, ?, ?, ?, ?, 0, '', ?)`,
      )
      .bind(id, input.name ?? null, input.plan, input.beta ? 1 : 0, DEFAULT_BETA_DAILY_LIMIT, now.toISOString()),
  ];
  for (const [kind, key] of Object.entries(keys) as [KeyKind, string][]) {
    statements.push(await insertKeyStatement(db, id, kind, key, now));
  }
  await db.batch(statements);
  await applyMonthlyGrant(db, id, input.plan, now);
  return { account: await getAccount(db, id), keys };
}

async function insertKeyStatement(db: D1Database, accountId: string, kind: KeyKind, key: string, now: Date) {
  return db
    .prepare("INSERT INTO api_keys (id, account_id, kind, hash, prefix, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(newId("key"), accountId, kind, await hashKey(key), displayPrefix(key, kind), now.toISOString());
}

export async function getAccount(db: D1Database, accountId: string): Promise<AccountRow> {
  const row = await db.prepare("SELECT * FROM accounts WHERE id = ?").bind(accountId).first<AccountRow>();
  if (!row) throw new AppError("not_found", `No account ${accountId}.`);
  return row;
}

/** Issues a new key of this kind and revokes the account's older ones in the same transaction. */
export async function rotateKey(db: D1Database, accountId: string, kind: KeyKind, now: Date): Promise<string> {
  await getAccount(db, accountId);
  const key = generateKey(kind);
  // Carry the publishable key's referrer list over to its replacement.
  const referrers = await db
    .prepare(
      "SELECT referrers FROM api_keys WHERE account_id = ? AND kind = ? AND revoked_at IS NULL ORDER BY created_at DESC",
    )
    .bind(accountId, kind)
    .first<string>("referrers");
  const hash = await hashKey(key);
  await db.batch([
    db
      .prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND kind = ? AND revoked_at IS NULL")
      .bind(now.toISOString(), accountId, kind),
    db
      .prepare(
        "INSERT INTO api_keys (id, account_id, kind, hash, prefix, referrers, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(newId("key"), accountId, kind, hash, displayPrefix(key, kind), referrers ?? "[]", now.toISOString()),
  ]);
  forgetCachedKeys();
  return key;
}

export async function revokeKey(db: D1Database, accountId: string, keyId: string, now: Date): Promise<void> {
  const { meta } = await db
    .prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL")
    .bind(now.toISOString(), keyId, accountId)
    .run();
  forgetCachedKeys();
  if (meta.changes === 0) throw new AppError("not_found", `No active key ${keyId} on account ${accountId}.`);
}

export type AccountSummary = Pick<AccountRow, "id" | "name" | "plan" | "beta" | "credits" | "created_at">;

/** Every account, newest first, a page at a time (pagination.ts). */
export async function listAccounts(db: D1Database, limit: number, cursor?: string): Promise<PageOf<AccountSummary>> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.name, a.plan, a.beta, a.credits, a.created_at FROM accounts a WHERE ${afterClause("a", 1)}
       ORDER BY a.created_at DESC, a.id DESC LIMIT ?3`,
    )
    .bind(...afterBinds(decodeCursor(cursor)), limit + 1)
    .all<AccountSummary>();
  return toPage(results, limit, (row) => row);
}

export async function listKeys(db: D1Database, accountId: string): Promise<KeyRow[]> {
  const { results } = await db
    .prepare(
      "SELECT id, kind, prefix, referrers, created_at, revoked_at, last_used_at FROM api_keys WHERE account_id = ? ORDER BY created_at",
    )
    .bind(accountId)
    .all<Omit<KeyRow, "referrers"> & { referrers: string }>();
  return results.map((k) => ({ ...k, referrers: JSON.parse(k.referrers) as string[] }));
}

export async function updateAccount(
  db: D1Database,
  accountId: string,
  changes: { plan?: PlanName; beta?: boolean; beta_daily_limit?: number; name?: string },
  now: Date,
): Promise<AccountRow> {
  const before = await getAccount(db, accountId);
  await db
    .prepare(
      `UPDATE accounts SET plan = COALESCE(?2, plan), beta = COALESCE(?3, beta),
         beta_daily_limit = COALESCE(?4, beta_daily_limit), name = COALESCE(?5, name) WHERE id = ?1`,
    )
    .bind(
      accountId,
      changes.plan ?? null,
      changes.beta === undefined ? null : changes.beta ? 1 : 0,
      changes.beta_daily_limit ?? null,
      changes.name ?? null,
    )
    .run();
  forgetCachedKeys(); // the plan, the beta flag and its limit travel with the cached key
  // An upgrade brings the new plan's grant now rather than next month.
  if (changes.plan && changes.plan !== before.plan) {
    await db.prepare("UPDATE accounts SET credits_period = '' WHERE id = ?").bind(accountId).run();
    await applyMonthlyGrant(db, accountId, changes.plan, now);
  }
  return getAccount(db, accountId);
}

/** Sets the allowed referrer hosts of the account's active publishable key(s): exact hosts or `*.example.com`. */
export async function setReferrers(db: D1Database, accountId: string, referrers: string[]): Promise<void> {
  const { meta } = await db
    .prepare("UPDATE api_keys SET referrers = ? WHERE account_id = ? AND kind = 'publishable' AND revoked_at IS NULL")
    .bind(JSON.stringify(referrers), accountId)
    .run();
  forgetCachedKeys();
  if (meta.changes === 0) throw new AppError("not_found", `Account ${accountId} has no active publishable key.`);
}

