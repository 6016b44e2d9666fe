// Base64 and its URL-safe, unpadded form (RFC 4648 §5): webhook signatures and secrets, URL signatures, sealed
// secrets and list cursors all use one of the two, written and read here.
export const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Standard base64 made URL-safe: `-` and `_` for `+` and `/`, no padding. */
export const urlSafe = (base64: string) => base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const toBase64Url = (bytes: ArrayBuffer | Uint8Array) => urlSafe(toBase64(bytes));

/** Standard or URL-safe base64 (padded or not) to bytes; null when it is not base64 at all. */
export function fromBase64(text: string): Uint8Array | null {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return null;
  try {
    return Uint8Array.from(atob(standard), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
