// Seed-time logo masters: an icon package's SVG rasterised with resvg to a PNG named by its hash, with the blurhash of
// the logo on white. The PNGs are kept as files under .wrangler/seed-masters (with an index by icon and colour), so a
// re-seed renders nothing and every transport (local R2 through wrangler, remote R2, the benches) uploads the same
// bytes.
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { initCodecs, encodePng, rasteriseSvg } from "../../packages/core/src/render/codecs.ts";
import { logoBlurhash } from "../../packages/core/src/ingest/blurhash.ts";
import { hexToRgb, luminance } from "../../packages/core/src/brands/colors.ts";
import { sha256Hex } from "../../packages/core/src/ids.ts";
import { packageFile } from "./seed-files.mjs";
import { ROOT } from "./local-env.mjs";

export const MASTER_SIZE = 1024;
const CACHE_DIR = `${ROOT}.wrangler/seed-masters`;
const INDEX_FILE = `${CACHE_DIR}/index.json`;
// Bump when rendering changes, so cached masters are rendered again.
const RENDER_VERSION = "v2";

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

/** simple-icons are single paths without a fill: paint them in the brand colour (black when it is near-white). */
async function iconSvg(icon, color) {
  if (icon.package === "cryptocurrency-icons") {
    return readFile(packageFile("cryptocurrency-icons", `svg/color/${icon.symbol.toLowerCase()}.svg`), "utf8");
  }
  const svg = await readFile(packageFile("simple-icons", `icons/${icon.slug}.svg`), "utf8");
  const fill = color && luminance(hexToRgb(color)) < 0.8 ? color : "#000000";
  return svg.replace("<svg ", `<svg fill="${fill}" `);
}

const fingerprintOf = (icon, color) => JSON.stringify([RENDER_VERSION, icon, color, MASTER_SIZE]);
const fileOf = (key) => `${CACHE_DIR}/${key.slice("logos/".length)}`;

/**
 * Renders (or finds in the cache) the master of every brand icon in the corpus. Returns the lookup the seed units
 * take, and the PNG file of each master key.
 * @param {Array<{ icon: object | null, colors: string[] }>} brands
 */
export async function renderMasters(brands, log = () => {}) {
  await mkdir(CACHE_DIR, { recursive: true });
  const index = existsSync(INDEX_FILE) ? JSON.parse(await readFile(INDEX_FILE, "utf8")) : {};
  const wanted = brands.filter((b) => b.icon);
  let rendered = 0;
  for (const brand of wanted) {
    const fingerprint = fingerprintOf(brand.icon, brand.colors[0] ?? null);
    const known = index[fingerprint];
    if (known && existsSync(fileOf(known.key))) continue;
    if (rendered === 0) await initNodeCodecs();
    const image = await rasteriseSvg(await iconSvg(brand.icon, brand.colors[0] ?? null), MASTER_SIZE);
    const png = new Uint8Array(await encodePng(image));
    const key = `logos/${await sha256Hex(png)}.png`;
    const temp = `${fileOf(key)}.${process.pid}`;
    await writeFile(temp, png);
    await rename(temp, fileOf(key));
    index[fingerprint] = { key, width: image.width, height: image.height, blurhash: logoBlurhash(image) };
    if (++rendered % 100 === 0) log(`  rendered ${rendered} logo masters`);
  }
  if (rendered) {
    // Written whole and renamed into place: two seeds rendering at once (the tests run several) never read half a file.
    const temp = `${INDEX_FILE}.${process.pid}`;
    await writeFile(temp, JSON.stringify(index));
    await rename(temp, INDEX_FILE);
    log(`  rendered ${rendered} logo masters (cached in .wrangler/seed-masters)`);
  }
  return {
    /** @type {import("../../packages/core/src/seed/corpus.ts").MasterLookup} */
    lookup: (icon, color) => index[fingerprintOf(icon, color)] ?? null,
    fileOf,
  };
}
