// Temporary download URLs of stored images (logo and brandmark masters, banners): {origin}/files/{key}?exp=&sig=,
// valid for an hour, checked by the JSON host's /files route.
import { signPath, verifyPath } from "../signing.ts";
import { TtlCache } from "../ttl-cache.ts";

export const FILE_URL_TTL_SECONDS = 3600;

export async function signedFileUrl(secret: string, origin: string, key: string, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS;
  const sig = await signPath(secret, `${key}\n${expires}`);
  return { url: `${origin}/files/${key}?exp=${expires}&sig=${sig}`, expiresAt: new Date(expires * 1000).toISOString() };
}

export type FileCheck = { ok: true } | { ok: false; expired: boolean };

export async function checkFileUrl(secret: string, key: string, exp: string | undefined, sig: string | undefined, now: Date): Promise<FileCheck> {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return { ok: false, expired: false };
  if (!(await verifyPath(secret, `${key}\n${exp}`, sig))) return { ok: false, expired: false };
  return Number(exp) * 1000 < now.getTime() ? { ok: false, expired: true } : { ok: true };
}

/** Stored images are named by their content's hash and never change, so the isolate keeps a size once it read it. */
const sizes = new TtlCache<string, number | null>(24 * 60 * 60_000, 5_000);

/** The size in bytes of a stored file, or null when it is missing (not remembered: it may be uploaded yet). */
export function storedSize(bucket: R2Bucket, key: string): Promise<number | null> {
  return sizes.through(key, async () => (await bucket.head(key))?.size ?? null, (size) => size !== null);
}
