// Runs `npm start`'s launcher (scripts/dev.mjs) on its own state and free ports, in its own process group, for a
// tool that needs the services up (the e2e run, the coverage report): ready once its demo.json is fresh and the three
// hosts answer; stopped (the whole group) after.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, statSync } from "node:fs";
import { answers } from "./local-services.mjs";
import { ROOT } from "./local-env.mjs";

/**
 * @param {{ dir: string, logFile: string, timeoutMs?: number }} options `dir` holds demo.json, the configs and the state
 * @returns {Promise<{ demo: Record<string, string>, stop: () => Promise<void> }>}
 */
export async function launch({ dir, logFile, timeoutMs = 360_000 }) {
  mkdirSync(dir, { recursive: true });
  const demoFile = `${dir}/demo.json`;
  const startedAt = Date.now();
  const log = openSync(logFile, "w");
  const child = spawn(process.execPath, ["scripts/dev.mjs", "--dir", dir, "--persist-to", `${dir}/state`, "--ports", "auto"], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" },
    stdio: ["ignore", log, log],
    detached: true, // its own process group, so stopping it stops wrangler and workerd too
  });
  const stop = () => stopGroup(child);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}); see ${logFile}`);
      if (Date.now() - startedAt > timeoutMs) throw new Error(`services did not come up within ${timeoutMs / 1000}s; see ${logFile}`);
      if (existsSync(demoFile) && statSync(demoFile).mtimeMs >= startedAt - 1_000) {
        const demo = JSON.parse(readFileSync(demoFile, "utf8"));
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
