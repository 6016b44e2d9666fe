// Pixel work the codecs do not do: fitting into a box, centring on a canvas, flattening alpha.
import { PixelData, type Pixels } from "./image-data.ts";

export type Rgb = { r: number; g: number; b: number };

/** The largest size with the source's aspect ratio that fits inside the box (never cropped or stretched). */
export function fitInside(width: number, height: number, boxWidth: number, boxHeight: number) {
  const scale = Math.min(boxWidth / width, boxHeight / height);
  return {
    width: Math.max(1, Math.min(boxWidth, Math.round(width * scale))),
    height: Math.max(1, Math.min(boxHeight, Math.round(height * scale))),
  };
}

/** Places `image` in the middle of a transparent canvas of the box size. */
export function centreOnCanvas(image: Pixels, boxWidth: number, boxHeight: number): Pixels {
  if (image.width === boxWidth && image.height === boxHeight) return image;
  const out = new Uint8ClampedArray(boxWidth * boxHeight * 4);
  const left = Math.floor((boxWidth - image.width) / 2);
  const top = Math.floor((boxHeight - image.height) / 2);
  for (let y = 0; y < image.height; y++) {
    const from = y * image.width * 4;
    out.set(image.data.subarray(from, from + image.width * 4), ((top + y) * boxWidth + left) * 4);
  }
  return new PixelData(out, boxWidth, boxHeight);
}

/** Blends every pixel over an opaque background (for formats without alpha). */
export function flatten(image: Pixels, background: Rgb): Pixels {
  const src = image.data;
  const out = new Uint8ClampedArray(src.length);
  for (let i = 0; i < src.length; i += 4) {
    const a = src[i + 3] / 255;
    out[i] = src[i] * a + background.r * (1 - a);
    out[i + 1] = src[i + 1] * a + background.g * (1 - a);
    out[i + 2] = src[i + 2] * a + background.b * (1 - a);
    out[i + 3] = 255;
  }
  return new PixelData(out, image.width, image.height);
}
