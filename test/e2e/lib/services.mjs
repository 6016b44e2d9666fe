// The local services for the e2e run: `npm start`'s launcher on its own state and free ports
// (scripts/lib/launcher.mjs), so the e2e run never touches, nor depends on, a `npm start` you have running.
import { readFileSync } from "node:fs";
import { launch } from "../../../scripts/lib/launcher.mjs";

export const ROOT = new URL("../../../", import.meta.url).pathname;
const DIR = `${ROOT}.dev/e2e`;
export const LOG_FILE = `${DIR}/services.log`;

/** @returns {{ img_url: string, api_url: string, beta_url: string, publishable_key: string, secret_key: string, beta_key: string, admin_token: string }} */
export const readDemo = () => JSON.parse(readFileSync(`${DIR}/demo.json`, "utf8"));

/** Starts npm start's launcher on the e2e state and free ports, and resolves once the three hosts answer. */
export const startServices = ({ timeoutMs = 360_000 } = {}) => launch({ dir: DIR, logFile: LOG_FILE, timeoutMs });

/** Calls the JSON host's /admin API with the local admin token. */
export async function admin(demo, method, path, body) {
  const response = await fetch(`${demo.api_url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${demo.admin_token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A fresh account for a test, so tests that rotate keys or add webhooks leave the demo account alone. */
export async function newAccount(demo, name, plan = "pro") {
  const account = await admin(demo, "POST", "/admin/accounts", { plan, name, beta: true });
  return { id: account.id, ...account.keys };
}
