// Seeds a database and logo bucket with the corpus under /seed, through a store: local state (npm start, the deploy
// rehearsal, the benches) or a Cloudflare account (deploy), both by wrangler (wranglerSeedStore in
// scripts/lib/wrangler-cli.mjs).
//
// - Skipped at once when the database records this corpus's fingerprint (the seed files and the code that writes them).
// - Otherwise only the units whose statements changed are written (packages/core/src/seed/corpus.ts), as SQL files of
//   at most BATCH_STATEMENTS statements and BATCH_BYTES bytes, each one import that also records its units: an
//   interrupted seed resumes after the last batch that landed. The logo masters the changed units name are uploaded
//   first, all in one pass (two uploads, PNG and SVG, whatever the batch count: each upload is a wrangler run of a few
//   seconds), so no row ever names a file that is not there.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { changedUnits, corpusBrands, corpusUnits, seedRunRecord, unitRecords } from "../../packages/core/src/seed/corpus.ts";
import { SEED_FILES } from "../../packages/core/src/seed/schema.ts";
import { sqlText } from "../../packages/core/src/seed/sql-text.ts";
import { sha256Hex } from "../../packages/core/src/ids.ts";
import { ROOT } from "./local-env.mjs";
import { renderMasters } from "./logo-masters.mjs";
import { loadSeed, seedDir } from "./seed-files.mjs";

const BATCH_STATEMENTS = 8_000;
const BATCH_BYTES = 4_000_000;

const FINGERPRINTED = [
  "packages/core/src/seed/write.ts",
  "packages/core/src/seed/corpus.ts",
  "packages/core/src/seed/sql-text.ts",
  "scripts/lib/logo-masters.mjs",
  "packages/core/src/brands/image-rank.ts",
  "packages/core/src/brands/images.ts",
  "packages/core/src/ingest/svg-sanitize.ts",
];

/** A hash of the seed files and of the code that writes them: the same fingerprint means nothing to do. */
export async function corpusFingerprint() {
  const paths = [...Object.keys(SEED_FILES).map((f) => new URL(f, seedDir())), ...FINGERPRINTED.map((path) => `${ROOT}${path}`)];
  const parts = await Promise.all(paths.map((path) => readFile(path, "utf8")));
  return (await sha256Hex(parts.join("\0"))).slice(0, 32);
}

/**
 * @typedef {{ seeded: boolean, units: Map<string, string> }} Recorded what the database says it holds
 * @typedef {{
 *   read(fingerprint: string): Promise<Recorded>,
 *   putMasters(entries: Array<{ key: string, file: string }>, manifest: string): Promise<void>,
 *   executeFile(path: string): Promise<void>,
 * }} SeedStore
 * @typedef {{ sql: string, units: number, masters: Array<{ key: string, file: string }> }} Batch
 * @typedef {{ fingerprint: string, unchanged: boolean, units: number, changed: number, masters: number, work: Batch[] }} SeedPlan
 */

/** What seeding would write, read from the store without changing it. */
export async function planSeed(store, log = () => {}) {
  const fingerprint = await corpusFingerprint();
  const recorded = await store.read(fingerprint);
  if (recorded.seeded) return { fingerprint, unchanged: true, units: recorded.units.size, changed: 0, masters: 0, work: [] };

  const corpus = await loadSeed();
  const masters = await renderMasters(corpusBrands(corpus).brands, log);
  const units = await corpusUnits(corpus, masters.lookup);
  const changed = changedUnits(units, recorded.units);
  const work = batches(changed.map((unit) => ({ unit, lines: unit.statements.map(sqlText) }))).map((batch) => ({
    sql: [...batch.flatMap((b) => b.lines), ...unitRecords(batch.map((b) => b.unit)).map(sqlText)].join("\n"),
    units: batch.length,
    masters: masterFiles(batch.flatMap((b) => b.unit.masters), masters.fileOf),
  }));
  return {
    fingerprint,
    unchanged: false,
    units: units.length,
    changed: changed.length,
    masters: new Set(work.flatMap((b) => b.masters.map((m) => m.key))).size,
    work,
  };
}

/** Writes what planSeed found changed, batch by batch, then records the fingerprint. */
export async function applySeed(store, plan, { workDir, log = () => {} }) {
  if (plan.unchanged) return;
  await mkdir(workDir, { recursive: true });
  const masters = [...new Map(plan.work.flatMap((b) => b.masters).map((m) => [m.key, m])).values()];
  if (masters.length) {
    await store.putMasters(masters, `${workDir}/masters.json`);
    log(`  logo masters: ${masters.length} uploaded`);
  }
  for (const [i, batch] of plan.work.entries()) {
    const name = `${workDir}/seed-${String(i + 1).padStart(3, "0")}`;
    await writeFile(`${name}.sql`, `${batch.sql}\n`);
    await store.executeFile(`${name}.sql`);
    log(`  batch ${i + 1}/${plan.work.length}: ${batch.units} units`);
  }
  await writeFile(`${workDir}/seed-done.sql`, `${sqlText(seedRunRecord(plan.fingerprint))}\n`);
  await store.executeFile(`${workDir}/seed-done.sql`);
  await rm(workDir, { recursive: true, force: true });
}

/** Each master's files (its PNG, its small master and its SVG when it has them), once each. */
function masterFiles(masters, fileOf) {
  const keys = new Set(masters.flatMap((m) => [m.key, ...[m.smallKey, m.svgKey].filter(Boolean)]));
  return [...keys].map((key) => ({ key, file: fileOf(key) }));
}

/** Units (as their SQL lines) in order, cut where a batch would pass either limit; a unit is never split. */
function batches(units) {
  const out = [];
  let current = [];
  let statements = 0;
  let bytes = 0;
  for (const unit of units) {
    const size = unit.lines.reduce((n, line) => n + Buffer.byteLength(line) + 1, 0);
    if (current.length && (statements + unit.lines.length > BATCH_STATEMENTS || bytes + size > BATCH_BYTES)) {
      out.push(current);
      current = [];
      statements = 0;
      bytes = 0;
    }
    current.push(unit);
    statements += unit.lines.length;
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

/** One line for a plan: what seeding will do. */
export function describeSeedPlan(plan) {
  if (plan.unchanged) return `unchanged (corpus ${plan.fingerprint.slice(0, 12)} already seeded, ${plan.units} units)`;
  return (
    `corpus ${plan.fingerprint.slice(0, 12)}: ${plan.changed} of ${plan.units} units to write in ${plan.work.length} ` +
    `batch${plan.work.length === 1 ? "" : "es"}, ${plan.masters} logo masters to upload`
  );
}
