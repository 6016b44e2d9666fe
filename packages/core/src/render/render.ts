// From a master PNG (or a monogram or text mark) to the bytes a client asked for.
import { adaptToTheme, greyscale, THEME_BACKGROUNDS } from "./adjust.ts";
import { decodePng, encodeJpeg, encodePng, encodeWebp } from "./codecs.ts";
import { centreOnCanvas, fitInside, flatten } from "./compose.ts";
import type { Pixels } from "./image-data.ts";
import { renderMonogram } from "./monogram.ts";
import { pixelBox, type ImageFormat, type VariantSpec } from "./params.ts";
import { resample } from "./resample.ts";
import { smallMasterSize } from "./small-master.ts";
import { checkPngSource } from "./source-guard.ts";
import { renderTextMark } from "./text-mark.ts";

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export type Rendered = { bytes: ArrayBuffer; contentType: string };

/** A master the guard refused or a decoder could not read: the caller answers with the fallback instead. */
export class UnusableSource extends Error {
  constructor(reason: string) {
    super(`unusable logo source: ${reason}`);
    this.name = "UnusableSource";
  }
}

type Size = { width: number; height: number };

/**
 * Fits the logo inside the box (never cropped or stretched), themes it, centres it and encodes it. `masterSize` is
 * the size the brand row records for its master: when `master` holds that master's small copy instead, the box and
 * the fit follow the full master, so a variant has the same dimensions whichever of the two it was rendered from.
 */
export async function renderLogo(master: ArrayBuffer, spec: VariantSpec, masterSize?: Size): Promise<Rendered> {
  const check = checkPngSource(new Uint8Array(master));
  if (!check.ok) throw new UnusableSource(check.reason);
  let source: Pixels;
  try {
    source = await decodePng(master);
  } catch (error) {
    throw new UnusableSource(error instanceof Error ? error.message : "PNG decode failed");
  }
  const frame = masterSize && isSmallCopy(source, masterSize) ? masterSize : source;
  const box = pixelBox(spec, frame.width, frame.height);
  const fitted = fitInside(frame.width, frame.height, box.width, box.height);
  let logo = adaptToTheme(await resample(source, fitted.width, fitted.height), spec.theme);
  if (spec.greyscale) logo = greyscale(logo);
  return encode(centreOnCanvas(logo, box.width, box.height), spec);
}

/** Only a source of exactly the small master's size stands in for the master (a stale row's size is ignored). */
function isSmallCopy(source: Size, masterSize: Size): boolean {
  const small = smallMasterSize(masterSize);
  return small !== null && small.width === source.width && small.height === source.height;
}

/** The fallback image: a monogram tile filling the box (square unless both sides were given). */
export const renderMonogramVariant = (text: string, seed: string, spec: VariantSpec, font: Uint8Array) =>
  tileVariant(spec, (width, height) => renderMonogram({ text, seed, width, height, theme: spec.theme }, font));

/**
 * The fallback image for a code (an exchange, an index, a ticker): the whole code as a text mark filling the box
 * (renderTextMark draws the letter monogram when the code has nothing to show or the font cannot draw it).
 */
export const renderTextMarkVariant = (code: string, seed: string, spec: VariantSpec, font: Uint8Array) =>
  tileVariant(spec, (width, height) => renderTextMark({ text: code, seed, width, height, theme: spec.theme }, font));

async function tileVariant(spec: VariantSpec, draw: (width: number, height: number) => Pixels): Promise<Rendered> {
  const box = pixelBox(spec, 1, 1);
  const tile = draw(box.width, box.height);
  return encode(spec.greyscale ? greyscale(tile) : tile, spec);
}

async function encode(image: Pixels, spec: VariantSpec): Promise<Rendered> {
  const contentType = CONTENT_TYPES[spec.format];
  switch (spec.format) {
    case "png":
      return { bytes: await encodePng(image), contentType };
    case "webp":
      return { bytes: await encodeWebp(image), contentType };
    case "jpg":
      // No alpha in JPEG: flatten on the page colour the theme names (white unless dark).
      return {
        bytes: await encodeJpeg(flatten(image, THEME_BACKGROUNDS[spec.theme === "dark" ? "dark" : "light"])),
        contentType,
      };
  }
}
