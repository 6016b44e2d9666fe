// From a master PNG to the bytes a client asked for.
import { decodePng, encodeJpeg, encodePng, encodeWebp, resize } from "./codecs.ts";
import type { Pixels } from "./image-data.ts";
import { centreOnCanvas, fitInside, flatten, type Rgb } from "./compose.ts";

export type ImageFormat = "jpg" | "png" | "webp";

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export type RenderOptions = {
  width: number;
  height: number;
  format: ImageFormat;
  /** What jpg (no alpha) is flattened on. */
  background: Rgb;
};

export async function renderLogo(master: ArrayBuffer, options: RenderOptions): Promise<ArrayBuffer> {
  const source = await decodePng(master);
  const fitted = fitInside(source.width, source.height, options.width, options.height);
  const scaled = await resize(source, fitted.width, fitted.height);
  return encode(centreOnCanvas(scaled, options.width, options.height), options);
}

export function encode(image: Pixels, options: Pick<RenderOptions, "format" | "background">): Promise<ArrayBuffer> {
  switch (options.format) {
    case "png":
      return encodePng(image);
    case "webp":
      return encodeWebp(image);
    case "jpg":
      return encodeJpeg(flatten(image, options.background));
  }
}
