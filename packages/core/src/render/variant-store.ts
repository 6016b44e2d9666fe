// Rendered variants in KV. A variant is keyed by (source version, normalised parameters) and carries its ETag (a
// hash of its bytes) in metadata, so a hit is one read. `latest:` remembers which variant a request was last
// answered with, so a changed source can be answered from the old variant (202) while the new one renders; `failed:`
// remembers for a while that a source could not be rendered, so it is not decoded again on every request.
import { sha256Hex } from "../ids.ts";
import type { Rendered } from "./render.ts";

export type StoredVariant = Rendered & { etag: string; fallback: boolean };
type Meta = { etag: string; contentType: string; fallback: boolean };

const DAY = 86_400;
/** Unused logo variants drop out after a month; monograms after a day, since a real logo may arrive. */
const TTL = { logo: 30 * DAY, fallback: DAY, immutable: 365 * DAY };
/** How long a source that failed to render is left alone before one more attempt. */
const FAILED_SOURCE_COOL_DOWN_SECONDS = 600;

export async function readVariant(kv: KVNamespace, key: string): Promise<StoredVariant | null> {
  const { value, metadata } = await kv.getWithMetadata<Meta>(`v:${key}`, "arrayBuffer");
  return value && metadata ? { bytes: value, ...metadata } : null;
}

export async function writeVariant(
  kv: KVNamespace,
  key: string,
  rendered: Rendered,
  fallback: boolean,
): Promise<StoredVariant> {
  const etag = (await sha256Hex(rendered.bytes)).slice(0, 32);
  const metadata: Meta = { etag, contentType: rendered.contentType, fallback };
  await kv.put(`v:${key}`, rendered.bytes, { metadata, expirationTtl: fallback ? TTL.fallback : TTL.logo });
  return { ...rendered, ...metadata };
}

export const readLatest = (kv: KVNamespace, requestKey: string) => kv.get(`latest:${requestKey}`);

export const writeLatest = (kv: KVNamespace, requestKey: string, variantKey: string) =>
  kv.put(`latest:${requestKey}`, variantKey, { expirationTtl: TTL.logo });

/**
 * Stores the bytes behind an immutable (redirect) URL, under their own hash, unless they are there already: KV takes
 * about one write a second per key, and every redirect to a popular variant names the same key. The isolate
 * remembers what it has stored (and what it is storing, so concurrent redirects share one write).
 */
export function storeImmutable(kv: KVNamespace, variant: StoredVariant): Promise<void> {
  let stored = immutableStored.get(variant.etag);
  if (!stored) {
    if (immutableStored.size >= MAX_REMEMBERED) immutableStored.clear();
    stored = writeImmutableOnce(kv, variant);
    immutableStored.set(variant.etag, stored);
    stored.catch(() => immutableStored.delete(variant.etag));
  }
  return stored;
}

const MAX_REMEMBERED = 10_000;
const immutableStored = new Map<string, Promise<void>>();

async function writeImmutableOnce(kv: KVNamespace, variant: StoredVariant): Promise<void> {
  const key = `i:${variant.etag}`;
  const existing = await kv.get(key, "stream");
  if (existing) return existing.cancel();
  const metadata: Meta = { etag: variant.etag, contentType: variant.contentType, fallback: variant.fallback };
  await kv.put(key, variant.bytes, { metadata, expirationTtl: TTL.immutable });
}

export async function readImmutable(kv: KVNamespace, etag: string): Promise<StoredVariant | null> {
  const { value, metadata } = await kv.getWithMetadata<Meta>(`i:${etag}`, "arrayBuffer");
  return value && metadata ? { bytes: value, ...metadata } : null;
}

/** Remembers that a source (by its R2 key) could not be rendered, for the cool-down. */
export const markSourceFailed = (kv: KVNamespace, logoKey: string, reason: string) =>
  kv.put(`failed:${logoKey}`, reason, { expirationTtl: FAILED_SOURCE_COOL_DOWN_SECONDS });

export const sourceFailedLately = async (kv: KVNamespace, logoKey: string) =>
  (await kv.get(`failed:${logoKey}`)) !== null;
