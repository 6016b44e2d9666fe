// URLs that carry their own proof: an HMAC-SHA256 of what they name, so they need no key. Used for the image host's
// immutable variant URLs (`redirect`) and the JSON host's temporary file URLs (logos endpoint).

import { fromBase64, toBase64Url } from "./base64.ts";

const encoder = new TextEncoder();

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);
}

export async function signPath(secret: string, path: string): Promise<string> {
  return toBase64Url(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(path)));
}

/**
 * A 32-byte signature in unpadded base64url: 43 characters, the last carrying 4 bits and 2 unused ones that must be
 * zero. A decoder ignores those 2, so without this each signature would have four spellings; only the issued one is.
 */
const CANONICAL_SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

/** Constant-time check (Web Crypto's verify) of a signature from a URL, in the one spelling signPath issues. */
export async function verifyPath(secret: string, path: string, signature: string): Promise<boolean> {
  if (!CANONICAL_SIGNATURE.test(signature)) return false;
  const bytes = fromBase64(signature)!; // the shape above is base64url
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, encoder.encode(path));
}
