// What `npm run deploy` was asked to do: its flags, over the optional deploy.json (the one config of a deployment:
// names, account, hosts, enrichment provider), validated before anything runs.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { ROOT } from "../local-env.mjs";
import { UsageError } from "./errors.mjs";

export const USAGE = `Usage: npm run deploy -- [options]

Creates what is missing on your Cloudflare account (D1, R2, KV, queues), generates missing secrets, applies D1
migrations, deploys the three Workers, seeds D1 and R2 with the corpus, and checks the deployed hosts. Run it again
at any time: it changes only what changed.

  --dry-run               print the plan and change nothing
  --local                 rehearse the whole sequence against local state (.deploy/local), no account needed
  --persist-to <dir>      local state for --local (default .deploy/local/state)
  --dir <dir>             where the deploy keeps its state file and generated configs (default .deploy/<account
                          id>, or .deploy/local)
  --config <file>         the deployment's config (default deploy.json, when present)
  --name <prefix>         names of the Workers and resources: <prefix>-img, <prefix>-db, … (default brand)
  --account-id <id>       the account, when your login has several (or CLOUDFLARE_ACCOUNT_ID)
  --img-host <host>       custom domain of the image host (likewise --api-host, --beta-host); workers.dev without
  --enrichment-url <url>  the beta's enrichment provider (Ntropy: https://api.ntropy.com); its key is read from the
                          ENRICHMENT_API_KEY environment variable and stored as a secret
  --rotate <SECRET>       generate a new value for a secret (ADMIN_TOKEN, FILE_SIGNING_KEY, VARIANT_SIGNING_KEY);
                          may be given more than once
  --no-smoke              skip the final check against the deployed hosts
  --help                  this text
`;

const hostname = z
  .string()
  .regex(/^(?!-)[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$/, "a host name such as img.example.com, no scheme or path");
/** A custom domain (a host name), or a route on a zone you already proxy through Cloudflare. */
const Host = z.union([hostname, z.strictObject({ pattern: z.string().regex(/^[a-z0-9.*-]+\/\*?$/, "a route such as img.example.com/*"), zone_name: hostname })]);
const Hosts = z.strictObject({ img: Host.optional(), api: Host.optional(), beta: Host.optional() });

export const DeployConfig = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,40}$/, "lower-case letters, digits and dashes, starting with a letter").default("brand"),
  account_id: z.string().regex(/^[0-9a-f]{32}$/, "a 32-character account id").optional(),
  hosts: Hosts.default({}),
  enrichment_url: z.string().url().startsWith("https://", "an https URL").optional(),
});

/** @returns {{ dryRun: boolean, local: boolean, persistTo: string | null, dir: string | null, smoke: boolean, rotate: string[], help: boolean, config: z.infer<typeof DeployConfig> }} */
export function deployOptions(argv = process.argv.slice(2)) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        "dry-run": { type: "boolean", default: false },
        local: { type: "boolean", default: false },
        "persist-to": { type: "string" },
        dir: { type: "string" },
        config: { type: "string" },
        name: { type: "string" },
        "account-id": { type: "string" },
        "img-host": { type: "string" },
        "api-host": { type: "string" },
        "beta-host": { type: "string" },
        "enrichment-url": { type: "string" },
        rotate: { type: "string", multiple: true, default: [] },
        "no-smoke": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error.message);
  }
  const flags = parsed.values;
  const file = flags.config ? resolve(flags.config) : `${ROOT}deploy.json`;
  if (flags.config && !existsSync(file)) throw new UsageError(`no config file at ${flags.config}`);
  const fromFile = existsSync(file) ? readJson(file) : {};
  const hostFlags = Object.fromEntries(["img", "api", "beta"].filter((w) => flags[`${w}-host`]).map((w) => [w, flags[`${w}-host`]]));
  const merged = {
    ...fromFile,
    ...(flags.name ? { name: flags.name } : {}),
    ...((flags["account-id"] ?? process.env.CLOUDFLARE_ACCOUNT_ID) ? { account_id: flags["account-id"] ?? process.env.CLOUDFLARE_ACCOUNT_ID } : {}),
    hosts: { ...fromFile.hosts, ...hostFlags },
    ...(flags["enrichment-url"] ? { enrichment_url: flags["enrichment-url"] } : {}),
  };
  const config = DeployConfig.safeParse(merged);
  if (!config.success) throw new UsageError(`${flags.config ?? "deploy.json"} or flags: ${z.prettifyError(config.error)}`);
  if (flags["persist-to"] && !flags.local) throw new UsageError("--persist-to goes with --local");
  return {
    dryRun: flags["dry-run"],
    local: flags.local,
    persistTo: flags["persist-to"] ? resolve(flags["persist-to"]) : null,
    dir: flags.dir ? resolve(flags.dir) : null,
    smoke: !flags["no-smoke"],
    rotate: flags.rotate,
    help: flags.help,
    config: config.data,
  };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${error.message}`);
  }
}
