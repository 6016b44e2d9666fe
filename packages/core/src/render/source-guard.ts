// Bounded decoding: a source is checked from its header before any decoder sees it (design §4: over 4096×4096
// pixels or 5 MiB is refused), so a decompression bomb or a truncated file cannot take the host down.

export const MAX_SOURCE_BYTES = 5 * 1024 * 1024;
export const MAX_SOURCE_SIDE = 4096;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type SourceCheck = { ok: true; width: number; height: number } | { ok: false; reason: string };

/** Reads a PNG's size from its IHDR chunk and applies the limits, without decoding. */
export function checkPngSource(bytes: Uint8Array): SourceCheck {
  if (bytes.byteLength > MAX_SOURCE_BYTES) return { ok: false, reason: `over ${MAX_SOURCE_BYTES} bytes` };
  if (bytes.byteLength < 33 || PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return { ok: false, reason: "not a PNG" };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (view.getUint32(8) !== 13 || chunk !== "IHDR") return { ok: false, reason: "PNG without an IHDR header" };
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) return { ok: false, reason: "PNG with an empty side" };
  if (width > MAX_SOURCE_SIDE || height > MAX_SOURCE_SIDE) {
    return { ok: false, reason: `${width}×${height} is over ${MAX_SOURCE_SIDE}×${MAX_SOURCE_SIDE}` };
  }
  return { ok: true, width, height };
}
