// npm run deploy: the whole service on a Cloudflare account in one command, idempotent (see USAGE, and the README's
// Deploy section). Each step reads what exists, prints what it will change, and changes only that:
//   resources → Worker configs → secrets → D1 migrations → seed (D1 rows, R2 logo masters) → Workers → smoke check.
// The seed goes before the Workers so a first deploy never serves an empty database. --dry-run stops after the reads;
// --local runs every step against local state instead of an account (the rehearsal the tests run).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { DeployError } from "./lib/deploy/cloudflare.mjs";
import { applyMigrations, migrationFiles, pendingMigrations } from "./lib/deploy/migrations.mjs";
import { deployOptions, USAGE, UsageError } from "./lib/deploy/options.mjs";
import { localPlace, remotePlace } from "./lib/deploy/places.mjs";
import { productionProblems } from "./lib/deploy/safety.mjs";
import { devVarsOf, secretsToSet } from "./lib/deploy/secrets.mjs";
import { createSmokeAccount, smokeCheck } from "./lib/deploy/smoke.mjs";
import { readState, writeState } from "./lib/deploy/state.mjs";
import { workerFingerprint } from "./lib/deploy/workers.mjs";
import { startLocalServices } from "./lib/local-services.mjs";
import { applySeed, describeSeedPlan, planSeed } from "./lib/seed-corpus.mjs";
import { wranglerSeedStore } from "./lib/wrangler-cli.mjs";
import { WORKERS, workerConfig, writeWorkerConfigs } from "./lib/worker-configs.mjs";

const log = (line = "") => console.log(line);
const item = (mark, what, status) => log(`    ${mark} ${what.padEnd(54)} ${status}`);

async function main() {
  const options = deployOptions();
  if (options.help) return log(USAGE);
  const { dryRun, config } = options;
  const place = options.local ? await localPlace(options) : await remotePlace(options, log);
  const state = readState(place.dir);
  const liveConfigDir = `${place.dir}/workers`;
  const configDir = dryRun ? mkdtempSync(`${tmpdir()}/brand-deploy-`) : liveConfigDir;
  let changes = 0;
  log(`${dryRun ? "Dry run, nothing will be changed. Plan for" : "Deploying"} the Brand Asset Service on ${place.label}, as "${place.prefix}".`);

  // Reads first; nothing changes until the safety check below has passed.
  let resources = await place.findResources();
  const livePaths = Object.fromEntries(WORKERS.map((w) => [w, `${liveConfigDir}/${w}/wrangler.json`]));
  const secretNames = await place.secretNames(livePaths);
  const toSet = secretsToSet(secretNames, options.rotate);
  const writeConfigs = () => {
    const ids = place.ids(resources);
    const vars = (w) => ({ IMG_BASE_URL: place.urls.img, ...(w === "beta" && config.enrichment_url ? { ENRICHMENT_URL: config.enrichment_url } : {}) });
    // The rehearsal keeps its secrets beside its configs, as wrangler dev reads them.
    const devVars = place.remote
      ? {}
      : Object.fromEntries(WORKERS.map((w) => [w, { ...devVarsOf(livePaths[w]), ...Object.fromEntries(toSet[w].map((s) => [s.name, s.value])) }]));
    return writeWorkerConfigs(
      configDir,
      (w, dir) => workerConfig(w, { prefix: place.prefix, ids: { database: ids.database ?? "new", kv: ids.kv ?? "new" }, dir, vars: vars(w), route: place.routes[w] }),
      devVars,
    );
  };
  let configs = writeConfigs();
  const parsed = Object.fromEntries(WORKERS.map((w) => [w, JSON.parse(readFileSync(configs[w], "utf8"))]));
  const problems = productionProblems(parsed, secretNames, { remote: place.remote });
  if (problems.length) throw new DeployError(`Refusing to deploy:\n${problems.map((p) => `  - ${p}`).join("\n")}`);

  log("  resources");
  for (const r of resources) item(r.exists ? "✓" : "+", `${r.kind} ${r.name}`, r.exists ? "exists" : "create");
  const missing = resources.filter((r) => !r.exists);
  changes += missing.length;
  if (missing.length && !dryRun) {
    await place.createResources(missing);
    resources = await place.findResources();
    configs = writeConfigs();
  }
  const databaseExists = resources[0].exists;

  log("  secrets");
  for (const w of WORKERS) {
    for (const s of toSet[w]) item("+", `${place.prefix}-${w} ${s.name}`, s.reason === "missing" ? "generate" : s.reason);
    const kept = (secretNames[w] ?? []).filter((n) => !toSet[w].some((s) => s.name === n));
    if (kept.length) item("✓", `${place.prefix}-${w} ${kept.join(", ")}`, "set");
  }
  changes += Object.values(toSet).flat().length;

  log("  database migrations");
  const pending = await pendingMigrations(place.target, configs.api, place.names.database, databaseExists);
  const range = pending.length > 1 ? `${pending[0]} … ${pending.at(-1)}` : pending[0];
  item(pending.length ? "+" : "✓", pending.length ? `${pending.length} to apply (${range})` : `all ${migrationCount()} applied`, pending.length ? "apply" : "up to date");
  changes += pending.length;
  if (pending.length && !dryRun) await applyMigrations(place.target, configs.api, place.names.database);

  log("  seed (D1 rows and R2 logo masters)");
  const store = wranglerSeedStore({ target: place.target, config: configs.api, database: place.names.database, bucket: place.names.bucket });
  const seed = await planSeed(databaseExists ? store : emptyStore(store), () => {});
  item(seed.unchanged ? "✓" : "+", describeSeedPlan(seed), seed.unchanged ? "up to date" : "write");
  changes += seed.unchanged ? 0 : 1;
  if (!seed.unchanged && !dryRun) await applySeed(store, seed, { workDir: `${place.dir}/seed-work`, log: (line) => log(`      ${line.trim()}`) });

  log("  workers");
  const shipped = { ...state.workers };
  for (const w of WORKERS) {
    const tag = await workerFingerprint(w, configs[w]);
    const live = await place.shippedTag(w);
    // A deploy that failed after its upload (a route, a consumer) left the tag behind: ship it again.
    const change = live !== tag || toSet[w].length > 0 || Boolean(state.workers?.[w]?.unfinished);
    item(change ? "+" : "✓", `${place.prefix}-${w} ${place.urls[w]}`, change ? (live ? `update (${tag})` : `new (${tag})`) : `unchanged (${tag})`);
    if (!change) continue;
    changes += 1;
    if (dryRun) continue;
    const newAdminToken = place.remote && toSet[w].find((s) => s.name === "ADMIN_TOKEN");
    if (newAdminToken) {
      log(`      admin token, set with this upload and shown this once (keep it safe; --rotate ADMIN_TOKEN makes a new one):`);
      log(`        ${newAdminToken.value}`);
    }
    writeState(place.dir, { ...readState(place.dir), workers: { ...shipped, [w]: { tag, unfinished: true } } });
    log(`      ${await place.ship(w, configs[w], tag, toSet[w])}`);
    shipped[w] = { tag };
  }

  if (dryRun) {
    rmSync(configDir, { recursive: true, force: true });
    return log(changes ? `\n${changes} change(s) to make. Run without --dry-run to make them.` : "\nNothing to change: everything is up to date.");
  }
  const adminToken = toSet.api.find((s) => s.name === "ADMIN_TOKEN")?.value ?? null;
  writeState(place.dir, { ...state, prefix: place.prefix, urls: place.urls, ports: place.ports, resources, workers: shipped });

  if (options.smoke) await smoke(place, configs, adminToken);
  log(changes ? `\nDone: ${changes} change(s).` : "\nNothing changed: everything was already up to date.");
  log(`  image host  ${place.urls.img}\n  JSON host   ${place.urls.api}\n  beta host   ${place.urls.beta}`);
  if (place.remote) {
    log(`\nNext: create your first account (its keys are printed once):\n  BRAND_API_URL=${place.urls.api} ADMIN_TOKEN=<admin token> npm run admin -- create-account pro "Your company" --beta`);
  }
}

/** The smoke check: against the deployed hosts, or, in a rehearsal, against the Workers started on its state. */
async function smoke(place, configs, newAdminToken) {
  log("  smoke check");
  const state = readState(place.dir);
  const services = place.remote ? null : await startLocalServices({ configs, persistTo: place.persistTo, ports: place.ports, log: () => {} });
  try {
    let keys = state.smoke;
    const adminToken = newAdminToken ?? process.env.ADMIN_TOKEN ?? (place.remote ? null : devVarsOf(configs.api).ADMIN_TOKEN);
    if (!keys && adminToken) {
      keys = await createSmokeAccount(place.urls.api, adminToken);
      writeState(place.dir, { ...state, smoke: keys });
      item("+", `smoke-check account ${keys.account_id}`, "created");
    }
    if (!keys) return item("-", "no smoke-check keys on this machine", "skipped: set ADMIN_TOKEN to make some");
    for (const line of await smokeCheck(place.urls, keys)) item("✓", line, "ok");
  } finally {
    await services?.stop();
  }
}

const migrationCount = () => migrationFiles().length;

/** A first deploy's dry run: the database does not exist yet, so all of the corpus is new. */
const emptyStore = (store) => ({ ...store, read: async () => ({ seeded: false, units: new Map() }) });

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  console.error(error instanceof DeployError ? `\n${error.message}` : error);
  process.exit(1);
});
