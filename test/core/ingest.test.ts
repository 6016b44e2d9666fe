// Ingestion of a fetched logo (design §4, §6): sniffing and decoding every format, refusing bombs and bad files from
// their headers, the master (trimmed, ≤ 1024 px PNG), the prominent colours and the blurhash.
import { beforeAll, describe, expect, it } from "vitest";
import { isBlurhashValid } from "blurhash";
import { decodePng, encodeJpeg, encodePng, encodeWebp, rasteriseSvg } from "@brand/core/render/codecs";
import { PixelData, type Pixels } from "@brand/core/render/image-data";
import { MAX_SOURCE_BYTES } from "@brand/core/render/source-guard";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { decodeLogoSource, RefusedSource, sniffFormat } from "@brand/core/ingest/decode-source";
import { makeMaster } from "@brand/core/ingest/master";
import { prominentColors } from "@brand/core/ingest/colors";
import { logoBlurhash } from "@brand/core/ingest/blurhash";

beforeAll(() => initWorkerCodecs());

type Rgba = [number, number, number, number];
const RED: Rgba = [255, 0, 0, 255];
const BLUE: Rgba = [0, 0, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

/** An image painted by a function of the pixel position. */
function paint(width: number, height: number, colour: (x: number, y: number) => Rgba): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 4);
  return new PixelData(data, width, height);
}

/** Left part red, right part blue; the top-left 4×4 corner transparent. */
const redBlue = (width: number, height: number) =>
  paint(width, height, (x, y) => (x < 4 && y < 4 ? CLEAR : x < width / 2 ? RED : BLUE));

function at(image: Pixels, x: number, y: number): Rgba {
  const i = (y * image.width + x) * 4;
  return [image.data[i], image.data[i + 1], image.data[i + 2], image.data[i + 3]];
}

function expectNear(actual: Rgba, expected: Rgba, tolerance = 0) {
  for (let c = 0; c < 4; c++) expect(Math.abs(actual[c] - expected[c]), `channel ${c} of ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

const bytesOf = async (buffer: Promise<ArrayBuffer>) => new Uint8Array(await buffer);
const text = (s: string) => new TextEncoder().encode(s);

async function refusal(bytes: Uint8Array, contentType: string | null = null): Promise<RefusedSource> {
  try {
    await decodeLogoSource(bytes, contentType);
  } catch (error) {
    expect(error).toBeInstanceOf(RefusedSource);
    return error as RefusedSource;
  }
  throw new Error("expected the source to be refused");
}

// ---- hand-built containers

const le16 = (n: number) => [n & 255, (n >> 8) & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const be16 = (n: number) => [(n >> 8) & 255, n & 255];

/** A BMP DIB as an ICO holds it: BITMAPINFOHEADER with the height doubled, bottom-up pixels, then the AND mask. */
function dib(image: Pixels, bpp: 32 | 24 | 8 | 4 | 1, palette: Rgba[] = []): Uint8Array {
  const { width, height } = image;
  const stride = ((width * bpp + 31) >>> 5) * 4;
  const maskStride = ((width + 31) >>> 5) * 4;
  const colours = bpp <= 8 ? palette.length : 0;
  const header = [...le32(40), ...le32(width), ...le32(height * 2), ...le16(1), ...le16(bpp), ...le32(0), ...le32(0)];
  header.push(...le32(0), ...le32(0), ...le32(colours), ...le32(0));
  const out = new Uint8Array(40 + colours * 4 + stride * height + maskStride * height);
  out.set(header);
  palette.forEach(([r, g, b], i) => out.set([b, g, r, 0], 40 + i * 4));
  const pixels = 40 + colours * 4;
  const mask = pixels + stride * height;
  for (let y = 0; y < height; y++) {
    const row = pixels + (height - 1 - y) * stride;
    const maskRow = mask + (height - 1 - y) * maskStride;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = at(image, x, y);
      if (bpp === 32) out.set([b, g, r, a], row + x * 4);
      else if (bpp === 24) out.set([b, g, r], row + x * 3);
      else {
        const index = palette.findIndex((p) => p[0] === r && p[1] === g && p[2] === b);
        const bit = x * bpp;
        out[row + (bit >> 3)] |= index << (8 - bpp - (bit & 7));
      }
      if (bpp !== 32 && a < 128) out[maskRow + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return out;
}

/** An ICO container: the directory's sizes say 0 (256) when the entry is larger, as real encoders do. */
function ico(entries: { width: number; height: number; bpp: number; data: Uint8Array }[]): Uint8Array {
  const head = [0, 0, 1, 0, ...le16(entries.length)];
  let offset = 6 + entries.length * 16;
  const dir: number[] = [];
  for (const e of entries) {
    dir.push(e.width >= 256 ? 0 : e.width, e.height >= 256 ? 0 : e.height, 0, 0, ...le16(1), ...le16(e.bpp));
    dir.push(...le32(e.data.length), ...le32(offset));
    offset += e.data.length;
  }
  const out = new Uint8Array(offset);
  out.set([...head, ...dir]);
  let at = 6 + entries.length * 16;
  for (const e of entries) {
    out.set(e.data, at);
    at += e.data.length;
  }
  return out;
}

/** A plain BMP file (24-bit, bottom-up). */
function bmpFile(image: Pixels): Uint8Array {
  const body = dib(image, 24);
  const stride = ((image.width * 24 + 31) >>> 5) * 4;
  const pixels = body.subarray(0, 40 + stride * image.height);
  pixels.set(le32(image.height), 8); // a BMP file's height is not doubled
  const out = new Uint8Array(14 + pixels.length);
  out.set([0x42, 0x4d, ...le32(out.length), 0, 0, 0, 0, ...le32(54)]);
  out.set(pixels, 14);
  return out;
}

/** A PNG signature and IHDR claiming a size, then junk, as in a decompression bomb. */
function pngHeader(width: number, height: number): Uint8Array {
  const out = new Uint8Array(33 + 64);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(out.buffer).setUint32(16, width);
  new DataView(out.buffer).setUint32(20, height);
  out.set([8, 6, 0, 0, 0], 24);
  return out;
}

/** SOI, a JFIF APP0, then a baseline frame header claiming a size (and nothing decodable). */
function jpegHeader(width: number, height: number, sof = 0xc0): Uint8Array {
  const app0 = [0xff, 0xe0, ...be16(16), ...text("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, ...be16(17), 8, ...be16(height), ...be16(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...app0, ...frame, ...new Array(64).fill(0)]);
}

function riff(chunks: [string, number[]][]): Uint8Array {
  const body: number[] = [...text("WEBP")];
  for (const [fourcc, data] of chunks) {
    body.push(...text(fourcc), ...le32(data.length), ...data);
    if (data.length & 1) body.push(0);
  }
  return new Uint8Array([...text("RIFF"), ...le32(body.length), ...body]);
}

const vp8x = (width: number, height: number, flags = 0) => {
  const w = width - 1;
  const h = height - 1;
  return ["VP8X", [flags, 0, 0, 0, w & 255, (w >> 8) & 255, w >> 16, h & 255, (h >> 8) & 255, h >> 16]] as [string, number[]];
};
const vp8 = (width: number, height: number) =>
  ["VP8 ", [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height), ...new Array(20).fill(0)]] as [string, number[]];
const vp8l = (width: number, height: number) => {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return ["VP8L", [0x2f, ...le32(bits), ...new Array(20).fill(0)]] as [string, number[]];
};

const TWO_RECTS_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">' +
  '<rect width="100" height="100" fill="#ff0000"/><rect x="100" width="100" height="100" fill="#0000ff"/></svg>';

describe("decodeLogoSource: formats", () => {
  it("decodes a PNG, alpha included", async () => {
    const image = await decodeLogoSource(await bytesOf(encodePng(redBlue(40, 30))), "image/png");
    expect([image.width, image.height]).toEqual([40, 30]);
    expectNear(at(image, 0, 0), CLEAR);
    expectNear(at(image, 10, 20), RED);
    expectNear(at(image, 30, 10), BLUE);
  });

  it("decodes a PNG labelled image/jpeg (the signature decides, not the Content-Type)", async () => {
    const bytes = await bytesOf(encodePng(redBlue(40, 30)));
    expect(sniffFormat(bytes)).toBe("png");
    const image = await decodeLogoSource(bytes, "image/jpeg");
    expect([image.width, image.height]).toEqual([40, 30]);
    expectNear(at(image, 30, 10), BLUE);
  });

  it("decodes a JPEG", async () => {
    const source = paint(64, 48, (x) => (x < 32 ? RED : BLUE));
    const image = await decodeLogoSource(await bytesOf(encodeJpeg(source, 95)), null);
    expect([image.width, image.height]).toEqual([64, 48]);
    expectNear(at(image, 8, 24), RED, 12);
    expectNear(at(image, 56, 24), BLUE, 12);
  });

  it("decodes a lossy WebP with alpha", async () => {
    const image = await decodeLogoSource(await bytesOf(encodeWebp(redBlue(64, 48), 90)), "image/webp");
    expect([image.width, image.height]).toEqual([64, 48]);
    expect(at(image, 1, 1)[3]).toBe(0);
    expectNear(at(image, 12, 24), RED, 16);
    expectNear(at(image, 52, 24), BLUE, 16);
  });

  it("decodes an ICO, picking its largest entry (a PNG over a 16 px BMP)", async () => {
    const small = paint(16, 16, () => BLUE);
    const large = redBlue(48, 48);
    const bytes = ico([
      { width: 16, height: 16, bpp: 32, data: dib(small, 32) },
      { width: 48, height: 48, bpp: 32, data: await bytesOf(encodePng(large)) },
    ]);
    expect(sniffFormat(bytes)).toBe("ico");
    const image = await decodeLogoSource(bytes, "image/x-icon");
    expect([image.width, image.height]).toEqual([48, 48]);
    expectNear(at(image, 0, 0), CLEAR);
    expectNear(at(image, 10, 20), RED);
    expectNear(at(image, 40, 20), BLUE);
  });

  it("decodes a 32-bit BMP entry with its alpha, preferred over a 24-bit entry of the same size", async () => {
    const source = paint(32, 32, (x, y) => (y < 8 ? [0, 128, 0, 128] : x < 16 ? RED : BLUE));
    const bytes = ico([
      { width: 32, height: 32, bpp: 24, data: dib(paint(32, 32, () => [0, 255, 0, 255]), 24) },
      { width: 32, height: 32, bpp: 32, data: dib(source, 32) },
    ]);
    const image = await decodeLogoSource(bytes, null);
    expect([image.width, image.height]).toEqual([32, 32]);
    expectNear(at(image, 3, 3), [0, 128, 0, 128]);
    expectNear(at(image, 3, 20), RED);
    expectNear(at(image, 30, 31), BLUE);
  });

  it("decodes 24-bit, 8-bit, 4-bit and 1-bit BMP entries with the AND mask for transparency", async () => {
    const source = paint(37, 21, (x, y) => ((x - 18) ** 2 + (y - 10) ** 2 > 81 ? CLEAR : x < 18 ? RED : BLUE));
    const palette: Rgba[] = [[0, 0, 0, 255], RED, BLUE];
    for (const bpp of [24, 8, 4] as const) {
      const image = await decodeLogoSource(ico([{ width: 37, height: 21, bpp, data: dib(source, bpp, palette) }]), null);
      expect([image.width, image.height], `${bpp}-bit`).toEqual([37, 21]);
      expect(at(image, 0, 0)[3], `${bpp}-bit corner`).toBe(0);
      expectNear(at(image, 14, 10), RED);
      expectNear(at(image, 22, 10), BLUE);
    }
    const mono = paint(19, 9, (x, y) => (x < 2 ? CLEAR : (x + y) % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]));
    const image = await decodeLogoSource(ico([{ width: 19, height: 9, bpp: 1, data: dib(mono, 1, [[0, 0, 0, 255], [255, 255, 255, 255]]) }]), null);
    expect([image.width, image.height]).toEqual([19, 9]);
    expect(at(image, 1, 4)[3]).toBe(0);
    expectNear(at(image, 4, 4), [0, 0, 0, 255]);
    expectNear(at(image, 5, 4), [255, 255, 255, 255]);
  });

  it("treats a 32-bit entry with an empty alpha channel as old-style: opaque, the AND mask for transparency", async () => {
    const source = paint(16, 16, (x) => (x < 4 ? CLEAR : RED));
    const data = dib(source, 32);
    for (let i = 40; i < 40 + 16 * 16 * 4; i += 4) data[i + 3] = 0; // no alpha
    const maskStart = 40 + 16 * 16 * 4;
    for (let y = 0; y < 16; y++) data[maskStart + y * 4] = 0xf0; // the four left columns masked out
    const image = await decodeLogoSource(ico([{ width: 16, height: 16, bpp: 32, data }]), null);
    expect(at(image, 2, 8)[3]).toBe(0);
    expectNear(at(image, 8, 8), RED);
  });

  it("decodes a plain BMP file", async () => {
    const image = await decodeLogoSource(bmpFile(paint(10, 6, (x) => (x < 5 ? RED : BLUE))), "image/bmp");
    expect([image.width, image.height]).toEqual([10, 6]);
    expectNear(at(image, 1, 5), RED);
    expectNear(at(image, 9, 0), BLUE);
  });

  it("rasterises an SVG at 1024 px on its longer side, with or without an XML prolog", async () => {
    for (const svg of [TWO_RECTS_SVG, `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- logo -->\n${TWO_RECTS_SVG}`]) {
      const bytes = text(svg);
      expect(sniffFormat(bytes)).toBe("svg");
      const image = await decodeLogoSource(bytes, "text/plain");
      expect([image.width, image.height]).toEqual([1024, 512]);
      expectNear(at(image, 100, 256), RED);
      expectNear(at(image, 900, 256), BLUE);
    }
  });

  it("accepts Illustrator's plain namespace entities", async () => {
    const svg =
      '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n' +
      '<!ENTITY ns_svg "http://www.w3.org/2000/svg"><!ENTITY ns_xlink "http://www.w3.org/1999/xlink">]>\n' +
      '<svg xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" width="40" height="20"><rect width="40" height="20" fill="#00ff00"/></svg>';
    const image = await decodeLogoSource(text(svg), "image/svg+xml");
    expect([image.width, image.height]).toEqual([1024, 512]);
    expectNear(at(image, 512, 256), [0, 255, 0, 255]);
  });

  it("keeps an SVG with an internal reference, a hyperlink and an embedded PNG within the limits", async () => {
    const png = btoa(String.fromCharCode(...(await bytesOf(encodePng(paint(4, 4, () => BLUE))))));
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
      '<defs><rect id="r" width="5" height="10" fill="red"/></defs><a href="https://example.com/"><use xlink:href="#r"/></a>' +
      `<image x="5" width="5" height="10" preserveAspectRatio="none" href="data:image/png;base64,${png}"/></svg>`;
    const image = await decodeLogoSource(text(svg), "image/svg+xml");
    expect([image.width, image.height]).toEqual([1024, 1024]);
    expectNear(at(image, 200, 500), RED);
    expectNear(at(image, 800, 500), BLUE);
  });
});

describe("decodeLogoSource: refusals", () => {
  it("refuses anything over 5 MiB before looking at it", async () => {
    const big = new Uint8Array(MAX_SOURCE_BYTES + 1);
    big.set(await bytesOf(encodePng(redBlue(8, 8))));
    expect((await refusal(big)).reason).toMatch(/over 5242880 bytes/);
  });

  // Each of these is a few dozen bytes claiming 5000×5000: the guard refuses it from the header (the reason says so),
  // so no decoder ever allocates the 100 MB image. (workerd freezes timers during a request, so no stopwatch here.)
  const bombs: [string, () => Uint8Array][] = [
    ["PNG", () => pngHeader(5000, 5000)],
    ["PNG, a wide strip", () => pngHeader(5000, 10)],
    ["baseline JPEG", () => jpegHeader(5000, 5000)],
    ["progressive JPEG", () => jpegHeader(5000, 5000, 0xc2)],
    ["WebP VP8X", () => riff([vp8x(5000, 5000), vp8(100, 100)])],
    ["WebP VP8 (lossy)", () => riff([vp8(5000, 5000)])],
    ["WebP VP8L (lossless)", () => riff([vp8l(5000, 5000)])],
    ["ICO with a PNG entry", () => ico([{ width: 256, height: 256, bpp: 32, data: pngHeader(5000, 5000) }])],
    [
      "ICO with a BMP entry",
      () => ico([{ width: 256, height: 256, bpp: 32, data: new Uint8Array([...le32(40), ...le32(5000), ...le32(10000), ...le16(1), ...le16(32), ...new Array(24).fill(0)]) }]),
    ],
    [
      "ICO with a bomb behind a harmless entry",
      () => ico([
        { width: 16, height: 16, bpp: 32, data: dib(paint(16, 16, () => RED), 32) },
        { width: 0, height: 0, bpp: 32, data: pngHeader(5000, 5000) },
      ]),
    ],
    [
      "SVG embedding a PNG bomb",
      () => text(`<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,${btoa(String.fromCharCode(...pngHeader(5000, 5000)))}"/></svg>`),
    ],
  ];
  for (const [name, bytes] of bombs) {
    it(`refuses a ${name} header declaring 5000 px from its header`, async () => {
      const input = bytes();
      expect(input.byteLength).toBeLessThan(2000);
      expect((await refusal(input)).reason).toMatch(/^5000×(5000|10) is over 4096×4096$/);
    });
  }

  it("refuses truncated files", async () => {
    const source = paint(64, 64, (x, y) => [(x * 4) & 255, (y * 4) & 255, (x * y) & 255, 255]);
    const files = {
      png: await bytesOf(encodePng(source)),
      jpeg: await bytesOf(encodeJpeg(source, 90)),
      webp: await bytesOf(encodeWebp(source, 90)),
      ico: ico([{ width: 64, height: 64, bpp: 32, data: dib(source, 32) }]),
      icoPng: ico([{ width: 64, height: 64, bpp: 32, data: await bytesOf(encodePng(source)) }]),
      bmp: bmpFile(source),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const cut = bytes.subarray(0, Math.floor(bytes.length * 0.6));
      const error = await refusal(cut);
      expect(error.reason, name).toMatch(/truncated|decode failed/i);
      // Cut inside the header too.
      await refusal(bytes.subarray(0, 24));
    }
  });

  it("refuses garbage, HTML, an empty file and unsupported formats", async () => {
    let seed = 7;
    const noise = new Uint8Array(4096).map(() => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >> 16);
    expect((await refusal(noise, "image/png")).reason).toMatch(/unrecognised format \(labelled image\/png\)/);
    expect((await refusal(text("<!DOCTYPE html><html><body>Not found</body></html>"), "image/png")).reason).toMatch(/HTML/);
    expect((await refusal(new Uint8Array(0))).reason).toBe("empty file");
    // A JPEG the guard passes but libjpeg rejects (a frame header with a bogus component count): the decoder's fatal
    // error is wrapped, and the decoder still works afterwards.
    const jpeg = await bytesOf(encodeJpeg(redBlue(32, 32), 90));
    const corrupt = jpeg.slice();
    const sof = corrupt.findIndex((b, i) => b === 0xff && (corrupt[i + 1] === 0xc0 || corrupt[i + 1] === 0xc2));
    corrupt[sof + 9] = 2;
    expect((await refusal(corrupt)).reason).toMatch(/JPEG decode failed/);
    expect((await decodeLogoSource(jpeg, null)).width).toBe(32);
    const [fourcc, frame] = vp8(32, 32);
    frame[0] |= 1; // an inter frame: libwebp only decodes key frames
    expect((await refusal(riff([[fourcc, frame]]))).reason).toMatch(/WebP decode failed/);
    expect((await decodeLogoSource(await bytesOf(encodeWebp(redBlue(8, 8))), null)).width).toBe(8);
  });

  it("refuses GIF, animated WebP, TIFF and AVIF", async () => {
    const gif = new Uint8Array([...text("GIF89a"), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]);
    expect((await refusal(gif, "image/gif")).reason).toBe("GIF is not supported");
    expect((await refusal(riff([vp8x(10, 10, 0x02), ["ANIM", [0, 0, 0, 0, 0, 0]]]))).reason).toBe("animated WebP is not supported");
    expect((await refusal(new Uint8Array([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, ...new Array(32).fill(0)]))).reason).toMatch(/TIFF/);
    expect((await refusal(new Uint8Array([0, 0, 0, 0x1c, ...text("ftypavif"), ...new Array(32).fill(0)]))).reason).toMatch(/AVIF/);
  });

  it("refuses SVGs with scripts, foreign objects, external references, nested entities, or over 1 MiB", async () => {
    const wrap = (inner: string) => text(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${inner}<rect width="10" height="10"/></svg>`);
    const cases: [Uint8Array, RegExp][] = [
      [wrap('<script>alert(1)</script>'), /script/],
      [wrap('<SCRIPT type="text/javascript">alert(1)</SCRIPT>'), /script/],
      [wrap('<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>'), /foreignObject/],
      [wrap('<image href="http://tracker.example/pixel.png" width="10" height="10"/>'), /external/],
      [wrap('<image xlink:href = \'https://cdn.example/logo.png\' width="10" height="10"/>'), /external/],
      [wrap('<use href="//cdn.example/sprite.svg#logo"/>'), /external/],
      [wrap('<rect width="10" height="10" style="fill:url(https://cdn.example/p.svg#g)"/>'), /external/],
      [wrap('<style>@import url("https://fonts.example/css");</style>'), /external/],
      [text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg">&b;</svg>'), /entities/],
      [text("<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a '<g>lol</g>'><!ENTITY b '<g>&a;&a;</g>'>]><svg xmlns=\"http://www.w3.org/2000/svg\">&b;</svg>"), /entities/],
      [wrap('<image href="data:image/png,%89PNG" width="10" height="10"/>'), /not base64/],
      [wrap(`<!-- ${"x".repeat(1024 * 1024)} -->`), /SVG over 1048576 bytes/],
      [text('<svg xmlns="http://www.w3.org/2000/svg"><rect'), /SVG refused: the tag <rect> is never closed/],
    ];
    for (const [bytes, reason] of cases) expect((await refusal(bytes, "image/svg+xml")).reason).toMatch(reason);
  });

  it("refuses drawings the renderer would blow up, before it runs: <use> chains, deep nesting, too many elements", async () => {
    const svg = (inner: string, doctype = "") => text(`${doctype}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${inner}</svg>`);
    // The billion laughs in <use>s: ten levels of ten references to the level below, 10^10 rectangles drawn.
    const levels = Array.from({ length: 10 }, (_, i) =>
      `<g id="l${i + 1}">${`<use href="#l${i}"/>`.repeat(10)}</g>`).join("");
    const otherPrefix = Array.from({ length: 10 }, (_, i) =>
      `<g id="p${i + 1}">${`<use q:href="#p${i}" xmlns:q="http://www.w3.org/1999/xlink"/>`.repeat(10)}</g>`).join("");
    const cases: [Uint8Array, RegExp][] = [
      [svg(`<defs><rect id="l0" width="1" height="1"/>${levels}</defs><use href="#l10"/>`), /SVG refused: expanding its <use>s/],
      [svg(`<defs><rect id="p0" width="1" height="1"/>${otherPrefix}</defs><use xlink:href="#p10"/>`), /SVG refused: expanding its <use>s/],
      [svg(`${"<g>".repeat(100)}<rect width="1" height="1"/>${"</g>".repeat(100)}`), /SVG refused: .*nest/],
      [svg('<rect width="1" height="1"/>'.repeat(10_001)), /SVG refused: .*elements/],
      // Plain entities pass the guard (Illustrator's namespaces are such), but one of markup used 20,000 times is
      // 20,000 elements: counted as the renderer would see them.
      [svg("&r;".repeat(20_000), '<!DOCTYPE svg [<!ENTITY r \'<rect width="1" height="1"/>\'>]>'), /SVG refused: .*elements/],
    ];
    for (const [bytes, reason] of cases) expect((await refusal(bytes, "image/svg+xml")).reason).toMatch(reason);
  });
});

describe("makeMaster", () => {
  it("trims fully transparent borders", async () => {
    const image = paint(100, 80, (x, y) => (x >= 30 && x < 70 && y >= 25 && y < 45 ? RED : [255, 255, 255, 0]));
    const master = await makeMaster(image);
    expect([master.width, master.height]).toEqual([40, 20]);
    const decoded = await decodePng(master.png.slice().buffer);
    expect([decoded.width, decoded.height]).toEqual([40, 20]);
    expectNear(at(decoded, 0, 0), RED);
    expectNear(at(decoded, 39, 19), RED);
  });

  it("trims a uniform near-white border from an opaque image (a logo on an off-white card)", async () => {
    const card = paint(120, 90, (x, y) => (x >= 20 && x < 70 && y >= 30 && y < 60 ? [20, 20, 20, 255] : [250, 252, 247, 255]));
    const master = await makeMaster(card);
    expect([master.width, master.height]).toEqual([50, 30]);
    // From a JPEG: the ringing next to the edges (within its 8 px block) may stay, the card goes.
    const jpeg = await makeMaster(await decodeLogoSource(await bytesOf(encodeJpeg(card, 90)), null));
    expect(jpeg.width).toBeGreaterThanOrEqual(50);
    expect(jpeg.width).toBeLessThanOrEqual(66);
    expect(jpeg.height).toBeGreaterThanOrEqual(30);
    expect(jpeg.height).toBeLessThanOrEqual(46);
  });

  it("keeps light-grey content at the edge of a white image (the tolerance is small)", async () => {
    const logo = paint(100, 100, (x, y) =>
      x >= 10 && x < 90 && y >= 10 && y < 60 ? [0, 0, 0, 255] : x >= 10 && x < 90 && y >= 70 && y < 80 ? [224, 224, 224, 255] : [255, 255, 255, 255]);
    const master = await makeMaster(logo);
    expect([master.width, master.height]).toEqual([80, 70]);
  });

  it("leaves white alone on a transparent logo, and never trims an image to nothing", async () => {
    const whiteMark = paint(50, 50, (x, y) => (y >= 10 && y < 40 ? [255, 255, 255, x < 25 ? 255 : 200] : CLEAR));
    expect([(await makeMaster(whiteMark)).width, (await makeMaster(whiteMark)).height]).toEqual([50, 30]);
    const blank = paint(30, 20, () => CLEAR);
    expect([(await makeMaster(blank)).width, (await makeMaster(blank)).height]).toEqual([30, 20]);
    const white = paint(30, 20, () => [255, 255, 255, 255]);
    expect([(await makeMaster(white)).width, (await makeMaster(white)).height]).toEqual([30, 20]);
  });

  it("fits inside 1024×1024 (a 2000×500 logo becomes 1024×256) and never upscales", async () => {
    const wide = await makeMaster(paint(2000, 500, (x) => (x < 1000 ? RED : BLUE)));
    expect([wide.width, wide.height]).toEqual([1024, 256]);
    expect([wide.image.width, wide.image.height]).toEqual([1024, 256]);
    const decoded = await decodePng(wide.png.slice().buffer);
    expect([decoded.width, decoded.height]).toEqual([1024, 256]);
    expectNear(at(decoded, 100, 128), RED);
    expectNear(at(decoded, 900, 128), BLUE);

    const small = await makeMaster(paint(64, 64, (x) => (x < 32 ? RED : BLUE)));
    expect([small.width, small.height]).toEqual([64, 64]);
    const tall = await makeMaster(paint(300, 3000, () => BLUE));
    expect([tall.width, tall.height]).toEqual([102, 1024]);
  });

  it("shrinks a 4096 px source by an alpha-weighted box reduction (no dark fringe at transparent edges)", async () => {
    // A red frame 102 px thick round a transparent (black) middle: the 4×4 block at x 100–103 is half red, half clear.
    const frame = paint(4096, 1024, (x, y) => (x < 102 || x >= 3994 || y < 102 || y >= 922 ? RED : [0, 0, 0, 0]));
    const master = await makeMaster(frame);
    expect([master.width, master.height]).toEqual([1024, 256]);
    expectNear(at(master.image, 10, 128), RED);
    expectNear(at(master.image, 25, 128), [255, 0, 0, 128]);
    expect(at(master.image, 100, 128)[3]).toBe(0);
  });

  it("returns the trimmed pixels it encoded", async () => {
    const master = await makeMaster(paint(10, 10, (x, y) => (x > 1 && y > 2 ? BLUE : CLEAR)));
    expect([master.image.width, master.image.height]).toEqual([8, 7]);
    expect(Array.from((await decodePng(master.png.slice().buffer)).data)).toEqual(Array.from(master.image.data));
  });
});

describe("prominentColors", () => {
  /** A red square with a blue disc over its right edge: anti-aliased red–blue and blue–transparent edges. */
  const LOGO_SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">' +
    '<rect width="60" height="100" fill="#e30613"/><circle cx="60" cy="50" r="25" fill="#1d4ed8"/></svg>';

  it("finds both colours of a two-colour logo, by share, with shares near the true proportions", async () => {
    const image = await rasteriseSvg(LOGO_SVG, 1024);
    const colours = prominentColors(image);
    expect(colours.map((c) => c.hex)).toEqual(["#e30613", "#1d4ed8"]);
    const disc = Math.PI * 25 * 25;
    const total = 6000 + disc / 2;
    expect(colours[0].share).toBeCloseTo((6000 - disc / 2) / total, 2);
    expect(colours[1].share).toBeCloseTo(disc / total, 2);
    expect(colours[0]).toMatchObject({ r: 0xe3, g: 0x06, b: 0x13 });
    expect(colours.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 3);
  });

  it("ignores anti-aliasing noise even at small sizes, and is deterministic", async () => {
    const image = await rasteriseSvg(LOGO_SVG, 96); // many edge pixels relative to the area
    const colours = prominentColors(image);
    expect(colours.map((c) => c.hex)).toHaveLength(2);
    expect(prominentColors(image)).toEqual(colours);
  });

  it("merges near-duplicates (JPEG noise, two nearly equal shades)", async () => {
    const image = paint(100, 100, (x, y) =>
      x < 40 ? [200, 30, 30, 255] : x < 70 ? [210, 38, 34, 255] : y < 50 ? [20, 120, 60, 255] : [24, 124, 58, 255]);
    const colours = prominentColors(image);
    expect(colours).toHaveLength(2);
    expect(colours[0].share).toBeCloseTo(0.7, 2);
    expect(colours[0].r).toBeGreaterThan(200);
    expect(colours[0].r).toBeLessThan(210);
    expect(colours[1].share).toBeCloseTo(0.3, 2);

    const jpeg = await decodeLogoSource(await bytesOf(encodeJpeg(paint(200, 100, (x) => (x < 150 ? [98, 126, 234, 255] : [255, 255, 255, 255])), 80)), null);
    const fromJpeg = prominentColors(jpeg);
    expect(fromJpeg).toHaveLength(2);
    expect(fromJpeg[0].share).toBeCloseTo(0.75, 1);
    expect(Math.abs(fromJpeg[0].r - 98) + Math.abs(fromJpeg[0].g - 126) + Math.abs(fromJpeg[0].b - 234)).toBeLessThan(12);
  });

  it("ignores transparent and mostly transparent pixels, and specks under 1%", async () => {
    const image = paint(200, 100, (x, y) =>
      x < 50 ? [0, 200, 0, 0] : x < 100 ? [0, 0, 200, 100] : x === 150 && y < 50 ? [255, 255, 0, 255] : RED);
    expect(prominentColors(image)).toEqual([{ hex: "#ff0000", r: 255, g: 0, b: 0, share: 1 }]);
    expect(prominentColors(paint(10, 10, () => CLEAR))).toEqual([]);
  });

  it("returns at most `max` colours, in share order, as lower-case hex", () => {
    const palette: Rgba[] = [RED, BLUE, [0, 160, 0, 255], [255, 200, 0, 255], [0, 0, 0, 255], [255, 255, 255, 255], [128, 0, 128, 255]];
    // Stripes of widths 7, 6, 5, … so every colour has its own share.
    const edges = [0, 70, 130, 180, 220, 250, 270, 280];
    const image = paint(280, 20, (x) => palette[edges.findIndex((e, i) => x >= e && x < edges[i + 1])]);
    const colours = prominentColors(image);
    expect(colours.map((c) => c.hex)).toEqual(["#ff0000", "#0000ff", "#00a000", "#ffc800", "#000000"]);
    for (let i = 1; i < colours.length; i++) expect(colours[i].share).toBeLessThan(colours[i - 1].share);
    expect(prominentColors(image, 2)).toHaveLength(2);
  });

  it("samples a large image on a grid (4096×4096 in well under a CPU budget)", () => {
    const image = paint(4096, 1024, (x) => (x < 1024 ? BLUE : RED));
    const colours = prominentColors(image);
    expect(colours.map((c) => c.hex)).toEqual(["#ff0000", "#0000ff"]);
    expect(colours[0].share).toBeCloseTo(0.75, 2);
  });
});

describe("logoBlurhash", () => {
  it("is a valid 28-character blurhash, deterministic, and differs between logos", async () => {
    const red = await rasteriseSvg(TWO_RECTS_SVG, 1024);
    const hash = logoBlurhash(red);
    expect(hash.length).toBeGreaterThanOrEqual(20);
    expect(hash.length).toBeLessThanOrEqual(30);
    expect(isBlurhashValid(hash).result).toBe(true);
    expect(logoBlurhash(red)).toBe(hash);
    const other = paint(300, 100, (x) => (x < 150 ? [0, 160, 0, 255] : [255, 200, 0, 255]));
    expect(logoBlurhash(other)).not.toBe(hash);
    // Flattened on white: a transparent logo and the same logo on white give the same hash.
    const mark = paint(64, 64, (x, y) => ((x - 32) ** 2 + (y - 32) ** 2 < 400 ? BLUE : CLEAR));
    const onWhite = paint(64, 64, (x, y) => ((x - 32) ** 2 + (y - 32) ** 2 < 400 ? BLUE : [255, 255, 255, 255]));
    expect(logoBlurhash(mark)).toBe(logoBlurhash(onWhite));
  });

  it("handles tiny and extreme aspect ratios", () => {
    expect(logoBlurhash(paint(1, 1, () => RED))).toHaveLength(28);
    expect(logoBlurhash(paint(2000, 3, () => BLUE))).toHaveLength(28);
    expect(logoBlurhash(paint(5, 900, () => BLUE))).toHaveLength(28);
  });
});
