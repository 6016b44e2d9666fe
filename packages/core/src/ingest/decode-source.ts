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
// (rasterised by resvg at 1024 px on the longer side, after refusing scripts, foreignObject, external references
// and embedded images over the limits). GIF and everything else are refused.
import { decodeJpeg, decodePng, decodeWebp, rasteriseSvg } from "../render/codecs.ts";
import { PixelData, type Pixels } from "../render/image-data.ts";
import { checkPngSource, MAX_SOURCE_BYTES, MAX_SOURCE_SIDE } from "../render/source-guard.ts";

export const MAX_SVG_BYTES = 1024 * 1024;
export const SVG_RASTER_SIZE = 1024;

export class RefusedSource extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`refused logo source: ${reason}`);
    this.name = "RefusedSource";
    this.reason = reason;
  }
}

export type SourceFormat = "png" | "jpeg" | "webp" | "ico" | "bmp" | "svg" | "gif";

type Size = { width: number; height: number };

const refuse: (reason: string) => never = (reason) => {
  throw new RefusedSource(reason);
};

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

/** The format the bytes' signature shows, or null. */
export function sniffFormat(b: Uint8Array): SourceFormat | null {
  const n = b.byteLength;
  if (n >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a) {
    return "png";
  }
  if (n >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (n >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return "webp";
  if (n >= 6 && ascii(b, 0, 4) === "GIF8") return "gif";
  // ICO/CUR: reserved 0, type 1 (icon) or 2 (cursor), at least one entry, the directory inside the file.
  if (n >= 22 && b[0] === 0 && b[1] === 0 && (b[2] === 1 || b[2] === 2) && b[3] === 0) {
    const count = u16(b, 4);
    if (count > 0 && 6 + count * 16 <= n) return "ico";
  }
  if (n >= 26 && b[0] === 0x42 && b[1] === 0x4d && u32(b, 14) >= 40 && u32(b, 14) <= 124) return "bmp";
  if (looksLikeSvg(b)) return "svg";
  return null;
}

function otherFormat(b: Uint8Array): string | null {
  const head = ascii(b, 0, Math.min(b.byteLength, 64)).toLowerCase();
  if (ascii(b, 4, 4) === "ftyp") return "AVIF/HEIF is not supported";
  if (head.startsWith("ii*\0") || head.startsWith("mm\0*")) return "TIFF is not supported";
  if (b[0] === 0x1f && b[1] === 0x8b) return "compressed (gzip) data is not supported";
  if (/^\s*<(!doctype html|html|head|body)/.test(head)) return "an HTML page, not an image";
  return null;
}

/** Runs a decoder, turning whatever it throws into a RefusedSource. */
async function run(format: string, decode: () => Promise<Pixels>): Promise<Pixels> {
  try {
    return await decode();
  } catch (error) {
    if (error instanceof RefusedSource) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new RefusedSource(`${format} decode failed: ${message.slice(0, 120)}`);
  }
}

/** The decoder's output must be what the header promised. */
function checked(image: Pixels, size: Size): Pixels {
  if (image.width !== size.width || image.height !== size.height || image.data.length !== size.width * size.height * 4) {
    refuse(`decoded ${image.width}×${image.height}, header said ${size.width}×${size.height}`);
  }
  return image;
}

function withinLimits(format: string, width: number, height: number): Size {
  if (!(width > 0 && height > 0)) refuse(`${format} with an empty side`);
  if (width > MAX_SOURCE_SIDE || height > MAX_SOURCE_SIDE) {
    refuse(`${width}×${height} is over ${MAX_SOURCE_SIDE}×${MAX_SOURCE_SIDE}`);
  }
  return { width, height };
}

// ---- PNG

function pngSize(bytes: Uint8Array): Size {
  const check = checkPngSource(bytes);
  if (!check.ok) return refuse(check.reason);
  return { width: check.width, height: check.height };
}

// ---- JPEG

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Walks the marker segments to the frame header (SOFn) and checks the file reaches its end-of-image marker. */
function jpegSize(b: Uint8Array): Size {
  const n = b.byteLength;
  let size: Size | null = null;
  let p = 2;
  for (;;) {
    while (p < n && b[p] !== 0xff) p++; // stray bytes between segments: skipped, as libjpeg does
    while (p < n && b[p] === 0xff) p++; // fill bytes
    if (p >= n) return refuse(size ? "truncated JPEG" : "JPEG without a frame header");
    const marker = b[p++];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9) return refuse("JPEG without image data");
    if (p + 2 > n) return refuse("truncated JPEG");
    const length = u16be(b, p);
    if (length < 2) return refuse("corrupt JPEG segment");
    if (isSof(marker)) {
      if (p + 7 > n) return refuse("truncated JPEG");
      size = withinLimits("JPEG", u16be(b, p + 5), u16be(b, p + 3));
    }
    if (marker === 0xda) break; // start of scan: entropy-coded data follows
    p += length;
  }
  if (!size) return refuse("JPEG without a frame header");
  // Inside entropy-coded data a 0xFF byte is always followed by 0x00 or a restart marker, so an FF D9 after the
  // scan start is the end-of-image marker: without one the file was cut short (libjpeg would pad it with grey).
  for (let i = n - 2; i > p; i--) if (b[i] === 0xff && b[i + 1] === 0xd9) return size;
  return refuse("truncated JPEG");
}

// ---- WebP

function webpSize(b: Uint8Array): Size {
  const n = b.byteLength;
  const riffEnd = u32(b, 4) + 8;
  if (riffEnd > n) refuse("truncated WebP");
  let canvas: Size | null = null;
  let frame: Size | null = null;
  for (let p = 12; p + 8 <= riffEnd; ) {
    const fourcc = ascii(b, p, 4);
    const length = u32(b, p + 4);
    const data = p + 8;
    if (data + length > riffEnd) refuse("truncated WebP");
    if (fourcc === "VP8X") {
      if (length < 10) refuse("corrupt WebP header");
      if (b[data] & 0x02) refuse("animated WebP is not supported");
      canvas = withinLimits("WebP", 1 + u24(b, data + 4), 1 + u24(b, data + 7));
    } else if (fourcc === "ANIM" || fourcc === "ANMF") {
      refuse("animated WebP is not supported");
    } else if (fourcc === "VP8 ") {
      if (length < 10 || b[data + 3] !== 0x9d || b[data + 4] !== 0x01 || b[data + 5] !== 0x2a) refuse("corrupt WebP (VP8)");
      frame = withinLimits("WebP", u16(b, data + 6) & 0x3fff, u16(b, data + 8) & 0x3fff);
    } else if (fourcc === "VP8L") {
      if (length < 5 || b[data] !== 0x2f) refuse("corrupt WebP (VP8L)");
      const bits = u32(b, data + 1);
      frame = withinLimits("WebP", (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    p = data + length + (length & 1);
  }
  if (!frame) return refuse("WebP without an image");
  return canvas ?? frame;
}

// ---- ICO and BMP

type IcoEntry = { start: number; end: number; width: number; height: number; depth: number; png: boolean };

async function decodeIco(b: Uint8Array): Promise<Pixels> {
  const count = u16(b, 4);
  let best: IcoEntry | null = null;
  for (let e = 0; e < count; e++) {
    const dir = 6 + e * 16;
    const start = u32(b, dir + 12);
    if (start < 6 + count * 16 || start >= b.byteLength) refuse("ICO entry outside the file");
    // A declared length past the end is common and harmless: the decoders below check what they read.
    const end = Math.min(b.byteLength, start + u32(b, dir + 8));
    const data = b.subarray(start, end);
    let entry: IcoEntry;
    if (sniffFormat(data) === "png") {
      const size = pngSize(data);
      entry = { start, end, ...size, depth: 32, png: true };
    } else {
      const dib = dibHeader(data, 0, true);
      entry = { start, end, width: dib.width, height: dib.height, depth: dib.bpp, png: false };
    }
    // Every entry is checked (a bomb anywhere refuses the file); the largest wins, then the deepest, then the first.
    const area = entry.width * entry.height;
    const bestArea = best ? best.width * best.height : -1;
    if (!best || area > bestArea || (area === bestArea && entry.depth > best.depth)) best = entry;
  }
  const entry = best!;
  const data = b.subarray(entry.start, entry.end);
  if (entry.png) return checked(await run("PNG in ICO", () => decodePng(exactBuffer(data))), entry);
  return decodeDib(data, 0, null, true);
}

function decodeBmpFile(b: Uint8Array): Pixels {
  const pixelStart = u32(b, 10);
  return decodeDib(b, 14, pixelStart, false);
}

type DibHeader = {
  headerSize: number;
  width: number;
  height: number;
  topDown: boolean;
  bpp: number;
  compression: number;
  colorsUsed: number;
};

/** Reads a BITMAPINFOHEADER (or a later version) and applies the limits. In an ICO the height counts the mask too. */
function dibHeader(b: Uint8Array, at: number, ico: boolean): DibHeader {
  if (at + 40 > b.byteLength) refuse("truncated BMP header");
  const headerSize = u32(b, at);
  if (headerSize < 40 || headerSize > 124) refuse("unsupported BMP header");
  const width = i32(b, at + 4);
  const rawHeight = i32(b, at + 8);
  const topDown = !ico && rawHeight < 0;
  const height = ico ? Math.floor(rawHeight / 2) : Math.abs(rawHeight);
  withinLimits("BMP", width, height);
  const bpp = u16(b, at + 14);
  const compression = u32(b, at + 16);
  if (bpp !== 1 && bpp !== 4 && bpp !== 8 && bpp !== 24 && bpp !== 32) refuse(`${bpp}-bit BMP is not supported`);
  if (compression !== 0 && !(compression === 3 && bpp === 32)) refuse("compressed BMP is not supported");
  return { headerSize, width, height, topDown, bpp, compression, colorsUsed: u32(b, at + 32) };
}

/**
 * Decodes a DIB to RGBA. `at` is where its header starts; `pixelStart` is where the pixels start (a BMP file says
 * so), or null when they follow the header and palette (an ICO entry, which also has the 1-bit AND mask after them:
 * a set bit is a transparent pixel).
 */
function decodeDib(b: Uint8Array, at: number, pixelStart: number | null, ico: boolean): Pixels {
  const { headerSize, width, height, topDown, bpp, compression, colorsUsed } = dibHeader(b, at, ico);
  let p = at + headerSize;
  if (compression === 3) {
    // BI_BITFIELDS: only the usual BGRA layout (the masks follow a 40-byte header, or sit inside a longer one).
    const masks = headerSize === 40 ? p : at + 40;
    if (headerSize === 40) p += 12;
    if (masks + 12 > b.byteLength) refuse("truncated BMP header");
    if (u32(b, masks) !== 0xff0000 || u32(b, masks + 4) !== 0xff00 || u32(b, masks + 8) !== 0xff) {
      refuse("unsupported BMP channel masks");
    }
  }
  let palette: Uint8Array | null = null;
  let paletteSize = 0;
  if (bpp <= 8) {
    paletteSize = colorsUsed || 1 << bpp;
    if (paletteSize > 1 << bpp) refuse("corrupt BMP palette");
    if (p + paletteSize * 4 > b.byteLength) refuse("truncated BMP palette");
    palette = b.subarray(p, p + paletteSize * 4);
    p += paletteSize * 4;
  }
  if (pixelStart !== null) p = pixelStart;
  const stride = (((width * bpp + 31) >>> 5) << 2) >>> 0;
  const pixelEnd = p + stride * height;
  if (pixelEnd > b.byteLength) refuse("truncated BMP pixels");

  const out = new Uint8ClampedArray(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = p + (topDown ? y : height - 1 - y) * stride;
    let o = y * width * 4;
    if (bpp === 32) {
      for (let x = 0, i = row; x < width; x++, i += 4, o += 4) {
        out[o] = b[i + 2];
        out[o + 1] = b[i + 1];
        out[o + 2] = b[i];
        out[o + 3] = b[i + 3];
        if (b[i + 3] !== 0) anyAlpha = true;
      }
    } else if (bpp === 24) {
      for (let x = 0, i = row; x < width; x++, i += 3, o += 4) {
        out[o] = b[i + 2];
        out[o + 1] = b[i + 1];
        out[o + 2] = b[i];
        out[o + 3] = 255;
      }
    } else {
      const mask = (1 << bpp) - 1;
      for (let x = 0, bit = 0; x < width; x++, o += 4, bit += bpp) {
        const index = (b[row + (bit >> 3)] >> (8 - bpp - (bit & 7))) & mask;
        if (index < paletteSize) {
          out[o] = palette![index * 4 + 2];
          out[o + 1] = palette![index * 4 + 1];
          out[o + 2] = palette![index * 4];
        }
        out[o + 3] = 255;
      }
    }
  }
  // 32-bit with an all-zero alpha channel: an old-style icon (or an xRGB bitmap) that means opaque, mask aside.
  const alphaFromChannel = bpp === 32 && anyAlpha;
  if (bpp === 32 && !anyAlpha) for (let o = 3; o < out.length; o += 4) out[o] = 255;

  const maskStride = ((width + 31) >>> 5) << 2;
  if (ico && !alphaFromChannel && pixelEnd + maskStride * height <= b.byteLength) {
    for (let y = 0; y < height; y++) {
      const row = pixelEnd + (height - 1 - y) * maskStride;
      for (let x = 0, o = y * width * 4 + 3; x < width; x++, o += 4) {
        if ((b[row + (x >> 3)] >> (7 - (x & 7))) & 1) out[o] = 0;
      }
    }
  }
  return new PixelData(out, width, height);
}

// ---- SVG

function looksLikeSvg(b: Uint8Array): boolean {
  let p = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (p < b.byteLength && (b[p] === 0x20 || b[p] === 0x09 || b[p] === 0x0a || b[p] === 0x0d)) p++;
  const head = ascii(b, p, Math.min(b.byteLength - p, 14)).toLowerCase();
  if (head.startsWith("<svg")) return true;
  if (!head.startsWith("<?xml") && !head.startsWith("<!--") && !head.startsWith("<!doctype svg")) return false;
  return indexOfSvgTag(b) >= 0;
}

/** Where `<svg` occurs (any case), without decoding the whole file to a string first. */
function indexOfSvgTag(b: Uint8Array): number {
  for (let i = 0; i + 4 < b.byteLength; i++) {
    if (b[i] === 0x3c && (b[i + 1] | 0x20) === 0x73 && (b[i + 2] | 0x20) === 0x76 && (b[i + 3] | 0x20) === 0x67) {
      const next = b[i + 4];
      if (next === 0x20 || next === 0x3e || next === 0x0a || next === 0x0d || next === 0x09 || next === 0x2f || next === 0x3a) return i;
    }
  }
  return -1;
}

async function decodeSvg(bytes: Uint8Array): Promise<Pixels> {
  if (bytes.byteLength > MAX_SVG_BYTES) refuse(`SVG over ${MAX_SVG_BYTES} bytes`);
  const text = new TextDecoder("utf-8").decode(bytes);
  checkSvg(text, 0);
  const image = await run("SVG", () => rasteriseSvg(text, SVG_RASTER_SIZE));
  return checked(image, withinLimits("SVG", image.width, image.height));
}

const SVG_REFUSALS: [RegExp, string][] = [
  [/<script/i, "SVG with a script"],
  [/<foreignObject/i, "SVG with a foreignObject"],
  // An href with a scheme other than data: (or protocol-relative) on anything but a hyperlink: <image>, <use>, <feImage>.
  [/<(?!a[\s>])[a-z][^<>]*\bhref\s*=\s*["']?\s*(?!data:)(?:[a-z][a-z0-9+.-]*:|\/\/)/i, "SVG referencing an external resource"],
  [/url\(\s*["']?\s*(?!data:)(?:[a-z][a-z0-9+.-]*:|\/\/)/i, "SVG referencing an external resource"],
  [/@import/i, "SVG referencing an external resource"],
  // An entity whose value refers to another entity: the "billion laughs" expansion bomb. Plain ones (Illustrator's
  // namespace entities) pass.
  [/<!ENTITY\s+%?\s*[^\s>]+\s+(?:"[^"]*&|'[^']*&)/i, "SVG with nested entities"],
];

const BASE64 = /[A-Za-z0-9+/=\s]*/y;

/**
 * Refuses what an SVG logo has no business holding, and embedded images over the limits. Every pattern stops at the
 * next tag or delimiter, so no input makes a scan quadratic.
 */
function checkSvg(text: string, depth: number): void {
  if (!/<svg[\s>/:]/i.test(text)) refuse("SVG without an <svg> element");
  for (const [pattern, reason] of SVG_REFUSALS) if (pattern.test(text)) refuse(reason);
  // Embedded images (resvg decodes PNG, JPEG, WebP, GIF and SVG data URIs): the same header limits apply.
  for (const match of text.matchAll(/data:([^,"')\s:]*),/gi)) {
    const params = match[1].toLowerCase();
    if (!params.startsWith("image/")) continue;
    if (!params.includes(";base64")) refuse("SVG embedding an image that is not base64");
    BASE64.lastIndex = match.index! + match[0].length;
    const payload = BASE64.exec(text)![0].replace(/\s+/g, "");
    let data: Uint8Array;
    try {
      data = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
    } catch {
      return refuse("SVG embedding a corrupt base64 image");
    }
    const format = sniffFormat(data);
    if (format === "png") pngSize(data);
    else if (format === "jpeg") jpegSize(data);
    else if (format === "webp") webpSize(data);
    else if (format === "gif") withinLimits("GIF", u16(data, 6), u16(data, 8));
    else if (format === "svg") {
      if (depth > 0) refuse("SVG nested too deeply");
      checkSvg(new TextDecoder("utf-8").decode(data), depth + 1);
    } else refuse("SVG embedding an unsupported image");
  }
}

// ---- bytes

/** An ArrayBuffer holding exactly these bytes (the decoders take whole buffers). */
function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer as ArrayBuffer;
  return bytes.slice().buffer;
}

function ascii(b: Uint8Array, at: number, length: number): string {
  let s = "";
  for (let i = at; i < at + length && i < b.byteLength; i++) s += String.fromCharCode(b[i]);
  return s;
}

const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const i32 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24);
