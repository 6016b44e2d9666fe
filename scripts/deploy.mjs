// npm run deploy: the whole service on a Cloudflare account in one command, idempotent (USAGE in lib/deploy/options.mjs;
// docs/deploy.md). Each step reads what exists, prints what it will change, and changes only that:
//   safety check → resources → secrets → D1 migrations → seed (D1 rows, R2 logo masters) → Workers → smoke check.
// The seed goes before the Workers so a first deploy never serves an empty database. --dry-run stops after the reads;
// --local runs every step against local state instead of an account (the rehearsal the tests run).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { DeployError, UsageError } from "./lib/deploy/errors.mjs";
import { applyMigrations, migrationFiles, pendingMigrations } from "./lib/migrations.mjs";
import { deployOptions, USAGE } from "./lib/deploy/options.mjs";
import { localPlace, remotePlace } from "./lib/deploy/places.mjs";
import { productionProblems } from "./lib/deploy/safety.mjs";
import { devVarsOf, secretsToSet } from "./lib/deploy/secrets.mjs";
import { createSmokeAccount, smokeCheck } from "./lib/deploy/smoke.mjs";
import { readState, writeState } from "./lib/deploy/state.mjs";
import { workerFingerprint } from "./lib/deploy/workers.mjs";
import { startLocalServices } from "./lib/local-services.mjs";
import { applySeed, describeSeedPlan, planSeed } from "./lib/seed-corpus.mjs";
import { WranglerError, wranglerSeedStore } from "./lib/wrangler-cli.mjs";
import { WORKERS, workerConfig, workerName, writeWorkerConfigs } from "./lib/worker-configs.mjs";

const log = (line = "") => console.log(line);
const item = (mark, what, status) => log(`    ${mark} ${what.padEnd(54)} ${status}`);

async function main() {
  const options = deployOptions();
  if (options.help) return log(USAGE);
  const place = options.local ? await localPlace(options) : await remotePlace(options, log);
  const run = {
    options,
    place,
    state: readState(place.dir),
    livePaths: Object.fromEntries(WORKERS.map((w) => [w, `${place.dir}/workers/${w}/wrangler.json`])),
    // A dry run writes its configs where nothing will read them again.
    configDir: options.dryRun ? mkdtempSync(`${tmpdir()}/brand-deploy-`) : `${place.dir}/workers`,
    resources: await place.findResources(),
  };
  run.secretNames = await place.secretNames(run.livePaths);
  run.toSet = secretsToSet(run.secretNames, options.rotate);
  log(`${options.dryRun ? "Dry run, nothing will be changed. Plan for" : "Deploying"} the Brand Asset Service on ${place.label}, as "${place.prefix}".`);

  run.configs = writeConfigs(run);
  checkSafety(run);
  let changes = await resourcesStep(run);
  changes += secretsStep(run);
  changes += await migrationsStep(run);
  changes += await seedStep(run);
  changes += await workersStep(run);

  if (options.dryRun) {
    rmSync(run.configDir, { recursive: true, force: true });
    return log(changes ? `\n${changes} change(s) to make. Run without --dry-run to make them.` : "\nNothing to change: everything is up to date.");
  }
  writeState(place.dir, { ...readState(place.dir), prefix: place.prefix, urls: place.urls, ports: place.ports, resources: run.resources });
  if (options.smoke) await smokeStep(run);
  log(changes ? `\nDone: ${changes} change(s).` : "\nNothing changed: everything was already up to date.");
  log(`  image host  ${place.urls.img}\n  JSON host   ${place.urls.api}\n  beta host   ${place.urls.beta}`);
  if (place.remote) {
    log(`\nNext: create your first account (its keys are printed once):\n  BRAND_API_URL=${place.urls.api} ADMIN_TOKEN=<admin token> npm run -s admin -- create-account pro "Your company" --beta`);
  }
}

/** The three Workers' configs for this place, with the resources' ids as they are now. */
function writeConfigs({ place, options, resources, toSet, livePaths, configDir }) {
  const ids = place.ids(resources);
  const vars = (w) => ({ IMG_BASE_URL: place.urls.img, API_BASE_URL: place.urls.api, BETA_BASE_URL: place.urls.beta, ...(w === "beta" && options.config.enrichment_url ? { ENRICHMENT_URL: options.config.enrichment_url } : {}) });
  // The rehearsal keeps its secrets beside its configs, where wrangler dev reads them.
  const devVars = place.remote
    ? {}
    : Object.fromEntries(WORKERS.map((w) => [w, { ...devVarsOf(livePaths[w]), ...Object.fromEntries(toSet[w].map((s) => [s.name, s.value])) }]));
  return writeWorkerConfigs(
    configDir,
    (w, dir) => workerConfig(w, { prefix: place.prefix, ids: { database: ids.database ?? "new", kv: ids.kv ?? "new" }, dir, vars: vars(w), route: place.routes[w] }),
    devVars,
  );
}

/** Nothing changes until this has passed. */
function checkSafety({ configs, secretNames, place }) {
  const parsed = Object.fromEntries(WORKERS.map((w) => [w, JSON.parse(readFileSync(configs[w], "utf8"))]));
  const problems = productionProblems(parsed, secretNames, { remote: place.remote });
  if (problems.length) throw new DeployError(`Refusing to deploy:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
}

async function resourcesStep(run) {
  log("  resources");
  for (const r of run.resources) item(r.exists ? "✓" : "+", `${r.kind} ${r.name}`, r.exists ? "exists" : "create");
  const missing = run.resources.filter((r) => !r.exists);
  if (missing.length && !run.options.dryRun) {
    await run.place.createResources(missing);
    run.resources = await run.place.findResources();
    run.configs = writeConfigs(run);
  }
  return missing.length;
}

function secretsStep({ place, toSet, secretNames }) {
  log("  secrets");
  for (const w of WORKERS) {
    for (const s of toSet[w]) item("+", `${workerName(place.prefix, w)} ${s.name}`, s.reason === "missing" ? "generate" : s.reason);
    const kept = (secretNames[w] ?? []).filter((n) => !toSet[w].some((s) => s.name === n));
    if (kept.length) item("✓", `${workerName(place.prefix, w)} ${kept.join(", ")}`, "set");
  }
  // They are set with their Worker's upload (workersStep).
  return Object.values(toSet).flat().length;
}

const databaseExists = (run) => run.resources[0].exists;

async function migrationsStep(run) {
  const { place, configs } = run;
  log("  database migrations");
  const pending = await pendingMigrations(place.target, configs.api, place.names.database, databaseExists(run));
  const range = pending.length > 1 ? `${pending[0]} … ${pending.at(-1)}` : pending[0];
  if (pending.length) item("+", `${pending.length} to apply (${range})`, "apply");
  else item("✓", `all ${migrationFiles().length} applied`, "up to date");
  if (pending.length && !run.options.dryRun) await applyMigrations(place.target, configs.api, place.names.database);
  return pending.length;
}

async function seedStep(run) {
  const { place, configs } = run;
  log("  seed (D1 rows and R2 logo masters)");
  const store = wranglerSeedStore({ target: place.target, config: configs.api, database: place.names.database, bucket: place.names.bucket });
  // Before the first deploy's database exists, all of the corpus is new.
  const reads = databaseExists(run) ? store : { ...store, read: async () => ({ seeded: false, units: new Map() }) };
  const seed = await planSeed(reads, (line) => log(`      ${line.trim()}`));
  item(seed.unchanged ? "✓" : "+", describeSeedPlan(seed), seed.unchanged ? "up to date" : "write");
  if (!seed.unchanged && !run.options.dryRun) await applySeed(store, seed, { workDir: `${place.dir}/seed-work`, log: (line) => log(`      ${line.trim()}`) });
  return seed.unchanged ? 0 : 1;
}

async function workersStep({ place, configs, toSet, state, options }) {
  log("  workers");
  let changes = 0;
  const shipped = { ...state.workers };
  for (const w of WORKERS) {
    const tag = await workerFingerprint(w, configs[w]);
    const live = await place.shippedTag(w);
    // A deploy that failed after its upload (a route, a consumer) left its tag live: ship it again.
    const change = live !== tag || toSet[w].length > 0 || Boolean(state.workers?.[w]?.unfinished);
    item(change ? "+" : "✓", `${workerName(place.prefix, w)} ${place.urls[w]}`, change ? `${live ? "update" : "new"} (${tag})` : `unchanged (${tag})`);
    if (!change) continue;
    changes += 1;
    if (options.dryRun) continue;
    const adminToken = place.remote && toSet[w].find((s) => s.name === "ADMIN_TOKEN");
    if (adminToken) {
      log(`      admin token, set with this upload and shown this once (keep it safe; --rotate ADMIN_TOKEN makes a new one):`);
      log(`        ${adminToken.value}`);
    }
    writeState(place.dir, { ...readState(place.dir), workers: { ...shipped, [w]: { tag, unfinished: true } } });
    log(`      ${await place.ship(w, configs[w], tag, toSet[w])}`);
    shipped[w] = { tag };
    writeState(place.dir, { ...readState(place.dir), workers: shipped });
  }
  return changes;
}

/** Against the deployed hosts, or, in a rehearsal, against the Workers started on its state. */
async function smokeStep({ place, configs, toSet }) {
  log("  smoke check");
  const state = readState(place.dir);
  const services = place.remote ? null : await startLocalServices({ configs, persistTo: place.persistTo, ports: place.ports, log: () => {} });
  try {
    let keys = state.smoke;
    const newAdminToken = toSet.api.find((s) => s.name === "ADMIN_TOKEN")?.value;
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

main().catch((error) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof DeployError || error instanceof WranglerError) {
    console.error(`\n${error.message}\n\nThe deploy stopped here. What it finished is kept; run npm run deploy again to go on.`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
