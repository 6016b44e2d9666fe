// Workers only: the codecs' wasm as compiled modules (wrangler bundles `.wasm` imports as WebAssembly.Module).
// @ts-ignore wrangler imports .wasm as a WebAssembly.Module default; the package .d.ts types the wasm-bindgen exports
import PNG from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
// @ts-ignore as above
import RESIZE from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm";
import JPEG_ENCODE from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
import JPEG_DECODE from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import WEBP_ENCODE from "@jsquash/webp/codec/enc/webp_enc_simd.wasm";
import WEBP_DECODE from "@jsquash/webp/codec/dec/webp_dec.wasm";
import RESVG from "@resvg/resvg-wasm/index_bg.wasm";
import { initCodecs } from "./codecs.ts";

export const initWorkerCodecs = () =>
  initCodecs({
    png: PNG,
    resize: RESIZE,
    jpegEncode: JPEG_ENCODE,
    jpegDecode: JPEG_DECODE,
    webpEncode: WEBP_ENCODE,
    webpDecode: WEBP_DECODE,
    resvg: RESVG,
  });
