// Node side of the seed corpus: reads /seed and the icon packages' catalogues, then validates with core.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { SEED_FILES } from "../../packages/core/src/seed/schema.ts";
import { validateSeed } from "../../packages/core/src/seed/validate.ts";

const root = new URL("../../", import.meta.url);

/** A file inside an installed package, whatever its `exports` map allows (simple-icons exports no data path). */
export function packageFile(pkg, rel) {
  for (const dir of createRequire(root).resolve.paths(pkg) ?? []) {
    if (existsSync(`${dir}/${pkg}/package.json`)) return `${dir}/${pkg}/${rel}`;
  }
  throw new Error(`package ${pkg} is not installed (run npm install)`);
}

const readJson = async (path) => JSON.parse(await readFile(path, "utf8"));

export async function loadSeed() {
  const files = {};
  for (const name of Object.keys(SEED_FILES)) files[name] = await readJson(new URL(`seed/${name}`, root));
  const slugs = (await readJson(packageFile("simple-icons", "data/simple-icons.json"))).map((i) => i.slug);
  const symbols = (await readJson(packageFile("cryptocurrency-icons", "manifest.json"))).map((i) => i.symbol.toLowerCase());
  return validateSeed(files, { slugs: new Set(slugs), cryptoSymbols: new Set(symbols) });
}
