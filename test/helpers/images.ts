// Decoding what the image host sent, whatever its format.
import { decodePng } from "@brand/core/render/codecs";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import decodeWebpRaw, { init as initWebpDecode } from "@jsquash/webp/decode.js";
// @ts-ignore wrangler-style .wasm import: a WebAssembly.Module
import WEBP_DECODE from "@jsquash/webp/codec/dec/webp_dec.wasm";
import { decodeJpeg } from "./decode.ts";

type Image = { data: Uint8ClampedArray; width: number; height: number };
let webpReady: Promise<unknown> | null = null;

export async function decodeImage(response: Response): Promise<Image> {
  const bytes = await response.arrayBuffer();
  switch (response.headers.get("content-type")) {
    case "image/jpeg":
      return decodeJpeg(bytes);
    case "image/png":
      await initWorkerCodecs();
      return decodePng(bytes);
    case "image/webp":
      webpReady ??= initWebpDecode({
        instantiateWasm(imports: WebAssembly.Imports, done: (i: WebAssembly.Instance) => void) {
          void WebAssembly.instantiate(WEBP_DECODE as WebAssembly.Module, imports).then(done);
          return {};
        },
      } as never);
      await webpReady;
      return (await decodeWebpRaw(bytes)) as Image;
    default:
      throw new Error(`not an image: ${response.headers.get("content-type")}`);
  }
}

/** Signature bytes, to prove the body is really in the format its Content-Type says. */
export function magic(bytes: ArrayBuffer): "jpg" | "png" | "webp" | "unknown" {
  const b = new Uint8Array(bytes);
  if (b[0] === 0xff && b[1] === 0xd8) return "jpg";
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return "png";
  if (String.fromCharCode(...b.subarray(0, 4)) === "RIFF" && String.fromCharCode(...b.subarray(8, 12)) === "WEBP") return "webp";
  return "unknown";
}
