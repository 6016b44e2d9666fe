// The small master: the master fitted inside 256×256, stored in R2 beside it. The default variant (128 px, 256 px
// with retina) is rendered from it, so the host decodes and resamples a sixteenth of the pixels of the 1024 px master.
// Its key is derived from the master's, so no row records it; a master stored before it existed has none, and the
// reader falls back to the master itself.
import { fitInside } from "./compose.ts";
import { pixelBox, type VariantSpec } from "./params.ts";

export const SMALL_MASTER_SIDE = 256;

type Size = { width: number; height: number };

/** `logos/<sha256>.png` → `logos/<sha256>.256.png`: the one place the naming lives. */
export const smallMasterKey = (masterKey: string) => masterKey.replace(/\.png$/, `.${SMALL_MASTER_SIDE}.png`);

/** The small master's size for a master of this size, or null when the master already fits (none is stored). */
export function smallMasterSize({ width, height }: Size): Size | null {
  if (width <= SMALL_MASTER_SIDE && height <= SMALL_MASTER_SIDE) return null;
  return fitInside(width, height, SMALL_MASTER_SIDE, SMALL_MASTER_SIDE);
}

/**
 * Whether the small master holds every pixel this variant needs: the logo, fitted in the variant's box (retina
 * included), is no larger than the small master. A master of unknown size (0 × 0 in an old row) never does.
 */
export function smallMasterServes(master: Size, spec: VariantSpec): boolean {
  const small = master.width > 0 && master.height > 0 ? smallMasterSize(master) : null;
  if (!small) return false;
  const box = pixelBox(spec, master.width, master.height);
  const fitted = fitInside(master.width, master.height, box.width, box.height);
  return fitted.width <= small.width && fitted.height <= small.height;
}
