// Test brands with real PNG masters in R2, written through the same statements the seed script uses.
import { env } from "cloudflare:workers";
import { sha256Hex } from "@brand/core/ids";
import { encodePng } from "@brand/core/render/codecs";
import { PixelData } from "@brand/core/render/image-data";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { brandStatements, prepareAll, type SeedBrandInput } from "@brand/core/seed/write";

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

export async function seedBrand(
  brand: Partial<SeedBrandInput> & { domain: string; name: string },
  logo: ArrayBuffer | null = null,
) {
  let master = null;
  if (logo) {
    const key = `logos/${await sha256Hex(logo)}.png`;
    await env.LOGOS.put(key, logo, { httpMetadata: { contentType: "image/png" } });
    master = { key, width: 512, height: 256, blurhash: "LKO2?U%2Tw=w]~RBVZRi};RPxuwH" };
  }
  const input: SeedBrandInput = {
    key: brand.domain,
    aliases: [],
    description: `${brand.name} is a test brand.`,
    colors: ["#dc143c"],
    socials: {},
    popularity: 50,
    icon: null,
    listings: [],
    isins: [],
    ...brand,
  };
  await env.DB.batch(prepareAll(env.DB, await brandStatements(input, master)));
}
