// The local bindings `wrangler dev --persist-to <dir>` uses, opened from Node through wrangler itself.
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
