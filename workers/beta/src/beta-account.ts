// One per account, and the only Durable Object a lookup calls: it counts the account's lookups for the UTC day, holds
// the in-flight flag of each transaction (409 while the first runs) and keeps each finished row for 24 hours. A
// Durable Object runs one call at a time and its SQLite storage is synchronous, so counts stay exact under
// concurrency, and a lookup with no provider (the row computed before the call) costs this one call.
import { DurableObject } from "cloudflare:workers";
import type { IdentityRow } from "@brand/core/beta/row";

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A lookup that has not finished in this long is taken as crashed, so the flag cannot stick forever. */
export const LEASE_MS = 30_000;

export type Begin = {
  day: string;
  limit: number;
  transactionId: string;
  now: number;
  /** The finished row, when it was computed before the call (no provider): saved at once, nothing is left in flight. */
  row?: IdentityRow;
};

export type Begun =
  | { allowed: false; used: number }
  | { allowed: true; used: number; state: "started" | "running" }
  | { allowed: true; used: number; state: "done"; row: IdentityRow };

type Saved = { state: "running" | "done"; at: number; row: string | null };

export class BetaAccount extends DurableObject {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS lookups (id TEXT PRIMARY KEY, state TEXT NOT NULL, at INTEGER NOT NULL, row TEXT);
       CREATE INDEX IF NOT EXISTS lookups_at ON lookups (at)`,
    );
  }

  /** Counts one lookup (unless the allowance is spent), then answers from the saved row, the flag, or starts it. */
  async begin({ day, limit, transactionId, now, row }: Begin): Promise<Begun> {
    const used = this.count(day, limit);
    if (used === null) return { allowed: false, used: limit };
    const saved = this.ctx.storage.sql.exec<Saved>("SELECT state, at, row FROM lookups WHERE id = ?", transactionId).toArray()[0];
    if (saved?.state === "done" && now - saved.at < KEEP_MS) return { allowed: true, used, state: "done", row: JSON.parse(saved.row!) };
    if (saved?.state === "running" && now - saved.at < LEASE_MS) return { allowed: true, used, state: "running" };
    await this.save(transactionId, row ? "done" : "running", now, row);
    return { allowed: true, used, state: "started" };
  }

  /** The row of a lookup begun without one. */
  async finish(transactionId: string, row: IdentityRow, now: number): Promise<void> {
    await this.save(transactionId, "done", now, row);
  }

  /** The lookup failed: let the next identical request try again. */
  release(transactionId: string): void {
    this.ctx.storage.sql.exec("DELETE FROM lookups WHERE id = ? AND state = 'running'", transactionId);
  }

  /** Lookups counted on `day`. */
  used(day: string): number {
    return this.ctx.storage.kv.get<number>(day) ?? 0;
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM lookups WHERE at <= ?", now - KEEP_MS);
    const oldest = sql.exec<{ at: number | null }>("SELECT MIN(at) AS at FROM lookups").one().at;
    if (oldest !== null) await this.ctx.storage.setAlarm(oldest + KEEP_MS);
  }

  /** The day's count after this lookup, or null when the allowance is spent. A new day drops the old ones. */
  private count(day: string, limit: number): number | null {
    const kv = this.ctx.storage.kv;
    const used = kv.get<number>(day) ?? 0;
    if (used >= limit) return null;
    if (used === 0) for (const [key] of kv.list()) if (key !== day) kv.delete(key);
    kv.put(day, used + 1);
    return used + 1;
  }

  private async save(transactionId: string, state: Saved["state"], now: number, row?: IdentityRow): Promise<void> {
    this.ctx.storage.sql.exec(
      "INSERT OR REPLACE INTO lookups (id, state, at, row) VALUES (?, ?, ?, ?)",
      transactionId,
      state,
      now,
      row ? JSON.stringify(row) : null,
    );
    // Rows expire 24 hours after they were kept: one alarm at a time, set for the oldest.
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + KEEP_MS);
  }
}
