// Seed-time logo masters: an icon package's SVG, rasterised with resvg, stored in R2 as a PNG named by its hash,
// with the blurhash of the logo on white. Results are cached by the icon's fingerprint so a re-seed is quick.
import { readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { initCodecs, encodePng, rasteriseSvg } from "../../packages/core/src/render/codecs.ts";
import { logoBlurhash } from "../../packages/core/src/ingest/blurhash.ts";
import { hexToRgb, luminance } from "../../packages/core/src/brands/colors.ts";
import { sha256Hex } from "../../packages/core/src/ids.ts";
import { packageFile } from "./seed-files.mjs";
import { ROOT } from "./local-env.mjs";

export const MASTER_SIZE = 1024;
const CACHE_FILE = `${ROOT}.wrangler/seed-logos.json`;

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

export async function openMasterCache() {
  const cache = existsSync(CACHE_FILE) ? JSON.parse(await readFile(CACHE_FILE, "utf8")) : {};
  return { cache, save: () => writeFile(CACHE_FILE, JSON.stringify(cache)) };
}

/** Returns the master for an icon, rendering and uploading it unless R2 already has it. */
export async function masterFor(logos, cache, icon, color) {
  // Bump the version when rendering changes, so cached masters are rendered again.
  const fingerprint = JSON.stringify(["v2", icon, color, MASTER_SIZE]);
  const known = cache[fingerprint];
  if (known && (await logos.head(known.key))) return known;

  const image = await rasteriseSvg(await iconSvg(icon, color), MASTER_SIZE);
  const png = new Uint8Array(await encodePng(image));
  const key = `logos/${await sha256Hex(png)}.png`;
  if (!(await logos.head(key))) await logos.put(key, png, { httpMetadata: { contentType: "image/png" } });

  const master = { key, width: image.width, height: image.height, blurhash: logoBlurhash(image) };
  cache[fingerprint] = master;
  return master;
}
