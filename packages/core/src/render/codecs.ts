// The jsquash codecs and resvg, initialised once per isolate from wasm the caller supplies: Workers import the
// .wasm files as modules (see render/wasm-modules.ts), Node reads their bytes (scripts/seed.mjs).
import decodePngRaw, { init as initPngDecode } from "@jsquash/png/decode.js";
import encodePngRaw from "@jsquash/png/encode.js";
import encodeJpegRaw, { init as initJpegEncode } from "@jsquash/jpeg/encode.js";
import decodeJpegRaw, { init as initJpegDecode } from "@jsquash/jpeg/decode.js";
import encodeWebpRaw, { init as initWebpEncode } from "@jsquash/webp/encode.js";
import decodeWebpRaw, { init as initWebpDecode } from "@jsquash/webp/decode.js";
import resizeRaw, { initResize } from "@jsquash/resize/index.js";
import { initWasm as initResvg, Resvg } from "@resvg/resvg-wasm";
import { installImageData, PixelData, type Pixels } from "./image-data.ts";

type WasmInput = WebAssembly.Module | BufferSource;

export type WasmSources = {
  png: WasmInput;
  resize: WasmInput;
  jpegEncode: WasmInput;
  jpegDecode: WasmInput;
  webpEncode: WasmInput;
  webpDecode: WasmInput;
  resvg: WasmInput;
};

let ready: Promise<void> | null = null;

export function initCodecs(sources: WasmSources): Promise<void> {
  ready ??= (async () => {
    installImageData();
    await Promise.all([
      initPngDecode(sources.png),
      initResize(sources.resize),
      initJpegEncode(emscriptenInit(sources.jpegEncode)),
      initJpegDecode(emscriptenInit(sources.jpegDecode)),
      initWebpEncode(emscriptenInit(sources.webpEncode)),
      initWebpDecode(emscriptenInit(sources.webpDecode)),
      initResvg(sources.resvg),
    ]);
  })();
  return ready;
}

/** Emscripten builds take their wasm through `instantiateWasm` instead of fetching it by URL. */
function emscriptenInit(wasm: WasmInput) {
  return {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instantiated =
        wasm instanceof WebAssembly.Module
          ? WebAssembly.instantiate(wasm, imports)
          : (WebAssembly.instantiate(wasm as BufferSource, imports) as unknown as Promise<{ instance: WebAssembly.Instance }>).then(
              (r) => r.instance,
            );
      void instantiated.then(done);
      return {};
    },
  } as never;
}

async function codecsReady(): Promise<void> {
  if (!ready) throw new Error("initCodecs() must run before any image work");
  await ready;
}

export async function decodePng(bytes: ArrayBuffer): Promise<Pixels> {
  await codecsReady();
  return (await decodePngRaw(bytes)) as Pixels;
}

/** Decodes a JPEG (baseline or progressive) to RGBA. Check the header first (ingest/decode-source.ts). */
export async function decodeJpeg(bytes: ArrayBuffer): Promise<Pixels> {
  await codecsReady();
  return (await decodeJpegRaw(bytes)) as Pixels;
}

/** Decodes a still WebP (lossy or lossless, with alpha) to RGBA. Check the header first (ingest/decode-source.ts). */
export async function decodeWebp(bytes: ArrayBuffer): Promise<Pixels> {
  await codecsReady();
  return (await decodeWebpRaw(bytes)) as Pixels;
}

export async function encodePng(image: Pixels): Promise<ArrayBuffer> {
  await codecsReady();
  return encodePngRaw(image as never);
}

export async function encodeJpeg(image: Pixels, quality = 85): Promise<ArrayBuffer> {
  await codecsReady();
  return encodeJpegRaw(image as never, { quality });
}

/**
 * Lossless alpha without the filter trial: libwebp's default ("fast") encodes the alpha plane twice, unfiltered and
 * with the filter it guessed, and keeps the smaller. Over 150 seed logos at 128 px that cost a third of the encode
 * and saved 0.02% of the bytes; the decoded pixels are the same.
 */
export async function encodeWebp(image: Pixels, quality = 85): Promise<ArrayBuffer> {
  await codecsReady();
  return encodeWebpRaw(image as never, { quality, alpha_quality: 100, alpha_filtering: 0 });
}

/**
 * High-quality resampling (Lanczos3), premultiplied so transparent edges do not fringe. In sRGB, as libvips does:
 * linear-light resampling doubled the cost for no difference a logo shows.
 */
export async function resize(image: Pixels, width: number, height: number): Promise<Pixels> {
  await codecsReady();
  if (image.width === width && image.height === height) return image;
  return resizeRaw(image as never, { width, height, method: "lanczos3", premultiply: true, linearRGB: false });
}

/** Rasterises an SVG so its longer side is `size` pixels. */
export async function rasteriseSvg(svg: string, size: number): Promise<Pixels> {
  await codecsReady();
  // resvg fixes the output size at construction: read the SVG's own size first, then fit its longer side.
  const renderer = new Resvg(svg, { font: { loadSystemFonts: false } });
  try {
    const { width, height } = renderer;
    const fit = width >= height ? { mode: "width" as const, value: size } : { mode: "height" as const, value: size };
    const image = new Resvg(svg, { fitTo: fit, font: { loadSystemFonts: false } }).render();
    const out = new PixelData(unpremultiply(new Uint8ClampedArray(image.pixels)), image.width, image.height);
    image.free();
    return out;
  } finally {
    renderer.free();
  }
}

/** resvg hands back premultiplied RGBA; everything else here (and PNG) is straight alpha. */
function unpremultiply(data: Uint8ClampedArray): Uint8ClampedArray {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 0 || a === 255) continue;
    data[i] = Math.round((data[i] * 255) / a);
    data[i + 1] = Math.round((data[i + 1] * 255) / a);
    data[i + 2] = Math.round((data[i + 2] * 255) / a);
  }
  return data;
}
