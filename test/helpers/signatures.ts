// A 32-byte HMAC in unpadded base64url is 43 characters, and the last one carries 4 bits of it and 2 unused ones.
// A lax decoder ignores those 2, so each signature has three other spellings that decode to the same bytes.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The three non-canonical spellings of `signature` (the same bytes to a lax decoder). */
export function otherSpellings(signature: string): string[] {
  const last = ALPHABET.indexOf(signature.at(-1)!);
  const base = last - (last % 4);
  return [0, 1, 2, 3].filter((bits) => base + bits !== last).map((bits) => signature.slice(0, -1) + ALPHABET[base + bits]);
}
