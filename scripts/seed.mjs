// Seeds local state with the corpus under /seed: the D1 migrations, then the seed's SQL through `wrangler d1 execute
// --local --file` and the logo masters through `wrangler r2 bulk put --local`, exactly as a deploy seeds an account
// (scripts/lib/seed-corpus.mjs). Idempotent: an unchanged corpus is skipped, a changed one writes what changed.
// Usage: npm run seed   (npm start runs it for you)
import { PERSIST_TO, ROOT } from "./lib/local-env.mjs";
import { applyLocalMigrations } from "./lib/migrations.mjs";
import { applySeed, describeSeedPlan, planSeed } from "./lib/seed-corpus.mjs";
import { wranglerSeedStore } from "./lib/wrangler-cli.mjs";

/** Seeds the local state under `persistTo`, described by the wrangler config `config` (its D1 and R2 names). */
export async function seedLocal({ persistTo = PERSIST_TO, config = `${ROOT}wrangler.toml`, database = "brand-db", bucket = "brand-logos", log = console.log } = {}) {
  const store = wranglerSeedStore({ target: { local: { persistTo } }, config, database, bucket });
  const plan = await planSeed(store, log);
  log(`  seed: ${describeSeedPlan(plan)}`);
  await applySeed(store, plan, { workDir: `${persistTo}/seed-work`, log });
  return plan;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await applyLocalMigrations();
  console.log("Seeding the local database and logo bucket…");
  await seedLocal();
}
