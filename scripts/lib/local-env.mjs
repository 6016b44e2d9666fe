// The local bindings `wrangler dev --persist-to .wrangler/state` uses, opened from Node through wrangler itself.
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
