// From a master PNG (or a monogram or text mark) to the bytes a client asked for.
import { adaptToTheme, greyscale, THEME_BACKGROUNDS } from "./adjust.ts";
import { decodePng, encodeJpeg, encodePng, encodeWebp, resize } from "./codecs.ts";
import { centreOnCanvas, fitInside, flatten } from "./compose.ts";
import type { Pixels } from "./image-data.ts";
import { renderMonogram } from "./monogram.ts";
import { pixelBox, type ImageFormat, type VariantSpec } from "./params.ts";
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

/** Fits the logo inside the box (never cropped or stretched), themes it, centres it and encodes it. */
export async function renderLogo(master: ArrayBuffer, spec: VariantSpec): Promise<Rendered> {
  const check = checkPngSource(new Uint8Array(master));
  if (!check.ok) throw new UnusableSource(check.reason);
  let source: Pixels;
  try {
    source = await decodePng(master);
  } catch (error) {
    throw new UnusableSource(error instanceof Error ? error.message : "PNG decode failed");
  }
  const box = pixelBox(spec, source.width, source.height);
  const fitted = fitInside(source.width, source.height, box.width, box.height);
  let logo = adaptToTheme(await resize(source, fitted.width, fitted.height), spec.theme);
  if (spec.greyscale) logo = greyscale(logo);
  return encode(centreOnCanvas(logo, box.width, box.height), spec);
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
