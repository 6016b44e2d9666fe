// One per account, and the only Durable Object a lookup calls: it counts the account's lookups for the UTC day, holds
// the in-flight flag of each transaction (409 while the first runs) and keeps each finished row for 24 hours. A
// Durable Object runs one call at a time and its SQLite storage is synchronous, so counts stay exact under
// concurrency, and a lookup with no provider (the row computed before the call) costs this one call.
import { DurableObject } from "cloudflare:workers";

/** A row as the JSON the response carries: what the object stores and hands back, so it is serialised only once. */
export type RowJson = string;

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A lookup that has not finished in this long is taken as crashed, so the flag cannot stick forever. */
export const LEASE_MS = 30_000;

export type Begin = {
  day: string;
  limit: number;
  transactionId: string;
  now: number;
  /** The finished row, when it was computed before the call (no provider): saved at once, nothing is left in flight. */
  row?: RowJson;
};

export type Begun =
  | { allowed: false; used: number }
  | { allowed: true; used: number; state: "started" | "running" }
  | { allowed: true; used: number; state: "done"; row: RowJson };

type Saved = { state: "running" | "done"; row: string | null };

export class BetaAccount extends DurableObject {
  /** Whether an alarm is set; unknown (undefined) until this instance first looks. */
  private alarmSet: boolean | undefined;
  /** The current day's count, once read. */
  private today: { day: string; used: number } | undefined;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS lookups (id TEXT PRIMARY KEY, state TEXT NOT NULL, at INTEGER NOT NULL, row TEXT);
       CREATE INDEX IF NOT EXISTS lookups_at ON lookups (at);
       CREATE TABLE IF NOT EXISTS days (day TEXT PRIMARY KEY, used INTEGER NOT NULL)`,
    );
  }

  /** Counts one lookup (unless the allowance is spent), then answers from the saved row, the flag, or starts it. */
  async begin({ day, limit, transactionId, now, row }: Begin): Promise<Begun> {
    const used = this.count(day, limit);
    if (used === null) return { allowed: false, used: limit };
    if (this.claim(transactionId, now, row)) {
      await this.keepAlarm(now);
      return { allowed: true, used, state: "started" };
    }
    const saved = this.ctx.storage.sql.exec<Saved>("SELECT state, row FROM lookups WHERE id = ?", transactionId).one();
    return saved.state === "done" ? { allowed: true, used, state: "done", row: saved.row! } : { allowed: true, used, state: "running" };
  }

  /** The row of a lookup begun without one. */
  async finish(transactionId: string, row: RowJson, now: number): Promise<void> {
    this.ctx.storage.sql.exec("INSERT OR REPLACE INTO lookups (id, state, at, row) VALUES (?, 'done', ?, ?)", transactionId, now, row);
    await this.keepAlarm(now);
  }

  /** The lookup failed: let the next identical request try again. */
  release(transactionId: string): void {
    this.ctx.storage.sql.exec("DELETE FROM lookups WHERE id = ? AND state = 'running'", transactionId);
  }

  /** Lookups counted on `day`. */
  used(day: string): number {
    return this.today?.day === day ? this.today.used : this.stored(day);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM lookups WHERE at <= ?", now - KEEP_MS);
    const oldest = sql.exec<{ at: number | null }>("SELECT MIN(at) AS at FROM lookups").one().at;
    if (oldest !== null) await this.ctx.storage.setAlarm(oldest + KEEP_MS);
    this.alarmSet = oldest !== null;
  }

  /**
   * The day's count after this lookup, or null when the allowance is spent. The count is held in memory too (an object
   * runs one call at a time, so the copy cannot drift from storage) and written on every lookup. A new day drops the
   * old ones.
   */
  private count(day: string, limit: number): number | null {
    const sql = this.ctx.storage.sql;
    if (this.today?.day !== day) {
      const used = this.stored(day);
      if (used === 0) {
        sql.exec("DELETE FROM days WHERE day <> ?", day);
        for (const [key] of this.ctx.storage.kv.list()) this.ctx.storage.kv.delete(key); // days DailyCounter kept
      }
      this.today = { day, used };
    }
    if (this.today.used >= limit) return null;
    sql.exec("INSERT OR REPLACE INTO days (day, used) VALUES (?, ?)", day, this.today.used + 1);
    return ++this.today.used;
  }

  /**
   * The count stored for `day`. Objects that counted as DailyCounter (before the v2 migration) kept it in the KV API,
   * which a SQL table now replaces: one SQLite write a lookup instead of the KV API's costlier put.
   */
  private stored(day: string): number {
    const row = this.ctx.storage.sql.exec<{ used: number }>("SELECT used FROM days WHERE day = ?", day).toArray()[0];
    return row?.used ?? this.ctx.storage.kv.get<number>(day) ?? 0;
  }

  /**
   * Starts the lookup of `transactionId` (its flag, or its row when given) unless a live one holds it: a row kept under
   * 24 hours, or a flag within its lease. One statement, since most lookups are new. True when it started it.
   */
  private claim(transactionId: string, now: number, row?: RowJson): boolean {
    const claimed = this.ctx.storage.sql.exec(
      `INSERT INTO lookups (id, state, at, row) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (id) DO UPDATE SET state = excluded.state, at = excluded.at, row = excluded.row
         WHERE (lookups.state = 'done' AND lookups.at <= ?5) OR (lookups.state = 'running' AND lookups.at <= ?6)
       RETURNING 1`,
      transactionId,
      row ? "done" : "running",
      now,
      row ?? null,
      now - KEEP_MS,
      now - LEASE_MS,
    );
    return claimed.toArray().length > 0;
  }

  /**
   * Rows expire 24 hours after they were kept: one alarm at a time, set for the oldest. Whether one is set is known in
   * memory after the first look, so a lookup does not ask storage every time.
   */
  private async keepAlarm(now: number): Promise<void> {
    this.alarmSet ??= (await this.ctx.storage.getAlarm()) !== null;
    if (!this.alarmSet) {
      await this.ctx.storage.setAlarm(now + KEEP_MS);
      this.alarmSet = true;
    }
  }
}
