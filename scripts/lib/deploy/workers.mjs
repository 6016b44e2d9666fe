// Deploying the three Workers. Each upload carries a tag: a fingerprint of what was uploaded (its generated config and
// every source file and locked dependency that goes into its bundle). A Worker whose live version carries the same tag
// is up to date and is not uploaded again, which is how a second deploy changes nothing, from any machine.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { chmod, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "../../../packages/core/src/ids.ts";
import { ROOT } from "../local-env.mjs";
import { wrangler } from "../wrangler-cli.mjs";

/** What goes into a Worker's bundle besides its config: its own folder, the core, the module types, the lockfile. */
const inputsOf = (worker) => [`workers/${worker}`, "packages/core", "types", "package-lock.json"];

function files(path) {
  const full = join(ROOT, path);
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith(".") && entry.name !== "node_modules")
    .flatMap((entry) => files(join(path, entry.name)))
    .sort();
}

/**
 * A short, stable fingerprint of one Worker's upload; it is the upload's tag. Paths in the config are left out (they
 * say where the config was written, not what is uploaded; the files they lead to are in the fingerprint).
 */
export async function workerFingerprint(worker, configPath) {
  const { main, d1_databases = [], ...config } = JSON.parse(readFileSync(configPath, "utf8"));
  const placed = { ...config, d1_databases: d1_databases.map(({ migrations_dir, ...d }) => d) };
  const parts = [JSON.stringify(placed), ...inputsOf(worker).flatMap(files).map((f) => `${f}\0${readFileSync(join(ROOT, f), "utf8")}`)];
  return (await sha256Hex(parts.join("\0"))).slice(0, 16);
}

/** The tag of the version a deployed Worker serves (null when it has none, or does not exist yet). */
export async function deployedTag(api, scriptName) {
  const deployments = await api.get(`/workers/scripts/${scriptName}/deployments`);
  const live = deployments?.deployments?.[0]?.versions?.find((v) => v.percentage === 100) ?? deployments?.deployments?.[0]?.versions?.[0];
  if (!live) return null;
  const version = await api.get(`/workers/scripts/${scriptName}/versions/${live.version_id}`);
  return version?.annotations?.["workers/tag"] ?? null;
}

/**
 * `wrangler deploy` of a generated config, tagged with its fingerprint, with new secrets when there are any (in a
 * file only this user can read, removed straight after).
 */
export async function deployWorker(configPath, { tag, secrets, workDir }) {
  const args = ["deploy", "-c", configPath, "--tag", tag];
  const secretsFile = `${workDir}/secrets-${tag}.json`;
  if (secrets.length) {
    await writeFile(secretsFile, JSON.stringify(Object.fromEntries(secrets.map((s) => [s.name, s.value]))), { mode: 0o600 });
    await chmod(secretsFile, 0o600);
    args.push("--secrets-file", secretsFile);
  }
  try {
    await wrangler(args);
  } finally {
    await rm(secretsFile, { force: true });
  }
}

/** The rehearsal's stand-in for an upload: the bundle is built from the same config, and its size reported. */
export async function buildWorker(configPath, outdir) {
  const { stdout } = await wrangler(["deploy", "--dry-run", "-c", configPath, "--outdir", outdir]);
  return /Total Upload: (.*)/.exec(stdout)?.[1]?.trim() ?? "built";
}
