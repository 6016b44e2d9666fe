// One per (account, canonical request): while the first lookup runs, identical requests get 409; the finished row
// is kept for 24 hours so a retry reads it instead of looking up again.
import { DurableObject } from "cloudflare:workers";
import type { IdentityRow } from "@brand/core/beta/row";

const KEEP_MS = 24 * 60 * 60 * 1000;
/** A lookup that has not finished in this long is taken as crashed, so the lock cannot stick forever. */
const LEASE_MS = 30_000;

type Stored = { state: "running"; since: number } | { state: "done"; at: number; row: IdentityRow };
export type Begin = { state: "started" } | { state: "running" } | { state: "done"; row: IdentityRow };

export class TransactionLock extends DurableObject {
  begin(now: number): Begin {
    const kv = this.ctx.storage.kv;
    const stored = kv.get<Stored>("lookup");
    if (stored?.state === "done" && now - stored.at < KEEP_MS) return { state: "done", row: stored.row };
    if (stored?.state === "running" && now - stored.since < LEASE_MS) return { state: "running" };
    kv.put("lookup", { state: "running", since: now } satisfies Stored);
    return { state: "started" };
  }

  async finish(row: IdentityRow, now: number): Promise<void> {
    this.ctx.storage.kv.put("lookup", { state: "done", at: now, row } satisfies Stored);
    await this.ctx.storage.setAlarm(now + KEEP_MS);
  }

  /** The lookup failed: let the next identical request try again. */
  release(): void {
    this.ctx.storage.kv.delete("lookup");
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
