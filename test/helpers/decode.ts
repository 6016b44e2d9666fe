// Test-side decoders, to check what the image host really sent.
import decodeJpegRaw, { init as initJpegDecode } from "@jsquash/jpeg/decode.js";
// @ts-ignore wrangler-style .wasm import: a WebAssembly.Module
import JPEG_DECODE from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";

let ready: Promise<unknown> | null = null;

export async function decodeJpeg(bytes: ArrayBuffer) {
  ready ??= initJpegDecode({
    instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance) => void) {
      void WebAssembly.instantiate(JPEG_DECODE as WebAssembly.Module, imports).then(done);
      return {};
    },
  } as never);
  await ready;
  return decodeJpegRaw(bytes) as Promise<{ data: Uint8ClampedArray; width: number; height: number }>;
}

export function pixel(image: { data: Uint8ClampedArray; width: number }, x: number, y: number) {
  const i = (y * image.width + x) * 4;
  return { r: image.data[i], g: image.data[i + 1], b: image.data[i + 2], a: image.data[i + 3] };
}
