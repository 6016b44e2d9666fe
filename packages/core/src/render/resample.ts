// Scaling a logo to an exact size. Lanczos3 costs in proportion to the source pixels times the reduction ratio, so a
// large shrink first takes an integer box reduction down to about twice the target, and Lanczos3 does the last 2× or
// more: the split libvips' resize makes (its `gap` of 2), and within a few levels of the direct Lanczos result.
import { boxShrink } from "./box-shrink.ts";
import { resize } from "./codecs.ts";
import type { Pixels } from "./image-data.ts";

/** The reduction Lanczos3 is always left to do after the box step: enough for it to filter the aliasing away. */
const LANCZOS_GAP = 2;

export function resample(image: Pixels, width: number, height: number): Promise<Pixels> {
  const factorX = boxFactor(image.width, width);
  const factorY = boxFactor(image.height, height);
  const input = factorX > 1 || factorY > 1 ? boxShrink(image, factorX, factorY) : image;
  return resize(input, width, height);
}

/**
 * The largest factor up to a LANCZOS_GAP-th of the reduction that divides the side: Lanczos maps the whole input onto
 * the whole output, so a block stretched by a remainder would shift the logo by up to half an output pixel. A side
 * with no such divisor is left to Lanczos alone (slower, never wrong).
 */
function boxFactor(side: number, target: number): number {
  for (let factor = Math.floor(side / target / LANCZOS_GAP); factor > 1; factor--) if (side % factor === 0) return factor;
  return 1;
}
