// The logo coverage report (README, "Logo coverage"): what a user sees offline on `npm start` for the 100 most linked
// sites of the web (docs/coverage/top-sites-100.json, from the `top-sites` package) and for every seeded exchange and
// index. Starts npm start's launcher on its own state (.dev/coverage), asks the image host for each, and writes
// docs/coverage.md (every answer), two contact sheets and the README's examples under docs/img/.
// Usage: npm run coverage
import { readFile, writeFile } from "node:fs/promises";
import { Resvg } from "@resvg/resvg-wasm";
import { encodePng } from "../packages/core/src/render/codecs.ts";
import { PixelData } from "../packages/core/src/render/image-data.ts";
import { launch } from "./lib/launcher.mjs";
import { ROOT } from "./lib/local-env.mjs";
import { initNodeCodecs } from "./lib/logo-masters.mjs";
import { packageFile } from "./lib/package-file.mjs";
import { loadSeed } from "./lib/seed-files.mjs";

const DIR = `${ROOT}.dev/coverage`;
/** The one single-colour source (seed/README.md); every other package draws in full colour. */
const SINGLE_COLOUR_SOURCE = "simple-icons";
const readJson = async (path) => JSON.parse(await readFile(`${ROOT}${path}`, "utf8"));

const { demo, stop } = await launch({ dir: DIR, logFile: `${DIR}/services.log` });
let report;
try {
  await initNodeCodecs();
  const top = (await readJson("docs/coverage/top-sites-100.json")).sites;
  const sourceOf = iconSources(await loadSeed());
  const exchanges = await readJson("seed/exchanges.json");
  const indices = await readJson("seed/indices.json");
  report = {
    sites: await askAll(top.map((s) => ({ label: s.domain, path: `/${s.domain}`, kind: "domain", source: sourceOf(s.domain) }))),
    markets: await askAll([
      ...exchanges.map((e) => ({ label: e.mic, path: `/exchange/${e.mic}`, kind: "exchange" })),
      ...indices.map((i) => ({ label: i.symbol, path: `/index/${i.symbol}`, kind: "index" })),
    ]),
    examples: await askAll([
      { label: "/walmart.com", path: "/walmart.com", kind: "domain" },
      { label: "/exchange/NYSE dark", path: "/exchange/NYSE", query: "&theme=dark", kind: "exchange" },
      { label: "/apple.com dark", path: "/apple.com", query: "&theme=dark", kind: "domain" },
      { label: "/name/spotify grey", path: "/name/spotify", query: "&greyscale", kind: "domain" },
      { label: "/microsoft.com", path: "/microsoft.com", kind: "domain" },
      { label: "…?type=logo", path: "/microsoft.com", query: "&type=logo", kind: "domain" },
    ]),
  };
} finally {
  await stop();
}

const font = await readFile(packageFile("@expo-google-fonts/inter", "600SemiBold/Inter_600SemiBold.ttf"));
await writeFile(`${ROOT}docs/img/coverage-top-sites.png`, await contactSheet(report.sites.slice(0, 40), font));
await writeFile(`${ROOT}docs/img/coverage-exchanges-indices.png`, await contactSheet(report.markets, font));
await writeFile(`${ROOT}docs/img/examples.png`, await contactSheet(report.examples, font, "#d4d4d4"));
await writeFile(`${ROOT}docs/coverage.md`, markdown(report));
console.log(summaryLine("top 100 sites", report.sites));
console.log(summaryLine("exchanges and indices", report.markets));

/** The package each seeded domain's icon comes from (its brand's own domain or one of its other domains). */
function iconSources(corpus) {
  const byDomain = new Map();
  for (const brand of corpus.brands) {
    for (const domain of [brand.domain, ...brand.domains]) byDomain.set(domain, brand.icon?.package ?? null);
  }
  return (domain) => byDomain.get(domain) ?? null;
}

/** Asks the image host for each lookup, one at a time (the local Workers share two cores). */
async function askAll(lookups) {
  const out = [];
  for (const lookup of lookups) out.push({ ...lookup, ...(await ask(lookup)) });
  return out;
}

async function ask(lookup) {
  const response = await fetch(`${demo.img_url}${lookup.path}?token=${demo.publishable_key}&format=png&size=128${lookup.query ?? ""}`);
  if (response.status !== 200) throw new Error(`${lookup.path} answered ${response.status}`);
  const png = new Uint8Array(await response.arrayBuffer());
  const fallback = response.headers.has("X-Logo-Fallback");
  // A fallback for a code (exchange, index) is its text mark; for a domain, the letter tile.
  const shows = !fallback ? "logo" : lookup.kind === "domain" ? "letter tile" : "text mark";
  return { png, shows };
}

function tally(rows) {
  const count = (test) => rows.filter(test).length;
  return {
    logos: count((r) => r.shows === "logo"),
    fullColour: count((r) => r.shows === "logo" && r.source !== SINGLE_COLOUR_SOURCE),
    singleColour: count((r) => r.shows === "logo" && r.source === SINGLE_COLOUR_SOURCE),
    text: count((r) => r.shows === "text mark"),
    letter: count((r) => r.shows === "letter tile"),
  };
}

function summaryLine(what, rows) {
  const t = tally(rows);
  const split = t.logos ? ` (${t.fullColour} from full-colour drawings, ${t.singleColour} single-colour Simple Icons marks)` : "";
  return `${what}: ${t.logos} of ${rows.length} real logos${split}, ${t.text} text marks, ${t.letter} letter tiles`;
}

function markdown({ sites, markets }) {
  const row = (r, i) => `| ${i + 1} | \`${r.label}\` | ${r.shows} | ${r.shows === "logo" ? (r.source ?? "crawled") : ""} |`;
  const table = (rows) => ["| # | lookup | shows | drawing from |", "|---|---|---|---|", ...rows.map(row)].join("\n");
  return `# Logo coverage, offline

Generated by \`npm run coverage\` on ${new Date().toISOString().slice(0, 10)}: what the image host answers on \`npm start\` with
its embedded corpus and no network, at 128 px. Sites: the 100 most linked registrable domains of the \`top-sites\`
package (docs/coverage/top-sites-100.json). "Drawing from": the icon package of the seeded brand (seed/README.md).

- ${summaryLine("Top 100 sites", sites)}
- ${summaryLine("Exchanges and indices", markets)}

Contact sheets: [top 40 sites](img/coverage-top-sites.png), [exchanges and indices](img/coverage-exchanges-indices.png).

## Top 100 sites

${table(sites)}

## Exchanges and indices

${table(markets)}
`;
}

/** A grid of 128 px tiles on a page (white unless given), each labelled, rasterised by resvg with the bundled Inter. */
async function contactSheet(rows, font, page = "#fff") {
  const [columns, tile, labelHeight, gap] = [Math.min(8, rows.length), 128, 28, 16];
  const width = columns * (tile + gap) + gap;
  const height = Math.ceil(rows.length / columns) * (tile + labelHeight + gap) + gap;
  const cells = rows.map((r, i) => {
    const x = gap + (i % columns) * (tile + gap);
    const y = gap + Math.floor(i / columns) * (tile + labelHeight + gap);
    const label = r.label.length > 20 ? `${r.label.slice(0, 19)}…` : r.label;
    return (
      `<rect x="${x - 1}" y="${y - 1}" width="${tile + 2}" height="${tile + 2}" fill="none" stroke="#e5e5e5"/>` +
      `<image x="${x}" y="${y}" width="${tile}" height="${tile}" href="data:image/png;base64,${Buffer.from(r.png).toString("base64")}"/>` +
      `<text x="${x + tile / 2}" y="${y + tile + 18}" font-size="12" text-anchor="middle" fill="#333">${escapeXml(label)}</text>`
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${page}"/>${cells.join("")}</svg>`;
  const resvg = new Resvg(svg, { font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: "Inter" } });
  const rendered = resvg.render();
  const png = await encodePng(new PixelData(new Uint8ClampedArray(rendered.pixels), rendered.width, rendered.height));
  rendered.free();
  resvg.free();
  return new Uint8Array(png);
}

function escapeXml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}
