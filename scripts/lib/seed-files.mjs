// Node side of the seed corpus: reads /seed and the icon packages' catalogues, then validates with core.
import { readFile } from "node:fs/promises";
import { SEED_FILES } from "../../packages/core/src/seed/schema.ts";
import { validateSeed } from "../../packages/core/src/seed/validate.ts";
import { iconCatalogue } from "./icon-catalogue.mjs";

const root = new URL("../../", import.meta.url);
const readJson = async (path) => JSON.parse(await readFile(path, "utf8"));

export async function loadSeed() {
  const files = {};
  for (const name of Object.keys(SEED_FILES)) files[name] = await readJson(new URL(`seed/${name}`, root));
  return validateSeed(files, iconCatalogue());
}
