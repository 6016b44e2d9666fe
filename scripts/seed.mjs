// Seeds the local D1 and R2 with the corpus under /seed (idempotent: run it as often as you like).
// Usage: npm run seed   (npm start runs it for you)
import { brandStatements, cryptoAsBrand, cryptoStatements, exchangeStatements, indexStatements, parentStatement, platformStatements } from "../packages/core/src/seed/write.ts";
import { readFile } from "node:fs/promises";
import { SEED_FILES } from "../packages/core/src/seed/schema.ts";
import { sha256Hex } from "../packages/core/src/ids.ts";
import { loadSeed } from "./lib/seed-files.mjs";
import { applyLocalMigrations, openLocalEnv, ROOT } from "./lib/local-env.mjs";
import { initNodeCodecs, masterFor, openMasterCache } from "./lib/logo-masters.mjs";

const BATCH = 40;

/** A hash of the seed files and of the code that writes them: the same fingerprint means nothing to do. */
async function corpusFingerprint() {
  const parts = await Promise.all(
    [...Object.keys(SEED_FILES).map((f) => `seed/${f}`), "packages/core/src/seed/write.ts", "scripts/lib/logo-masters.mjs"].map(
      (path) => readFile(`${ROOT}${path}`, "utf8"),
    ),
  );
  return sha256Hex(parts.join("\0"));
}

export async function seed(env, log = console.log) {
  const fingerprint = await corpusFingerprint();
  if (await env.DB.prepare("SELECT 1 FROM seed_runs WHERE fingerprint = ?").bind(fingerprint).first()) {
    log("  corpus unchanged since the last seed; nothing to do");
    return;
  }
  const corpus = await loadSeed();
  await initNodeCodecs();
  const { cache, save } = await openMasterCache();
  const now = new Date();

  const companyDomains = new Set(corpus.brands.map((b) => b.domain));
  const taken = new Set(companyDomains);
  const cryptoBrands = corpus.crypto.map((asset) => {
    const brand = cryptoAsBrand(asset, taken);
    if (brand.domain) taken.add(brand.domain);
    return { asset, brand };
  });
  const brands = [...corpus.brands.map((b) => ({ ...b, key: b.domain })), ...cryptoBrands.map((c) => c.brand)];

  let statements = [];
  const flush = async (force = false) => {
    if (statements.length && (force || statements.length >= BATCH * 8)) {
      await env.DB.batch(statements);
      statements = [];
    }
  };

  let done = 0;
  for (const brand of brands) {
    const master = brand.icon ? await masterFor(env.LOGOS, cache, brand.icon, brand.colors[0]) : null;
    statements.push(...(await brandStatements(env.DB, brand, master, now)));
    await flush();
    if (++done % 50 === 0 || done === brands.length) log(`  brands ${done}/${brands.length}`);
  }
  await save();
  for (const { asset, brand } of cryptoBrands) statements.push(...(await cryptoStatements(env.DB, asset, brand.key)));
  for (const exchange of corpus.exchanges) statements.push(...(await exchangeStatements(env.DB, exchange, taken)));
  for (const index of corpus.indices) statements.push(...(await indexStatements(env.DB, index, taken)));
  for (const pair of corpus.parents) statements.push(await parentStatement(env.DB, pair));
  for (const platform of corpus.platforms) statements.push(...(await platformStatements(env.DB, platform)));
  await flush(true);

  await env.DB.prepare("INSERT OR REPLACE INTO seed_runs (fingerprint, seeded_at) VALUES (?, ?)")
    .bind(fingerprint, now.toISOString())
    .run();
  const withLogo = brands.filter((b) => b.icon).length;
  log(
    `  seeded ${brands.length} brands (${withLogo} with logos), ${corpus.crypto.length} crypto assets, ` +
      `${corpus.exchanges.length} exchanges, ${corpus.indices.length} indices, ${corpus.parents.length} parent pairs, ` +
      `${corpus.platforms.length} payment platforms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  applyLocalMigrations();
  const { env, dispose } = await openLocalEnv();
  try {
    console.log("Seeding the local database and logo bucket…");
    await seed(env);
  } finally {
    await dispose();
  }
}
