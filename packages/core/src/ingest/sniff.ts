// Format sniffing and the header size readers: what an image is, and how large it says it is, before any decoder runs.
import { checkPngSource, MAX_SOURCE_SIDE } from "../render/source-guard.ts";
import type { Pixels } from "../render/image-data.ts";
import { ascii, u16, u16be, u24, u32 } from "./bytes.ts";
import { refuse } from "./refused.ts";

export type SourceFormat = "png" | "jpeg" | "webp" | "ico" | "bmp" | "svg" | "gif";

export type Size = { width: number; height: number };

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

export function otherFormat(b: Uint8Array): string | null {
  const head = ascii(b, 0, Math.min(b.byteLength, 64)).toLowerCase();
  if (ascii(b, 4, 4) === "ftyp") return "AVIF/HEIF is not supported";
  if (head.startsWith("ii*\0") || head.startsWith("mm\0*")) return "TIFF is not supported";
  if (b[0] === 0x1f && b[1] === 0x8b) return "compressed (gzip) data is not supported";
  if (/^\s*<(!doctype html|html|head|body)/.test(head)) return "an HTML page, not an image";
  return null;
}

/** The decoder's output must be what the header promised. */
export function checked(image: Pixels, size: Size): Pixels {
  if (image.width !== size.width || image.height !== size.height || image.data.length !== size.width * size.height * 4) {
    refuse(`decoded ${image.width}×${image.height}, header said ${size.width}×${size.height}`);
  }
  return image;
}

export function withinLimits(format: string, width: number, height: number): Size {
  if (!(width > 0 && height > 0)) refuse(`${format} with an empty side`);
  if (width > MAX_SOURCE_SIDE || height > MAX_SOURCE_SIDE) {
    refuse(`${width}×${height} is over ${MAX_SOURCE_SIDE}×${MAX_SOURCE_SIDE}`);
  }
  return { width, height };
}

// ---- PNG

export function pngSize(bytes: Uint8Array): Size {
  const check = checkPngSource(bytes);
  if (!check.ok) return refuse(check.reason);
  return { width: check.width, height: check.height };
}

// ---- JPEG

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Walks the marker segments to the frame header (SOFn) and checks the file reaches its end-of-image marker. */
export function jpegSize(b: Uint8Array): Size {
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

export function webpSize(b: Uint8Array): Size {
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
