// The local demo account (pro, beta on). Plain keys exist only at creation, so they live in .dev/demo.json; when
// that file is gone or its keys no longer match, a fresh account is made.
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { createAccount } from "../../packages/core/src/auth/accounts.ts";
import { hashKey } from "../../packages/core/src/auth/keys.ts";
import { randomBase62 } from "../../packages/core/src/ids.ts";
import { newKeyEntry } from "../../packages/core/src/webhooks/secret-box.ts";
import { ROOT } from "./local-env.mjs";

export const DEMO_FILE = `${ROOT}.dev/demo.json`;

export async function ensureDemoAccount(env, urls, file = DEMO_FILE) {
  const saved = existsSync(file) ? JSON.parse(await readFile(file, "utf8")) : null;
  let keys = saved && (await stillValid(env.DB, saved)) ? saved : null;
  if (!keys) {
    const { keys: plain } = await createAccount(env.DB, { plan: "pro", name: "Demo", beta: true }, new Date());
    keys = { publishable_key: plain.publishable, secret_key: plain.secret, beta_key: plain.beta };
  }
  const demo = {
    ...urls,
    publishable_key: keys.publishable_key,
    secret_key: keys.secret_key,
    beta_key: keys.beta_key,
    admin_token: saved?.admin_token ?? `adm_${randomBase62(32)}`,
    variant_signing_key: saved?.variant_signing_key ?? randomBase62(43),
    file_signing_key: saved?.file_signing_key ?? randomBase62(43),
    // Seals the local state's webhook secrets: kept as long as demo.json is (a new one cannot open what the old sealed).
    webhook_secret_keys: saved?.webhook_secret_keys ?? newKeyEntry(),
  };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}

async function stillValid(db, saved) {
  for (const key of [saved.publishable_key, saved.secret_key, saved.beta_key]) {
    const row = await db.prepare("SELECT 1 FROM api_keys WHERE hash = ? AND revoked_at IS NULL").bind(await hashKey(key)).first();
    if (!row) return false;
  }
  return true;
}
