// Finds a file inside an installed package, whatever its `exports` map allows (simple-icons exports no data path).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const root = new URL("../../", import.meta.url);

export function packageFile(pkg, rel) {
  for (const dir of createRequire(root).resolve.paths(pkg) ?? []) {
    if (existsSync(`${dir}/${pkg}/package.json`)) return `${dir}/${pkg}/${rel}`;
  }
  throw new Error(`package ${pkg} is not installed (run npm install)`);
}
