// A fetched logo image to RGBA pixels, as the crawler ingests it (design §4 and §6).
//
// The format comes from the bytes' signature; the Content-Type is only a hint (servers label PNGs image/jpeg, ICOs
// image/png, and so on) and serves only in the refusal reason. Before any decoder runs, the whole file is held to
// 5 MiB and the size its header declares to 4096×4096 (design §4), so a decompression bomb is refused from a few
// header bytes. Anything refused or undecodable throws `RefusedSource` with a short reason; decoder exceptions are
// caught and wrapped.
//
// Formats: PNG, JPEG, WebP (still), ICO and CUR (the best entry: the largest, then the deepest; PNG entries, and
// BMP DIB entries decoded here: 32-bit BGRA, 24-bit, 8/4/1-bit paletted, with the AND mask), plain BMP, and SVG
// (rasterised by resvg at 1024 px on the longer side, after refusing scripts, foreignObject, external references,
// embedded images over the limits, and drawings over the element, nesting and <use> expansion limits). GIF and everything else are refused.
//
// Here the dispatch; sniffing and header sizes in sniff.ts, ICO and BMP in ico-bmp.ts, the SVG checks in svg-guard.ts.
import { decodeJpeg, decodePng, decodeWebp, rasteriseSvg } from "../render/codecs.ts";
import type { Pixels } from "../render/image-data.ts";
import { MAX_SOURCE_BYTES } from "../render/source-guard.ts";
import { exactBuffer } from "./bytes.ts";
import { decodeBmpFile, decodeIco } from "./ico-bmp.ts";
import { refuse, run } from "./refused.ts";
import { checked, jpegSize, otherFormat, pngSize, sniffFormat, webpSize, withinLimits } from "./sniff.ts";
import { checkSvgBounds } from "./svg-bounds.ts";
import { checkSvg, MAX_SVG_BYTES } from "./svg-guard.ts";
import { SvgRefused } from "./svg-tokens.ts";

export { RefusedSource } from "./refused.ts";
export { sniffFormat, type SourceFormat } from "./sniff.ts";
export { MAX_SVG_BYTES } from "./svg-guard.ts";

export const SVG_RASTER_SIZE = 1024;

export async function decodeLogoSource(bytes: Uint8Array, contentType: string | null): Promise<Pixels> {
  if (bytes.byteLength > MAX_SOURCE_BYTES) refuse(`over ${MAX_SOURCE_BYTES} bytes`);
  if (bytes.byteLength === 0) refuse("empty file");
  const format = sniffFormat(bytes);
  switch (format) {
    case "png": {
      const size = pngSize(bytes);
      return checked(await run("PNG", () => decodePng(exactBuffer(bytes))), size);
    }
    case "jpeg": {
      const size = jpegSize(bytes);
      return checked(await run("JPEG", () => decodeJpeg(exactBuffer(bytes))), size);
    }
    case "webp": {
      const size = webpSize(bytes);
      return checked(await run("WebP", () => decodeWebp(exactBuffer(bytes))), size);
    }
    case "ico":
      return decodeIco(bytes);
    case "bmp":
      return decodeBmpFile(bytes);
    case "svg":
      return decodeSvg(bytes);
    case "gif":
      return refuse("GIF is not supported");
    default: {
      const label = contentType ? ` (labelled ${contentType.split(";")[0].trim().slice(0, 60)})` : "";
      return refuse(`${otherFormat(bytes) ?? "unrecognised format"}${label}`);
    }
  }
}

// ---- SVG

async function decodeSvg(bytes: Uint8Array): Promise<Pixels> {
  if (bytes.byteLength > MAX_SVG_BYTES) refuse(`SVG over ${MAX_SVG_BYTES} bytes`);
  const text = new TextDecoder("utf-8").decode(bytes);
  checkSvg(text, 0);
  try {
    checkSvgBounds(text);
  } catch (error) {
    if (error instanceof SvgRefused) refuse(`SVG refused: ${error.message}`);
    throw error;
  }
  const image = await run("SVG", () => rasteriseSvg(text, SVG_RASTER_SIZE));
  return checked(image, withinLimits("SVG", image.width, image.height));
}
