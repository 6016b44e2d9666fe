// ICO/CUR containers and BMP bitmaps (DIBs) decoded to RGBA.
import { decodePng } from "../render/codecs.ts";
import { PixelData, type Pixels } from "../render/image-data.ts";
import { exactBuffer, i32, u16, u32 } from "./bytes.ts";
import { refuse, run } from "./refused.ts";
import { checked, pngSize, sniffFormat, withinLimits } from "./sniff.ts";

type IcoEntry = { start: number; end: number; width: number; height: number; depth: number; png: boolean };

export async function decodeIco(b: Uint8Array): Promise<Pixels> {
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

export function decodeBmpFile(b: Uint8Array): Pixels {
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
