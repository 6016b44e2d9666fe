// A bench's own local state: an empty folder with the D1 migrations applied, opened from Node through wrangler's
// platform proxy (D1, R2, KV as the Workers see them). Never .wrangler/state, which `npm start` uses.
import { rmSync } from "node:fs";
import { openLocalEnv } from "../../scripts/lib/local-env.mjs";
import { applyLocalMigrations } from "../../scripts/lib/migrations.mjs";
import { seedLocal } from "../../scripts/seed.mjs";

/**
 * Wipes `dir`, applies the migrations there, seeds the corpus as npm start does when `seed` is set, and returns the
 * proxy (call `dispose()` when done).
 */
export async function freshState(dir, { seed = false } = {}) {
  rmSync(dir, { recursive: true, force: true });
  await applyLocalMigrations(dir);
  if (seed) await seedLocal({ persistTo: dir, log: () => {} });
  return openLocalEnv(dir);
}
