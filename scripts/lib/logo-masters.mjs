// Seed-time logo masters: an icon package's SVG, sanitised (the SVG master users can download), rasterised with
// resvg and trimmed like a crawled logo into the PNG master (and its small master, render/small-master.ts), named by
// their hash, with the blurhash of the logo on white and the score its package earns
// (packages/core/src/brands/image-rank.ts). The files are kept under
// .wrangler/seed-masters (with an index by source and colour), so a re-seed renders nothing and every transport
// (local R2 through wrangler, remote R2, the benches) uploads the same bytes.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { initCodecs, rasteriseSvg } from "../../packages/core/src/render/codecs.ts";
import { logoBlurhash } from "../../packages/core/src/ingest/blurhash.ts";
import { makeMaster } from "../../packages/core/src/ingest/master.ts";
import { smallMasterKey } from "../../packages/core/src/render/small-master.ts";
import { sanitiseSvg } from "../../packages/core/src/ingest/svg-sanitize.ts";
import { hexToRgb, luminance } from "../../packages/core/src/brands/colors.ts";
import { SEED_IMAGE_SCORE } from "../../packages/core/src/brands/image-rank.ts";
import { sha256Hex } from "../../packages/core/src/ids.ts";
import { packageFile } from "./package-file.mjs";
import { ROOT } from "./local-env.mjs";

export const MASTER_SIZE = 1024;
const CACHE_DIR = `${ROOT}.wrangler/seed-masters`;
const INDEX_FILE = `${CACHE_DIR}/index.json`;
// Bump when rendering changes, so cached masters are rendered again (v4: with their small masters).
const RENDER_VERSION = "v4";

export async function initNodeCodecs() {
  const bytes = (pkg, rel) => readFile(packageFile(pkg, rel));
  await initCodecs({
    png: await bytes("@jsquash/png", "codec/pkg/squoosh_png_bg.wasm"),
    resize: await bytes("@jsquash/resize", "lib/resize/pkg/squoosh_resize_bg.wasm"),
    jpegEncode: await bytes("@jsquash/jpeg", "codec/enc/mozjpeg_enc.wasm"),
    jpegDecode: await bytes("@jsquash/jpeg", "codec/dec/mozjpeg_dec.wasm"),
    webpEncode: await bytes("@jsquash/webp", "codec/enc/webp_enc_simd.wasm"),
    webpDecode: await bytes("@jsquash/webp", "codec/dec/webp_dec.wasm"),
    resvg: await bytes("@resvg/resvg-wasm", "index_bg.wasm"),
  });
}

let iconifyLogos = null;
/** The @iconify-json/logos set: read once (8 MB), only when a drawing from it must be rendered. */
async function iconifySet() {
  iconifyLogos ??= JSON.parse(await readFile(packageFile("@iconify-json/logos", "icons.json"), "utf8"));
  return iconifyLogos;
}

/** The source SVG of a drawing. simple-icons are single paths without a fill: painted in the brand colour. */
async function sourceSvg(source, color) {
  switch (source.package) {
    case "@iconify-json/logos": {
      const set = await iconifySet();
      const icon = set.icons[source.name];
      const [width, height] = [icon.width ?? set.width, icon.height ?? set.height];
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" ` +
        `height="${height}" viewBox="${icon.left ?? 0} ${icon.top ?? 0} ${width} ${height}">${icon.body}</svg>`
      );
    }
    case "super-tiny-icons":
      return readFile(packageFile("super-tiny-icons", `images/svg/${source.name}.svg`), "utf8");
    case "cryptocurrency-icons":
      return readFile(packageFile("cryptocurrency-icons", `svg/color/${source.symbol.toLowerCase()}.svg`), "utf8");
    case "simple-icons": {
      const svg = await readFile(packageFile("simple-icons", `icons/${source.slug}.svg`), "utf8");
      const fill = color && luminance(hexToRgb(color)) < 0.8 ? color : "#000000";
      return svg.replace("<svg ", `<svg fill="${fill}" `);
    }
  }
}

const scoreOf = (source) => (source.package === "simple-icons" ? SEED_IMAGE_SCORE.singleColour : SEED_IMAGE_SCORE.fullColour);
const fingerprintOf = (source, color) =>
  JSON.stringify([RENDER_VERSION, source, source.package === "simple-icons" ? color : null, MASTER_SIZE]);
const fileOf = (key) => `${CACHE_DIR}/${key.slice("logos/".length)}`;

/** Written whole and renamed into place: two seeds rendering at once (the tests run several) never read half a file. */
async function writeAtomically(path, bytes) {
  const temp = `${path}.${process.pid}`;
  await writeFile(temp, bytes);
  await rename(temp, path);
}

async function renderOne(source, color) {
  const { svg } = sanitiseSvg(await sourceSvg(source, color));
  const master = await makeMaster(await rasteriseSvg(svg, MASTER_SIZE));
  const key = `logos/${await sha256Hex(master.png)}.png`;
  const svgKey = `logos/${await sha256Hex(new TextEncoder().encode(svg))}.svg`;
  const smallKey = master.small && smallMasterKey(key);
  await writeAtomically(fileOf(key), master.png);
  if (smallKey) await writeAtomically(fileOf(smallKey), master.small.png);
  await writeAtomically(fileOf(svgKey), svg);
  const blurhash = logoBlurhash(master.image);
  return { key, smallKey, svgKey, width: master.width, height: master.height, blurhash, score: scoreOf(source) };
}

/**
 * Renders (or finds in the cache) the master of every drawing the corpus names (icons and wordmarks). Returns the
 * lookup the seed units take, and the file of each master key.
 * @param {Array<{ icon: object | null, wordmark: object | null, colors: string[] }>} brands
 */
export async function renderMasters(brands, log = () => {}) {
  await mkdir(CACHE_DIR, { recursive: true });
  const index = existsSync(INDEX_FILE) ? JSON.parse(await readFile(INDEX_FILE, "utf8")) : {};
  const cached = (entry) =>
    entry && [entry.key, entry.smallKey, entry.svgKey].every((key) => key === null || existsSync(fileOf(key)));
  let rendered = 0;
  for (const brand of brands) {
    const color = brand.colors[0] ?? null;
    for (const source of [brand.icon, brand.wordmark]) {
      if (!source) continue;
      const fingerprint = fingerprintOf(source, color);
      if (cached(index[fingerprint])) continue;
      if (rendered === 0) await initNodeCodecs();
      index[fingerprint] = await renderOne(source, color);
      if (++rendered % 100 === 0) log(`  rendered ${rendered} logo masters`);
    }
  }
  if (rendered) {
    await writeAtomically(INDEX_FILE, JSON.stringify(index));
    log(`  rendered ${rendered} logo masters (cached in .wrangler/seed-masters)`);
  }
  return {
    /** @type {import("../../packages/core/src/seed/corpus.ts").MasterLookup} */
    lookup: (source, color) => index[fingerprintOf(source, color)] ?? null,
    fileOf,
  };
}
