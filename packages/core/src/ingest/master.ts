// From decoded source pixels to the stored master (design §6): borders trimmed, fitted inside 1024×1024 (never
// upscaled), PNG; and its small copy (render/small-master.ts) when it is larger than that. The trimmed, scaled pixels
// come back too, for the colours and the blurhash.
//
// Trimming: rows and columns that are (nearly) fully transparent go first. An opaque image (a JPEG, a logo on a
// white card) also loses a uniform near-white border. Neither ever trims the image to nothing: a blank image is
// kept whole. No safety margin is kept: the image host fits, centres and pads every variant itself.
import { boxShrink } from "../render/box-shrink.ts";
import { encodePng, resize } from "../render/codecs.ts";
import { fitInside } from "../render/compose.ts";
import { PixelData, type Pixels } from "../render/image-data.ts";
import { resample } from "../render/resample.ts";
import { smallMasterSize } from "../render/small-master.ts";

export const MASTER_MAX_SIDE = 1024;
/** Alpha below this is invisible: such pixels count as transparent border. */
const TRANSPARENT_BELOW = 8;
/** An image is opaque when no pixel's alpha is below this. */
const OPAQUE_FROM = 250;
/** Near-white: every channel at least this (JPEG noise on a white card stays within it; #e0e0e0 content does not). */
const WHITE_FROM = 232;

type Png = { png: Uint8Array; width: number; height: number };
/** `small` is null when the master itself fits the small master's box. */
export type Master = Png & { image: Pixels; small: Png | null };

export async function makeMaster(image: Pixels): Promise<Master> {
  let trimmed = crop(image, contentBox(image, "transparent"));
  if (isOpaque(trimmed)) trimmed = crop(trimmed, contentBox(trimmed, "white"));
  let out = trimmed;
  if (trimmed.width > MASTER_MAX_SIDE || trimmed.height > MASTER_MAX_SIDE) {
    const size = fitInside(trimmed.width, trimmed.height, MASTER_MAX_SIDE, MASTER_MAX_SIDE);
    // Lanczos costs ~100 ms a megapixel and grows with the ratio: an integer box reduction in one pass first
    // (a 4096 px source costs tens of milliseconds instead of about a second), Lanczos for the last < 2×.
    const factor = Math.floor(Math.min(trimmed.width / size.width, trimmed.height / size.height));
    if (factor >= 2) out = boxShrink(trimmed, factor, factor);
    out = await resize(out, size.width, size.height);
  }
  const png = new Uint8Array(await encodePng(out));
  return { png, width: out.width, height: out.height, image: out, small: await makeSmallMaster(out) };
}

/** The small master of a master's pixels, scaled as the image host would scale them for a variant of that size. */
export async function makeSmallMaster(master: Pixels): Promise<Png | null> {
  const size = smallMasterSize(master);
  if (!size) return null;
  const small = await resample(master, size.width, size.height);
  return { png: new Uint8Array(await encodePng(small)), width: small.width, height: small.height };
}

type Rect = { left: number; top: number; right: number; bottom: number } | null;

function isOpaque({ data }: Pixels): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] < OPAQUE_FROM) return false;
  return true;
}

/**
 * The smallest rectangle holding every pixel that is not background (inclusive bounds), or null when every pixel is.
 * Scans inwards from each edge, so it reads little more than the border it removes.
 */
function contentBox(image: Pixels, background: "transparent" | "white"): Rect {
  const { width, height, data } = image;
  const white = background === "white";
  const isContent = (i: number) =>
    white
      ? data[i] < WHITE_FROM || data[i + 1] < WHITE_FROM || data[i + 2] < WHITE_FROM || data[i + 3] < OPAQUE_FROM
      : data[i + 3] >= TRANSPARENT_BELOW;
  const rowHas = (y: number) => {
    for (let x = 0, i = y * width * 4; x < width; x++, i += 4) if (isContent(i)) return true;
    return false;
  };
  const columnHas = (x: number, top: number, bottom: number) => {
    for (let y = top, i = (top * width + x) * 4; y <= bottom; y++, i += width * 4) if (isContent(i)) return true;
    return false;
  };
  let top = 0;
  while (top < height && !rowHas(top)) top++;
  if (top === height) return null;
  let bottom = height - 1;
  while (bottom > top && !rowHas(bottom)) bottom--;
  let left = 0;
  while (left < width - 1 && !columnHas(left, top, bottom)) left++;
  let right = width - 1;
  while (right > left && !columnHas(right, top, bottom)) right--;
  return { left, top, right, bottom };
}

function crop(image: Pixels, rect: Rect): Pixels {
  if (!rect) return image;
  const { left, top, right, bottom } = rect;
  const width = right - left + 1;
  const height = bottom - top + 1;
  if (width === image.width && height === image.height) return image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((top + y) * image.width + left) * 4;
    out.set(image.data.subarray(from, from + width * 4), y * width * 4);
  }
  return new PixelData(out, width, height);
}
