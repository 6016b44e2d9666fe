// A bench's own local state: an empty folder with the D1 migrations applied, opened from Node through wrangler's
// platform proxy (D1, R2, KV as the Workers see them). Never .wrangler/state, which `npm start` uses.
import { existsSync, rmSync } from "node:fs";
import { openLocalEnv } from "../../scripts/lib/local-env.mjs";
import { applyLocalMigrations } from "../../scripts/lib/migrations.mjs";
import { seedLocal } from "../../scripts/seed.mjs";
import { ROOT } from "./wrangler.mjs";

/**
 * Where a bench keeps its state: in memory (/dev/shm) where the machine has it, unless BENCH_STATE_ON_DISK is set.
 * On disk, every Durable Object commit of the local emulation waits for its SQLite file to reach the disk, and that
 * flush, not the Worker, sets a beta lookup's pace (one account's object serialises its calls: 0.39–0.52 of the
 * baseline on disk against 0.62 in memory, same code, 2026-11-26). Cloudflare's objects confirm writes by replication
 * and batch them behind output gates, with no flush per call. The state is thrown away after every run either way.
 */
export function benchStateDir(name) {
  const inMemory = existsSync("/dev/shm") && !process.env.BENCH_STATE_ON_DISK;
  return inMemory ? `/dev/shm/brand-asset-service/${name}` : `${ROOT}.wrangler/${name}`;
}

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
