// An integer box reduction: the cheap first step of a large shrink, so the Lanczos pass after it (far costlier per
// source pixel) only sees a few times the output's pixels. Ingest (a 4096 px source) and render both use it.
import { PixelData, type Pixels } from "./image-data.ts";

/**
 * Shrinks by integer factors, averaging each factorX×factorY block with alpha weighting (so transparent pixels lend
 * no colour to edges). Remainder columns and rows fold into the last block (the result is never smaller than
 * floor(side / factor)), which stretches that block: a caller that needs exact geometry passes factors that divide
 * the sides. The sums stay whole numbers (exact in a double at any factor), so the bytes never drift: masters are
 * content-addressed, and a different master for the same source would read as a changed logo.
 */
export function boxShrink(image: Pixels, factorX: number, factorY: number): Pixels {
  const { width, height } = image;
  const w = Math.floor(width / factorX);
  const h = Math.floor(height / factorY);
  const out = new Uint8ClampedArray(w * h * 4);
  for (let oy = 0, i = 0; oy < h; oy++) {
    const top = oy * factorY;
    const bottom = oy === h - 1 ? height : top + factorY;
    for (let ox = 0; ox < w; ox++, i += 4) {
      const left = ox * factorX;
      averageBlock(image, left, ox === w - 1 ? width : left + factorX, top, bottom, out, i);
    }
  }
  return new PixelData(out, w, h);
}

/** Writes the alpha-weighted mean of the block [left, right) × [top, bottom) at out[i…i+3]. */
function averageBlock(image: Pixels, left: number, right: number, top: number, bottom: number, out: Uint8ClampedArray, i: number) {
  const { data, width } = image;
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let y = top; y < bottom; y++) {
    const end = (y * width + right) * 4;
    for (let j = (y * width + left) * 4; j < end; j += 4) {
      const alpha = data[j + 3];
      if (alpha === 0) continue; // logos are often half transparent: skipping those pixels is much of the speed
      r += data[j] * alpha;
      g += data[j + 1] * alpha;
      b += data[j + 2] * alpha;
      a += alpha;
    }
  }
  if (a === 0) return; // a fully transparent block stays 0, 0, 0, 0
  out[i] = Math.round(r / a);
  out[i + 1] = Math.round(g / a);
  out[i + 2] = Math.round(b / a);
  out[i + 3] = Math.round(a / ((right - left) * (bottom - top)));
}
