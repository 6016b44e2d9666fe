// Node side of the seed corpus: reads /seed and the icon packages' catalogues, then validates with core.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { SEED_FILES } from "../../packages/core/src/seed/schema.ts";
import { validateSeed } from "../../packages/core/src/seed/validate.ts";
import { iconCatalogue } from "./icon-catalogue.mjs";

const readJson = async (path) => JSON.parse(await readFile(path, "utf8"));

/**
 * The folder the corpus is read from: /seed, or BRAND_SEED_DIR when set (the deploy tests seed a slice of the corpus,
 * test/deploy/seed-slice.ts: the whole of it is seeded by npm start and the Workers' tests).
 */
export const seedDir = () =>
  process.env.BRAND_SEED_DIR ? pathToFileURL(`${resolve(process.env.BRAND_SEED_DIR)}/`) : new URL("../../seed/", import.meta.url);

export async function loadSeed() {
  const files = {};
  for (const name of Object.keys(SEED_FILES)) files[name] = await readJson(new URL(name, seedDir()));
  return validateSeed(files, iconCatalogue());
}
