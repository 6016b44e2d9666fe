import { randomBase62, sha256Hex } from "../ids.ts";
import { z } from "zod";

export const KeyKind = z.enum(["publishable", "secret", "beta"]);
export type KeyKind = z.infer<typeof KeyKind>;

// Design §3: pk_ + 24+, sk_ + 32+, tx_beta_ + 32+ base62 characters.
export const KEY_FORMATS: Record<KeyKind, { prefix: string; length: number }> = {
  publishable: { prefix: "pk_", length: 24 },
  secret: { prefix: "sk_", length: 32 },
  beta: { prefix: "tx_beta_", length: 32 },
};

export function generateKey(kind: KeyKind): string {
  const { prefix, length } = KEY_FORMATS[kind];
  return prefix + randomBase62(length);
}

/** True when the string has the shape of a key of this kind (prefix, then at least the minimum of base62). */
export function looksLikeKey(kind: KeyKind, key: string): boolean {
  const { prefix, length } = KEY_FORMATS[kind];
  return key.startsWith(prefix) && new RegExp(`^[0-9A-Za-z]{${length},128}$`).test(key.slice(prefix.length));
}

export const hashKey = (key: string) => sha256Hex(key);

/** What a person sees to tell keys apart: the kind prefix and the first four characters. */
export function displayPrefix(key: string, kind: KeyKind): string {
  const { prefix } = KEY_FORMATS[kind];
  return `${key.slice(0, prefix.length + 4)}…`;
}
