// Rendered variants in KV. A variant is keyed by (source version, normalised parameters) and carries its ETag (a
// hash of its bytes) in metadata, so a hit is one read. `latest:` remembers which variant a request was last
// answered with, so a changed source can be answered from the old variant (202) while the new one renders.
import { sha256Hex } from "../ids.ts";
import type { Rendered } from "./render.ts";

export type StoredVariant = Rendered & { etag: string; fallback: boolean };
type Meta = { etag: string; contentType: string; fallback: boolean };

const DAY = 86_400;
/** Unused logo variants drop out after a month; monograms after a day, since a real logo may arrive. */
const TTL = { logo: 30 * DAY, fallback: DAY, immutable: 365 * DAY };

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

/** The bytes behind an immutable (redirect) URL, stored under their own hash. */
export async function writeImmutable(kv: KVNamespace, variant: StoredVariant): Promise<void> {
  const metadata = { etag: variant.etag, contentType: variant.contentType, fallback: variant.fallback };
  await kv.put(`i:${variant.etag}`, variant.bytes, { metadata, expirationTtl: TTL.immutable });
}

export async function readImmutable(kv: KVNamespace, etag: string): Promise<StoredVariant | null> {
  const { value, metadata } = await kv.getWithMetadata<Meta>(`i:${etag}`, "arrayBuffer");
  return value && metadata ? { bytes: value, ...metadata } : null;
}
