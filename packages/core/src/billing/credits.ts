// The credit ledger. Every change is one INSERT whose SELECT only yields a row when the account can afford it; the
// trigger in the migration moves the balance in the same statement, so concurrent charges never overdraw.
import { AppError } from "../errors.ts";
import { utcMonth } from "../time.ts";
import { BRAND_REQUEST_CREDITS, PLANS, type PlanName } from "./plans.ts";

type LedgerKind = "grant" | "purchase" | "charge" | "adjust";

/** Tops the balance up to the plan's monthly grant once per calendar month (purchased credits above it stay). */
export async function applyMonthlyGrant(db: D1Database, accountId: string, plan: PlanName, now: Date): Promise<void> {
  // One batch is one transaction: the grant row and the period stamp land together, or neither does.
  await db.batch(grantStatements(db, accountId, plan, now));
}

function grantStatements(db: D1Database, accountId: string, plan: PlanName, now: Date): D1PreparedStatement[] {
  const period = utcMonth(now);
  const grant = PLANS[plan].monthlyCredits;
  return [
    db
      .prepare(
        `INSERT INTO credit_ledger (account_id, kind, amount, balance_after, reason, created_at)
         SELECT id, 'grant', MAX(?2 - credits, 0), MAX(credits, ?2), ?3, ?4
         FROM accounts WHERE id = ?1 AND credits_period <> ?5`,
      )
      .bind(accountId, grant, `monthly grant ${period}`, now.toISOString(), period),
    db.prepare("UPDATE accounts SET credits_period = ?2 WHERE id = ?1 AND credits_period <> ?2").bind(accountId, period),
  ];
}

/**
 * Charges a brand request, after the month's grant on `plan` when it is due, in one batch (one trip to D1); throws
 * 402 when the balance is below the cost. Returns the balance after.
 */
export async function chargeBrandRequest(db: D1Database, accountId: string, plan: PlanName, reason: string, now: Date): Promise<number> {
  const results = await db.batch<{ balance_after: number }>([
    ...grantStatements(db, accountId, plan, now),
    ledgerEntry(db, accountId, "charge", -BRAND_REQUEST_CREDITS, reason, now),
  ]);
  const balance = results.at(-1)?.results[0]?.balance_after;
  if (balance === undefined) {
    throw new AppError(
      "payment_required",
      `Out of credits: a brand request costs ${BRAND_REQUEST_CREDITS} credits. Buy credits or wait for the monthly grant.`,
    );
  }
  return balance;
}

/**
 * Adds one ledger row of `amount` (negative to spend) when the balance stays >= 0. Returns the new balance, or null
 * when the account is missing or cannot afford it (nothing is written then).
 */
export async function addLedgerEntry(
  db: D1Database,
  accountId: string,
  kind: LedgerKind,
  amount: number,
  reason: string,
  now: Date,
): Promise<number | null> {
  const row = await ledgerEntry(db, accountId, kind, amount, reason, now).first<{ balance_after: number }>();
  return row?.balance_after ?? null;
}

function ledgerEntry(db: D1Database, accountId: string, kind: LedgerKind, amount: number, reason: string, now: Date) {
  return db
    .prepare(
      `INSERT INTO credit_ledger (account_id, kind, amount, balance_after, reason, created_at)
       SELECT id, ?2, ?3, credits + ?3, ?4, ?5 FROM accounts WHERE id = ?1 AND credits + ?3 >= 0
       RETURNING balance_after`,
    )
    .bind(accountId, kind, amount, reason, now.toISOString());
}

export async function ledger(db: D1Database, accountId: string, limit = 100) {
  const { results } = await db
    .prepare(
      `SELECT kind, amount, balance_after, reason, created_at FROM credit_ledger
       WHERE account_id = ? ORDER BY id DESC LIMIT ?`,
    )
    .bind(accountId, limit)
    .all<{ kind: LedgerKind; amount: number; balance_after: number; reason: string; created_at: string }>();
  return results;
}
