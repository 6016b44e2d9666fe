// The local bindings `wrangler dev --persist-to .wrangler/state` uses, opened from Node through wrangler itself.
import { spawnSync } from "node:child_process";
import { getPlatformProxy } from "wrangler";

export const ROOT = new URL("../../", import.meta.url).pathname;
export const PERSIST_TO = `${ROOT}.wrangler/state`;

export async function openLocalEnv() {
  process.env.WRANGLER_SEND_METRICS ??= "false";
  return getPlatformProxy({
    configPath: `${ROOT}wrangler.toml`,
    persist: { path: `${PERSIST_TO}/v3` },
    remoteBindings: false,
  });
}

/** Applies the D1 migrations to the local state (wrangler skips those already applied). */
export function applyLocalMigrations() {
  const run = spawnSync(
    `${ROOT}node_modules/.bin/wrangler`,
    ["d1", "migrations", "apply", "brand-db", "--local", "--persist-to", PERSIST_TO],
    { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`D1 migrations failed:\n${run.stdout}\n${run.stderr}`);
}
