// When each key was last used, for the account's key list and the operator's `admin show`. A use rides the write that
// counts the request (the pool's count, or the beta's mirrored count) in the same D1 batch, so it costs no trip of its
// own; and an isolate stamps a key at most once per KEY_USE_STAMP_MS, so a busy key costs a row write a quarter hour,
// not one a request. The stored time is therefore accurate to that bound.
import { TtlCache } from "../ttl-cache.ts";

export const KEY_USE_STAMP_MS = 15 * 60_000;
const stamped = new TtlCache<string, true>(KEY_USE_STAMP_MS, 10_000);

/** The key uses a counting write carries: which keys, and the latest time among them. */
export type KeyUse = { keyIds: string[]; at: string };

/** This request's use of `keyId`: the key when this isolate has not stamped it within the bound, else nothing. */
export function keyUseDue(keyId: string, now: Date): KeyUse {
  const at = now.toISOString();
  if (stamped.peek(keyId, now.getTime())) return { keyIds: [], at };
  stamped.put(keyId, true, now.getTime());
  return { keyIds: [keyId], at };
}

export function mergeKeyUse(held: KeyUse, added: KeyUse): KeyUse {
  return { keyIds: [...new Set([...held.keyIds, ...added.keyIds])], at: held.at > added.at ? held.at : added.at };
}

/** Runs a counting write with the key uses it carries: one batch, so one trip either way. */
export async function runWithKeyUse(db: D1Database, counting: D1PreparedStatement, use: KeyUse): Promise<void> {
  if (use.keyIds.length === 0) {
    await counting.run();
    return;
  }
  // A later stamp never goes back in time, whichever isolate writes last.
  const stamp = db
    .prepare(
      `UPDATE api_keys SET last_used_at = ?1
       WHERE id IN (SELECT value FROM json_each(?2)) AND (last_used_at IS NULL OR last_used_at < ?1)`,
    )
    .bind(use.at, JSON.stringify(use.keyIds));
  await db.batch([counting, stamp]);
}

/** Forgets which keys this isolate stamped (tests: a fresh isolate). */
export const forgetKeyStamps = () => stamped.clear();
