// Little helpers for reading image headers byte by byte.

/** An ArrayBuffer holding exactly these bytes (the decoders take whole buffers). */
export function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes.buffer as ArrayBuffer;
  return bytes.slice().buffer;
}

export function ascii(b: Uint8Array, at: number, length: number): string {
  let s = "";
  for (let i = at; i < at + length && i < b.byteLength; i++) s += String.fromCharCode(b[i]);
  return s;
}

export const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
export const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
export const u24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
export const u32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
export const i32 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24);
