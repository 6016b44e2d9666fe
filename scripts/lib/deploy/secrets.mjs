// Each Worker's secrets: the ones its wrangler.toml declares required ([secrets] required) are generated when missing
// (or when --rotate names them); the enrichment provider's key is taken from ENRICHMENT_API_KEY when that is set and
// the Worker has none yet (or --rotate ENRICHMENT_API_KEY). New values travel with the Worker's upload (`wrangler
// deploy --secrets-file`, a file readable by this user only and removed after) and are never printed, except a new
// admin token, shown once because the operator needs it.
import { existsSync, readFileSync } from "node:fs";
import { randomBase62 } from "../../../packages/core/src/ids.ts";
import { newKeyEntry } from "../../../packages/core/src/webhooks/secret-box.ts";
import { sourceConfig, WORKERS } from "../worker-configs.mjs";
import { UsageError } from "./errors.mjs";

/** Secrets the Workers cannot run without, by Worker, as their configs declare them. */
export const requiredSecrets = () => Object.fromEntries(WORKERS.map((w) => [w, sourceConfig(w).secrets?.required ?? []]));

/** The provider key is optional: the beta answers from our own stages without it. */
const OPTIONAL_FROM_ENV = { beta: ["ENRICHMENT_API_KEY"] };

const GENERATORS = { ADMIN_TOKEN: () => `adm_${randomBase62(32)}`, WEBHOOK_SECRET_KEYS: newKeyEntry };
const generate = (name) => (GENERATORS[name] ?? (() => randomBase62(43)))();

/**
 * Secrets a fresh value would break: the deploy cannot read the old value back to keep it beside the new one. The
 * webhook keys seal the stored webhook secrets; replacing them would leave every sealed secret unreadable.
 */
const NOT_ROTATED_HERE = {
  WEBHOOK_SECRET_KEYS:
    "the deploy cannot rotate it without losing the old key, which the stored webhook secrets need. Rotate it by hand " +
    "(docs/deploy.md, Secrets): put a new kid:base64key entry first, keep the old one after it, let the hourly cron reseal, then drop the old entry",
};

/**
 * The secrets to set on each Worker.
 * @param {Record<string, string[]>} existing names already set, by Worker
 * @param {string[]} rotate names to generate again
 * @returns {Record<string, Array<{ name: string, value: string, reason: "missing" | "rotated" | "from ENRICHMENT_API_KEY" }>>}
 */
export function secretsToSet(existing, rotate) {
  const required = requiredSecrets();
  const known = new Set([...Object.values(required).flat(), ...Object.values(OPTIONAL_FROM_ENV).flat()]);
  const unknown = rotate.filter((name) => !known.has(name));
  if (unknown.length) throw new UsageError(`--rotate ${unknown.join(", ")}: not a secret of this service (${[...known].join(", ")})`);
  const refused = rotate.find((name) => NOT_ROTATED_HERE[name]);
  if (refused) throw new UsageError(`--rotate ${refused}: ${NOT_ROTATED_HERE[refused]}.`);
  const out = {};
  for (const worker of WORKERS) {
    const have = new Set(existing[worker] ?? []);
    out[worker] = required[worker]
      .filter((name) => !have.has(name) || rotate.includes(name))
      .map((name) => ({ name, value: generate(name), reason: have.has(name) ? "rotated" : "missing" }));
    // A key set once stays until --rotate names it: its value cannot be read back to compare.
    for (const name of OPTIONAL_FROM_ENV[worker] ?? []) {
      if (process.env[name] && (!have.has(name) || rotate.includes(name))) out[worker].push({ name, value: process.env[name], reason: `from ${name}` });
    }
  }
  return out;
}

/** Names set on a deployed Worker (none when it does not exist yet). */
export async function deployedSecretNames(api, scriptName) {
  return ((await api.get(`/workers/scripts/${scriptName}/secrets`)) ?? []).map((s) => s.name);
}

/** The secrets in a generated config's .dev.vars (the local rehearsal keeps them there). */
export function devVarsOf(configPath) {
  const file = configPath.replace(/wrangler\.json$/, ".dev.vars");
  if (!existsSync(file)) return {};
  const vars = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) vars[match[1]] = JSON.parse(match[2]);
  }
  return vars;
}
