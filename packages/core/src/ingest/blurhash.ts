// The blurhash of a logo (design §6: about 20–30 characters): the logo flattened on white, box-filtered down to at
// most 32×32 with its aspect ratio kept, encoded with 4×3 components (28 characters). Synchronous and allocation-light:
// one pass over the source pixels, sums in typed arrays.
import { encode } from "blurhash";
import type { Pixels } from "../render/image-data.ts";

const SMALL_SIDE = 32;
const COMPONENTS_X = 4;
const COMPONENTS_Y = 3;

export function logoBlurhash(image: Pixels): string {
  const { width, height, data } = image;
  if (width < 1 || height < 1) throw new Error("logoBlurhash: empty image");
  const scale = Math.min(1, SMALL_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));

  // Which output column each source column falls in (the box filter's footprint), computed once.
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(w - 1, Math.floor((x * w) / width));

  const sums = new Float64Array(w * h * 3);
  const counts = new Uint32Array(w * h);
  for (let y = 0; y < height; y++) {
    const rowOut = Math.min(h - 1, Math.floor((y * h) / height)) * w;
    let i = y * width * 4;
    for (let x = 0; x < width; x++, i += 4) {
      // Straight alpha over white: c·a + 255·(1 − a), in 0..255·255 to stay in integers until the division.
      const a = data[i + 3];
      const white = 255 * (255 - a);
      const o = rowOut + column[x];
      const s = o * 3;
      sums[s] += data[i] * a + white;
      sums[s + 1] += data[i + 1] * a + white;
      sums[s + 2] += data[i + 2] * a + white;
      counts[o]++;
    }
  }

  const small = new Uint8ClampedArray(w * h * 4);
  for (let o = 0; o < w * h; o++) {
    const n = counts[o] * 255;
    small[o * 4] = Math.round(sums[o * 3] / n);
    small[o * 4 + 1] = Math.round(sums[o * 3 + 1] / n);
    small[o * 4 + 2] = Math.round(sums[o * 3 + 2] / n);
    small[o * 4 + 3] = 255;
  }
  return encode(small, w, h, COMPONENTS_X, COMPONENTS_Y);
}
