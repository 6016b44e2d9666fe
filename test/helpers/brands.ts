// Test brands with real PNG masters in R2, written through the same statements the seed script uses.
import { env } from "cloudflare:workers";
import { sha256Hex } from "@brand/core/ids";
import { makeSmallMaster } from "@brand/core/ingest/master";
import { decodePng, encodePng } from "@brand/core/render/codecs";
import { smallMasterKey } from "@brand/core/render/small-master";
import { PixelData } from "@brand/core/render/image-data";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { SEED_IMAGE_SCORE } from "@brand/core/brands/image-rank";
import { brandStatements, prepareAll, type BrandImages, type MasterLogo, type SeedBrandInput } from "@brand/core/seed/write";

/** A `width`×`height` PNG: an opaque `rgb` rectangle inset by a quarter on each side, transparent around it. */
export async function logoPng(width: number, height: number, rgb = { r: 220, g: 20, b: 60 }): Promise<ArrayBuffer> {
  await initWorkerCodecs();
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = Math.floor(height / 4); y < Math.ceil((height * 3) / 4); y++) {
    for (let x = Math.floor(width / 4); x < Math.ceil((width * 3) / 4); x++) {
      data.set([rgb.r, rgb.g, rgb.b, 255], (y * width + x) * 4);
    }
  }
  return encodePng(new PixelData(data, width, height));
}

/**
 * Stores a PNG (and an SVG twin when given) as a seed master with its real size, and its small master beside it when it
 * is larger than that (render/small-master.ts), as the seed and the crawler do.
 */
export async function storeMaster(png: ArrayBuffer, options: { score?: number; svg?: string } = {}): Promise<MasterLogo> {
  const key = `logos/${await sha256Hex(png)}.png`;
  await env.LOGOS.put(key, png, { httpMetadata: { contentType: "image/png" } });
  const small = await makeSmallMaster(await decodePng(png));
  if (small) await env.LOGOS.put(smallMasterKey(key), small.png, { httpMetadata: { contentType: "image/png" } });
  let svgKey: string | null = null;
  if (options.svg) {
    svgKey = `logos/${await sha256Hex(new TextEncoder().encode(options.svg))}.svg`;
    await env.LOGOS.put(svgKey, options.svg, { httpMetadata: { contentType: "image/svg+xml" } });
  }
  const header = new DataView(png, 16, 8); // IHDR: width and height
  return {
    key,
    width: header.getUint32(0),
    height: header.getUint32(4),
    blurhash: "LKO2?U%2Tw=w]~RBVZRi};RPxuwH",
    svgKey,
    score: options.score ?? SEED_IMAGE_SCORE.fullColour,
  };
}

/**
 * A brand written through the seed's own statements. `logo` is its full logo; `images.brandmark` its square symbol
 * (none unless given, so the logo is also what the image host serves).
 */
export async function seedBrand(
  brand: Partial<SeedBrandInput> & { domain: string; name: string },
  logo: ArrayBuffer | null = null,
  images: { brandmark?: ArrayBuffer; score?: number; svg?: string } = {},
) {
  const input: SeedBrandInput = {
    key: brand.domain,
    aliases: [],
    description: `${brand.name} is a test brand.`,
    colors: ["#dc143c"],
    socials: {},
    popularity: 50,
    icon: null,
    wordmark: null,
    domains: [],
    listings: [],
    isins: [],
    market: null,
    category: null,
    ...brand,
  };
  const masters: BrandImages = {
    logo: logo && (await storeMaster(logo, images)),
    brandmark: images.brandmark ? await storeMaster(images.brandmark, { score: images.score }) : null,
  };
  await env.DB.batch(prepareAll(env.DB, await brandStatements(input, masters)));
}
