// One per account: counts the account's beta lookups for the current UTC day. A Durable Object runs one call at a
// time and the synchronous storage API cannot interleave, so concurrent lookups are counted exactly.
import { DurableObject } from "cloudflare:workers";

export type Consumed = { allowed: boolean; used: number };

export class DailyCounter extends DurableObject {
  /** Counts one lookup on `day` unless `limit` is already reached. */
  consume(day: string, limit: number): Consumed {
    const kv = this.ctx.storage.kv;
    const used = kv.get<number>(day) ?? 0;
    if (used >= limit) return { allowed: false, used };
    if (used === 0) for (const [key] of kv.list()) if (key !== day) kv.delete(key); // a new day: drop old ones
    kv.put(day, used + 1);
    return { allowed: true, used: used + 1 };
  }

  used(day: string): number {
    return this.ctx.storage.kv.get<number>(day) ?? 0;
  }
}
