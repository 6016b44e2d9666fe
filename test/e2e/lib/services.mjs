// The local services for the e2e run: `npm start`'s launcher (scripts/dev.mjs) in its own process group, on its own
// state and free ports, ready once its demo.json is fresh and the three hosts answer; stopped (the whole group) after.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, statSync } from "node:fs";
import { answers } from "../../../scripts/lib/local-services.mjs";

export const ROOT = new URL("../../../", import.meta.url).pathname;
// Its own state, keys and free ports: the e2e run never touches, nor depends on, a `npm start` you have running.
const DIR = `${ROOT}.dev/e2e`;
const DEMO_FILE = `${DIR}/demo.json`;
export const LOG_FILE = `${DIR}/services.log`;

/** @returns {{ img_url: string, api_url: string, beta_url: string, publishable_key: string, secret_key: string, beta_key: string, admin_token: string }} */
export const readDemo = () => JSON.parse(readFileSync(DEMO_FILE, "utf8"));

/** Starts npm start's launcher on the e2e state and free ports, and resolves once the three hosts answer. */
export async function startServices({ timeoutMs = 360_000 } = {}) {
  mkdirSync(DIR, { recursive: true });
  const startedAt = Date.now();
  const log = openSync(LOG_FILE, "w");
  const child = spawn(process.execPath, ["scripts/dev.mjs", "--dir", DIR, "--persist-to", `${DIR}/state`, "--ports", "auto"], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" },
    stdio: ["ignore", log, log],
    detached: true, // its own process group, so stopping it stops wrangler and workerd too
  });
  const stop = () => stopGroup(child);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}); see ${LOG_FILE}`);
      if (Date.now() - startedAt > timeoutMs) throw new Error(`services did not come up within ${timeoutMs / 1000}s; see ${LOG_FILE}`);
      if (existsSync(DEMO_FILE) && statSync(DEMO_FILE).mtimeMs >= startedAt - 1_000) {
        const demo = readDemo();
        const up = await Promise.all([demo.img_url, demo.api_url, demo.beta_url].map((u) => answers(`${u}/openapi.json`)));
        if (up.every(Boolean)) return { demo, stop };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM to the group, SIGKILL if it lingers. @param {import("node:child_process").ChildProcess} child */
async function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
  // workerd children may outlive their parent by a moment; make sure the group is gone.
  signal("SIGKILL");
}

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
