// One per account, and the only Durable Object a lookup calls: it counts the account's lookups for the UTC day, holds
// the in-flight flag of each transaction (409 while the first runs) and keeps each finished row for 24 hours. A
// Durable Object runs one call at a time and its SQLite storage is synchronous, so counts stay exact under
// concurrency. Either way a lookup costs this one call: a row computed before it (no provider) is saved by it, and a
// lookup that calls the provider runs here, between its flag and its saved row. While it awaits the provider the
// object takes other calls (a Durable Object's input gate is open during an outgoing fetch), so one account's
// lookups do not queue behind each other.
import { DurableObject } from "cloudflare:workers";
import { identify } from "@brand/core/beta/identify";
import { lookupDeps } from "@brand/core/beta/lookup-deps";
import type { TransactionRequest } from "@brand/core/beta/request";
import { viaQueue } from "@brand/core/brands/request-indexing";
import type { Env } from "./env.ts";
import { enrichmentProvider } from "./provider.ts";

/** A row as the JSON the response carries: what the object stores and hands back, so it is serialised only once. */
export type RowJson = string;

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A lookup that has not finished in this long is taken as crashed, so the flag cannot stick forever. */
export const LEASE_MS = 30_000;

/** One lookup: its row when computed before the call (no provider), else its request, looked up here once counted. */
export type LookupItem = { transactionId: string } & ({ row: RowJson } | { request: TransactionRequest });

export type Lookups = { day: string; limit: number; now: number; accountId: string; items: LookupItem[] };

export type Outcome =
  | { state: "limited" }
  | { state: "running" }
  /** An earlier lookup's row, kept under 24 hours. */
  | { state: "saved"; row: RowJson }
  /** This call's lookup: `row` when it was looked up here, none when the caller brought it. */
  | { state: "new"; row?: RowJson }
  | { state: "failed"; error: string };

/** Each item's outcome, and the day's count after them all (at most the limit). */
export type Settled = { used: number; outcomes: Outcome[] };

type Saved = { state: "running" | "done"; row: string | null };

export class BetaAccount extends DurableObject<Env> {
  /** Whether an alarm is set; unknown (undefined) until this instance first looks. */
  private alarmSet: boolean | undefined;
  /** The current day's count, once read. */
  private today: { day: string; used: number } | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS lookups (id TEXT PRIMARY KEY, state TEXT NOT NULL, at INTEGER NOT NULL, row TEXT);
       CREATE INDEX IF NOT EXISTS lookups_at ON lookups (at);
       CREATE TABLE IF NOT EXISTS days (day TEXT PRIMARY KEY, used INTEGER NOT NULL)`,
    );
  }

  /**
   * Counts each lookup in order (the rest are limited once the allowance is spent), then answers it from its saved
   * row or its flag, or starts it: saves the row it brought, or looks it up with the provider and saves that.
   */
  async lookUp({ day, limit, now, accountId, items }: Lookups): Promise<Settled> {
    const outcomes = items.map((item): Outcome => (this.count(day, limit) ? this.begin(item, now) : { state: "limited" }));
    const used = Math.min(this.used(day), limit);
    if (outcomes.some((o) => o.state === "new")) await this.keepAlarm(now);
    const here = new Map<string, Promise<Outcome>>();
    items.forEach((item, i) => {
      if (outcomes[i].state === "new" && "request" in item) here.set(item.transactionId, this.lookUpHere(item, accountId, now));
    });
    // An item this very call looks up again (a batch naming a transaction twice) gets that lookup's row, as a retry
    // after it would; an identical lookup of another call is what answers 409.
    return {
      used,
      outcomes: await Promise.all(
        outcomes.map(async (outcome, i) => {
          const mine = here.get(items[i].transactionId);
          if (!mine || (outcome.state !== "new" && outcome.state !== "running")) return outcome;
          const settled = await mine;
          if (outcome.state === "new") return settled;
          return settled.state === "new" ? { state: "saved" as const, row: settled.row! } : outcome;
        }),
      ),
    };
  }

  /** The saved row, the flag, or a new lookup (its row saved at once when it brought one). */
  private begin(item: LookupItem, now: number): Outcome {
    if (this.claim(item.transactionId, now, "row" in item ? item.row : undefined)) return { state: "new" };
    const saved = this.ctx.storage.sql.exec<Saved>("SELECT state, row FROM lookups WHERE id = ?", item.transactionId).one();
    return saved.state === "done" ? { state: "saved", row: saved.row! } : { state: "running" };
  }

  /**
   * A flagged lookup, run with the provider: its row saved before the answer (a retry sent right after it then reads
   * the row, never the flag), or the flag dropped so the next identical request tries again.
   */
  private async lookUpHere(item: { transactionId: string; request: TransactionRequest }, accountId: string, now: number): Promise<Outcome> {
    const { transactionId, request } = item;
    try {
      const deps = await lookupDeps(this.env.DB, { imgBaseUrl: this.env.IMG_BASE_URL, provider: enrichmentProvider(this.env) });
      const row = JSON.stringify(await identify(deps, request, { transactionId, accountId }));
      this.ctx.storage.sql.exec("INSERT OR REPLACE INTO lookups (id, state, at, row) VALUES (?, 'done', ?, ?)", transactionId, now, row);
      const indexing = deps.startDueIndexing(viaQueue(this.env.INDEX_QUEUE), new Date(now));
      if (indexing) this.ctx.waitUntil(indexing);
      return { state: "new", row };
    } catch (error) {
      this.ctx.storage.sql.exec("DELETE FROM lookups WHERE id = ? AND state = 'running'", transactionId);
      console.error("beta lookup failed", error instanceof Error ? error.stack : error);
      return { state: "failed", error: error instanceof Error ? error.message : String(error) };
    }
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
   * Counts one lookup; false when the allowance is spent. The count is held in memory too (the object's storage is
   * synchronous and nothing awaits between reading and writing it, so the copy cannot drift from storage) and written
   * on every lookup. A new day drops the old ones.
   */
  private count(day: string, limit: number): boolean {
    const sql = this.ctx.storage.sql;
    if (this.today?.day !== day) {
      const used = this.stored(day);
      if (used === 0) {
        sql.exec("DELETE FROM days WHERE day <> ?", day);
        for (const [key] of this.ctx.storage.kv.list()) this.ctx.storage.kv.delete(key); // days DailyCounter kept
      }
      this.today = { day, used };
    }
    if (this.today.used >= limit) return false;
    sql.exec("INSERT OR REPLACE INTO days (day, used) VALUES (?, ?)", day, ++this.today.used);
    return true;
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
