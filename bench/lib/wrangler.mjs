// `wrangler dev` for a bench: local only, bound to 127.0.0.1, quiet, in its own process group (see procs.mjs).
import { assertPortFree, startGroup, stopGroup } from "./procs.mjs";

export const ROOT = new URL("../../", import.meta.url).pathname;
const WRANGLER = `${ROOT}node_modules/.bin/wrangler`;
export const CHILD_ENV = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", CI: "1" };

/**
 * Starts `wrangler dev -c <config> [script]` and resolves once it answers HTTP on `readyPath` (any status counts as
 * up). `script`, when given, replaces the config's `main` (the trip counter's entry, see trips.mjs).
 * `onLine` (optional) sees every line wrangler and the Worker print (warnings and errors, at --log-level warn).
 * Returns { url, pid, stop(), tail() }; pid is the process group's (wrangler's own pid, see procs.mjs).
 */
export async function startWranglerDev({ config, script, port, inspectorPort, persistTo, vars = {}, readyPath = "/", timeoutMs = 90_000, onLine }) {
  await assertPortFree(port);
  await assertPortFree(inspectorPort);
  const args = [
    "dev",
    "-c", config,
    ...(script ? [script] : []),
    "--ip", "127.0.0.1",
    "--port", String(port),
    "--inspector-port", String(inspectorPort),
    "--show-interactive-dev-session=false",
    // Per-request log lines cost the wrangler process CPU the Worker then cannot use; warnings and errors still show.
    "--log-level", "warn",
  ];
  if (persistTo) args.push("--persist-to", persistTo);
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const proc = startGroup(WRANGLER, args, { cwd: ROOT, env: CHILD_ENV, onLine });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`wrangler dev -c ${config} exited (${proc.child.exitCode ?? proc.child.signalCode}):\n${proc.tail()}`);
    }
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      await stopGroup(proc);
      throw new Error(`wrangler dev -c ${config} did not answer on ${url} within ${timeoutMs / 1000}s:\n${proc.tail()}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: proc.child.pid, startupMs: Date.now() - started, stop: () => stopGroup(proc), tail: proc.tail };
}
