// The deploy tests seed a slice of the corpus, not all of it: what they prove (every unit lands, in batches, resumes
// after an interruption, re-seeds only what changed, uploads every logo master) does not depend on its size, and the
// whole corpus (about 4,000 brands) would take each of their wrangler runs minutes. The slice is every file of /seed
// with the merchant files emptied, and the parent pairs, added aliases and markets whose brands stay; npm start and the
// Workers' tests seed it all.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { SEED_FILES } from "../../packages/core/src/seed/schema.ts";

/** Where the slice is written; the deploy project's BRAND_SEED_DIR (vitest.config.ts). */
export const SEED_SLICE_DIR = `${tmpdir()}/brand-asset-service-seed-slice`;

type Named = { domain?: string; child?: string; parent?: string };

export default function writeSeedSlice(): void {
  mkdirSync(SEED_SLICE_DIR, { recursive: true });
  const read = (name: string): Named[] => JSON.parse(readFileSync(`${import.meta.dirname}/../../seed/${name}`, "utf8"));
  const files = Object.fromEntries(Object.keys(SEED_FILES).map((name) => [name, name.startsWith("merchants-") ? [] : read(name)]));
  // The files that add to a brand by its domain keep only what they add to the brands that stay.
  const additions = ["aliases.json", "merchant-markets.json"];
  const domains = new Set(Object.entries(files).flatMap(([name, entries]) => (additions.includes(name) ? [] : entries.map((b) => b.domain))));
  files["parents.json"] = files["parents.json"].filter((p) => domains.has(p.child) && domains.has(p.parent));
  for (const name of additions) files[name] = files[name].filter((a) => domains.has(a.domain));
  for (const [name, entries] of Object.entries(files)) writeFileSync(`${SEED_SLICE_DIR}/${name}`, `${JSON.stringify(entries, null, 2)}\n`);
}
