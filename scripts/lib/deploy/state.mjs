// The one file a deployment's tool writes: `.deploy/<account id>/state.json` (or `.deploy/local/state.json` for the
// rehearsal). It holds the resources' names and ids, the hosts' URLs, what each Worker was last deployed as, and the
// smoke-check account's keys, so it is readable by this user only. Everything in it but those keys can be found on
// the account again, which is what a deploy from a fresh clone does.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";

export function readState(dir) {
  const file = `${dir}/state.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

export function writeState(dir, state) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/state.json`, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}
