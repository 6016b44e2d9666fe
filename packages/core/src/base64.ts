// Base64 and its URL-safe, unpadded form (RFC 4648 §5): webhook signatures and secrets, URL signatures, sealed
// secrets and list cursors all use one of the two.
export const toBase64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Standard base64 made URL-safe: `-` and `_` for `+` and `/`, no padding. */
export const urlSafe = (base64: string) => base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const toBase64Url = (bytes: ArrayBuffer | Uint8Array) => urlSafe(toBase64(bytes));
