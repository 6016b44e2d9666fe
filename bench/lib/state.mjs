// A bench's own local state: an empty folder with the D1 migrations applied, opened from Node through wrangler's
// platform proxy (D1, R2, KV as the Workers see them). Never .wrangler/state, which `npm start` uses.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import { seedLocal } from "../../scripts/seed.mjs";
import { CHILD_ENV, ROOT } from "./wrangler.mjs";

/**
 * Wipes `dir`, applies the migrations there, seeds the corpus as npm start does when `seed` is set, and returns the
 * proxy (call `dispose()` when done).
 */
export async function freshState(dir, { seed = false } = {}) {
  rmSync(dir, { recursive: true, force: true });
  const migrate = spawnSync(
    `${ROOT}node_modules/.bin/wrangler`,
    ["d1", "migrations", "apply", "brand-db", "--local", "--persist-to", dir],
    { cwd: ROOT, env: CHILD_ENV, encoding: "utf8", timeout: 60_000 },
  );
  if (migrate.status !== 0) throw new Error(`D1 migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  if (seed) await seedLocal({ persistTo: dir, log: () => {} });
  return getPlatformProxy({ configPath: `${ROOT}wrangler.toml`, persist: { path: `${dir}/v3` }, remoteBindings: false });
}
