// Decoding what the image host sent, whatever its format, with the same codecs the Workers use.
import { decodeJpeg, decodePng, decodeWebp } from "@brand/core/render/codecs";
import type { Pixels } from "@brand/core/render/image-data";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";

export async function decodeImage(response: Response): Promise<Pixels> {
  await initWorkerCodecs();
  const bytes = await response.arrayBuffer();
  switch (response.headers.get("content-type")) {
    case "image/jpeg":
      return decodeJpeg(bytes);
    case "image/png":
      return decodePng(bytes);
    case "image/webp":
      return decodeWebp(bytes);
    default:
      throw new Error(`not an image: ${response.headers.get("content-type")}`);
  }
}

export function pixel(image: Pixels, x: number, y: number) {
  const i = (y * image.width + x) * 4;
  return { r: image.data[i], g: image.data[i + 1], b: image.data[i + 2], a: image.data[i + 3] };
}

/** Signature bytes, to prove the body is really in the format its Content-Type says. */
export function magic(bytes: ArrayBuffer): "jpg" | "png" | "webp" | "unknown" {
  const b = new Uint8Array(bytes);
  if (b[0] === 0xff && b[1] === 0xd8) return "jpg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (String.fromCharCode(...b.subarray(0, 4)) === "RIFF" && String.fromCharCode(...b.subarray(8, 12)) === "WEBP") return "webp";
  return "unknown";
}

/** How far each pixel sits from the background towards the glyph colour: 0 background, 1 glyph (monograms, marks). */
export function glyphCoverage(
  image: Pixels,
  background: { r: number; g: number; b: number },
  glyph: { r: number; g: number; b: number },
): Float64Array {
  const out = new Float64Array(image.width * image.height);
  const span = [glyph.r - background.r, glyph.g - background.g, glyph.b - background.b];
  const length2 = span.reduce((s, v) => s + v * v, 0);
  for (let i = 0; i < out.length; i++) {
    const d = [image.data[i * 4] - background.r, image.data[i * 4 + 1] - background.g, image.data[i * 4 + 2] - background.b];
    out[i] = (d[0] * span[0] + d[1] * span[1] + d[2] * span[2]) / length2;
  }
  return out;
}
