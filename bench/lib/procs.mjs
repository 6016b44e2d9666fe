// Child processes of a bench run (wrangler dev and its workerd children). Each is started in its own process group,
// so stopping it stops its children too; every group we start is stopped on normal exit, on error and on Ctrl-C.
import { spawn } from "node:child_process";
import { createServer } from "node:net";

const groups = new Set();

/** True while any process of the group (wrangler, or the workerd it started) is alive. */
function groupAlive(child) {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Stops every process group this run started: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopAll(graceMs = 3000) {
  const live = [...groups];
  for (const child of live) killGroup(child, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (live.some(groupAlive) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const child of live) {
    if (groupAlive(child)) killGroup(child, "SIGKILL");
    groups.delete(child);
  }
}

let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Last resort on any exit path (process.exit, uncaught error): synchronous SIGKILL of what is still running.
  process.on("exit", () => {
    for (const child of groups) killGroup(child, "SIGKILL");
  });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, async () => {
      console.error(`\n${signal}: stopping the processes this bench started…`);
      await stopAll(1500);
      process.exit(130);
    });
  }
}

/**
 * Starts a command in its own process group; keeps the last lines of its output for error messages, and passes
 * every line to `onLine` when given (not a spawn option).
 */
export function startGroup(command, args, { onLine, ...options } = {}) {
  installHandlers();
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  groups.add(child);
  const tail = [];
  const keep = (chunk) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      onLine?.(line);
      tail.push(line);
      if (tail.length > 40) tail.shift();
    }
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return { child, tail: () => tail.join("\n") };
}

/** Stops one group started by startGroup. */
export async function stopGroup(proc, graceMs = 3000) {
  const { child } = proc;
  if (groupAlive(child)) {
    killGroup(child, "SIGTERM");
    const deadline = Date.now() + graceMs;
    while (groupAlive(child) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(child)) killGroup(child, "SIGKILL");
  }
  groups.delete(child);
}

/** Throws when something already listens on 127.0.0.1:port. */
export function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (err) =>
      reject(new Error(`port ${port} on 127.0.0.1 is in use (${err.code}); set another with the BENCH_* env vars`)),
    );
    server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
  });
}
