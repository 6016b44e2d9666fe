// The local bindings `wrangler dev --persist-to <dir>` uses, opened from Node through wrangler itself.
import { spawnSync } from "node:child_process";
import { getPlatformProxy } from "wrangler";

export const ROOT = new URL("../../", import.meta.url).pathname;
/** npm start's state. */
export const PERSIST_TO = `${ROOT}.wrangler/state`;

export async function openLocalEnv(persistTo = PERSIST_TO) {
  process.env.WRANGLER_SEND_METRICS ??= "false";
  return getPlatformProxy({
    configPath: `${ROOT}wrangler.toml`,
    persist: { path: `${persistTo}/v3` },
    remoteBindings: false,
  });
}

/** Applies the D1 migrations to the local state (wrangler skips those already applied). */
export function applyLocalMigrations(persistTo = PERSIST_TO) {
  const run = spawnSync(
    `${ROOT}node_modules/.bin/wrangler`,
    ["d1", "migrations", "apply", "brand-db", "--local", "--persist-to", persistTo],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`D1 migrations failed:\n${run.stdout}\n${run.stderr}`);
}
