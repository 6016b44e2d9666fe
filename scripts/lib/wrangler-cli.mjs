// Runs the project's wrangler as a child process, and the seed store over it: the same commands against local state
// (`--local --persist-to`) or a Cloudflare account (`--remote`), so npm start, the deploy rehearsal and a deploy
// write the corpus the same way.
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { ROOT } from "./local-env.mjs";

const WRANGLER = `${ROOT}node_modules/wrangler/bin/wrangler.js`;

export class WranglerError extends Error {}

/**
 * `wrangler <args>`; resolves with its output, rejects with the command and the end of its output when it fails.
 * Nothing is echoed: callers print what a person needs (some commands' output would hold secrets or noise).
 * @param {string[]} args
 * @param {{ input?: string, env?: Record<string, string> }} [options]
 */
export function wrangler(args, { input, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER, ...args], {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", CI: "1", ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) return resolve({ stdout, stderr });
      const tail = `${stdout}\n${stderr}`.trim().split("\n").slice(-25).join("\n");
      reject(new WranglerError(`wrangler ${args.slice(0, 3).join(" ")} failed (exit ${code}):\n${tail}`));
    });
    child.stdin.end(input ?? "");
  });
}

/** The flags that point a storage command at local state or at the account. */
export const targetFlags = (target) => (target.local ? ["--local", "--persist-to", target.local.persistTo] : ["--remote"]);

/** Rows of each statement of a `d1 execute --json` answer. */
export async function d1Query(target, config, database, sql) {
  const { stdout } = await wrangler(["d1", "execute", database, "--json", "--command", sql, ...targetFlags(target), "-c", config]);
  return JSON.parse(stdout.slice(stdout.indexOf("["))).map((r) => r.results ?? []);
}

/**
 * The seed store (scripts/lib/seed-corpus.mjs) over wrangler.
 * @param {{ target: { local?: { persistTo: string } }, config: string, database: string, bucket: string }} o
 * @returns {import("./seed-corpus.mjs").SeedStore}
 */
export function wranglerSeedStore({ target, config, database, bucket }) {
  const flags = [...targetFlags(target), "-c", config];
  return {
    async read(fingerprint) {
      if (!/^[0-9a-f]+$/.test(fingerprint)) throw new Error(`not a fingerprint: ${fingerprint}`);
      try {
        const [runs, units] = await d1Query(
          target,
          config,
          database,
          `SELECT 1 AS seeded FROM seed_runs WHERE fingerprint = '${fingerprint}'; SELECT key, hash FROM seed_units`,
        );
        return { seeded: runs.length > 0, units: new Map(units.map((u) => [u.key, u.hash])) };
      } catch (error) {
        // A database the migrations have not reached yet (a dry run before they are applied) holds nothing seeded.
        if (/no such table/.test(error.message)) return { seeded: false, units: new Map() };
        throw error;
      }
    },
    async putMasters(entries, manifest) {
      // One upload per content type: PNG masters and their sanitised SVG twins.
      for (const [extension, type] of [["png", "image/png"], ["svg", "image/svg+xml"]]) {
        const files = entries.filter((e) => e.key.endsWith(`.${extension}`));
        if (!files.length) continue;
        const list = manifest.replace(/\.json$/, `-${extension}.json`);
        await writeFile(list, JSON.stringify(files));
        await wrangler(["r2", "bulk", "put", bucket, "--filename", list, "--content-type", type, "--force", ...flags]);
      }
    },
    async executeFile(path) {
      await wrangler(["d1", "execute", database, "--file", path, "--yes", ...flags]);
    },
  };
}
