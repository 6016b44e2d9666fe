// The migration of stored webhook secrets, run by the cron: rows whose secret or previous secret is still plain
// (`whsec_…`, written before sealing) or sealed under a key that is no longer the current one are resealed under the
// current key. SQL cannot encrypt, so this is code, not a D1 migration. Idempotent: a row sealed under the current key
// is not selected again.
import { currentPrefix, openSecret, sealedUnderCurrent, sealSecret, UnreadableSecretError, type SecretKeyring } from "./secret-box.ts";
import type { EndpointRow } from "./endpoints.ts";

/** Rows read and rewritten per D1 round trip. */
export const RESEAL_BATCH = 100;
/** Batches per run, so one cron run stays short; the next run goes on where this one stopped. */
export const RESEAL_MAX_BATCHES = 20;

export type ResealOptions = { batchSize?: number; maxBatches?: number };

/** How a run went: rows rewritten, and the ids of rows whose secrets do not open (left as they are; never their values). */
export type ResealResult = { resealed: number; unreadable: string[] };

type SecretColumns = Pick<EndpointRow, "id" | "secret" | "previous_secret">;

export async function resealSecrets(db: D1Database, keys: SecretKeyring, options: ResealOptions = {}): Promise<ResealResult> {
  const batchSize = options.batchSize ?? RESEAL_BATCH;
  const maxBatches = options.maxBatches ?? RESEAL_MAX_BATCHES;
  const result: ResealResult = { resealed: 0, unreadable: [] };
  // Walks ids upwards, so a row that does not open is passed over instead of being read again and again.
  let after = "";
  for (let batch = 0; batch < maxBatches; batch++) {
    const rows = await staleRows(db, keys, after, batchSize);
    const updates: D1PreparedStatement[] = [];
    for (const row of rows) {
      const update = await resealStatement(db, keys, row);
      if (update) updates.push(update);
      else result.unreadable.push(row.id);
    }
    if (updates.length) {
      for (const { meta } of await db.batch(updates)) result.resealed += meta.changes;
    }
    if (rows.length < batchSize) break;
    after = rows.at(-1)!.id;
  }
  return result;
}

/** Rows after `after` (by id) with a secret that is plain or sealed under another key. */
async function staleRows(db: D1Database, keys: SecretKeyring, after: string, limit: number): Promise<SecretColumns[]> {
  const { results } = await db
    .prepare(
      `SELECT id, secret, previous_secret FROM webhook_endpoints
       WHERE id > ?1 AND (substr(secret, 1, length(?2)) <> ?2
         OR (previous_secret IS NOT NULL AND substr(previous_secret, 1, length(?2)) <> ?2))
       ORDER BY id LIMIT ?3`,
    )
    .bind(after, currentPrefix(keys), limit)
    .all<SecretColumns>();
  return results;
}

/**
 * The row's update, or null when one of its secrets does not open. It applies only if the row still holds what was
 * read: a rotation in between wins, and the next run picks the row up again if it needs it.
 */
async function resealStatement(db: D1Database, keys: SecretKeyring, row: SecretColumns): Promise<D1PreparedStatement | null> {
  const reseal = async (stored: string) => (sealedUnderCurrent(keys, stored) ? stored : sealSecret(keys, row.id, await openSecret(keys, row.id, stored)));
  try {
    const secret = await reseal(row.secret);
    const previous = row.previous_secret === null ? null : await reseal(row.previous_secret);
    // updated_at stays: how a secret is kept is not a change to the endpoint its owner made or sees.
    return db
      .prepare(
        `UPDATE webhook_endpoints SET secret = ?1, previous_secret = ?2
         WHERE id = ?3 AND secret = ?4 AND previous_secret IS ?5`,
      )
      .bind(secret, previous, row.id, row.secret, row.previous_secret);
  } catch (error) {
    if (error instanceof UnreadableSecretError) return null;
    throw error;
  }
}
