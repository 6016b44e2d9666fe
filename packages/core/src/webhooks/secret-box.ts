// Webhook signing secrets at rest: sealed with AES-256-GCM under a key from the Worker secret WEBHOOK_SECRET_KEYS,
// opened only to sign a delivery. A sealed secret reads `v1.<kid>.<iv>.<ciphertext>` (base64url), so a row says
// which key sealed it and rotating the key needs no schema change. Rows written before sealing hold the secret as
// issued (`whsec_…`); they still open (as themselves) until the cron reseals them (secret-reseal.ts).
//
// WEBHOOK_SECRET_KEYS is `kid:base64key[,kid:base64key…]`: the first key seals, every key opens. Rotation: put a new
// entry first, deploy, let the cron reseal every row under it, then drop the old entry.
import { fromBase64, toBase64, toBase64Url } from "../base64.ts";
import { randomBase62 } from "../ids.ts";

/** The setting's name, for errors: they name it, never its value. */
export const KEYS_SETTING = "WEBHOOK_SECRET_KEYS";
const VERSION = "v1";
const KEY_BYTES = 32;
/** 96 bits, fresh for every seal: GCM's recommended IV size. */
const IV_BYTES = 12;
const KID = /^[A-Za-z0-9_-]{1,32}$/;
const LEGACY_PREFIX = "whsec_";

export type SecretKeyring = {
  /** The key id that seals. */
  current: string;
  /** Every key id that opens, with its key. */
  keys: ReadonlyMap<string, CryptoKey>;
};

/** A sealed secret that cannot be opened here: an unknown key id, another row's ciphertext, a damaged value. */
export class UnreadableSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableSecretError";
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

const settingError = (problem: string) => new Error(`${KEYS_SETTING} ${problem}`);

/** Each entry's id and key bytes, checked; the error says which entry is wrong and how, never what it holds. */
function parseEntries(setting: string | undefined): Array<{ kid: string; raw: Uint8Array }> {
  if (!setting?.trim()) throw settingError("is not set: it needs at least one kid:base64key entry (32-byte keys).");
  const entries = setting.split(",").map((entry, i) => {
    const at = entry.indexOf(":");
    const kid = entry.slice(0, at).trim();
    if (at < 0 || !KID.test(kid)) throw settingError(`entry ${i + 1} is not kid:base64key (kid: 1 to 32 of A-Z a-z 0-9 _ -).`);
    const raw = fromBase64(entry.slice(at + 1).trim());
    if (!raw) throw settingError(`entry ${i + 1} (${kid}): the key is not base64.`);
    if (raw.length !== KEY_BYTES) throw settingError(`entry ${i + 1} (${kid}): the key is ${raw.length} bytes; AES-256 needs ${KEY_BYTES}.`);
    return { kid, raw };
  });
  const kids = entries.map((e) => e.kid);
  const twice = kids.find((kid, i) => kids.indexOf(kid) !== i);
  if (twice) throw settingError(`names key id ${twice} twice: each key needs its own id.`);
  return entries;
}

async function buildKeyring(setting: string | undefined): Promise<SecretKeyring> {
  const entries = parseEntries(setting);
  const keys = new Map<string, CryptoKey>();
  for (const { kid, raw } of entries) {
    keys.set(kid, await crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]));
  }
  return { current: entries[0].kid, keys };
}

/**
 * The last setting read and its keyring: an isolate imports its keys once, not per delivery. It keeps the keyring,
 * never the import in flight (as ttl-cache.ts, for the same reason), and never a failure.
 */
let cached: { setting: string | undefined; ring: SecretKeyring } | null = null;

/** The keyring WEBHOOK_SECRET_KEYS describes; rejects, naming the setting, when it is missing or malformed. */
export async function secretKeyring(setting: string | undefined): Promise<SecretKeyring> {
  if (cached && cached.setting === setting) return cached.ring;
  const ring = await buildKeyring(setting);
  cached = { setting, ring };
  return ring;
}

/**
 * Binds a ciphertext to its format, key id and endpoint: copied to another endpoint's row (or relabelled with another
 * key id) it no longer opens. Not to the column: a rotation moves the current secret to `previous_secret` as it is.
 */
const additionalData = (kid: string, endpointId: string) => encoder.encode(`${VERSION}.${kid}.${endpointId}`);

/** `v1.<kid>.<iv>.<ciphertext>`: the secret sealed under the current key, for this endpoint only. */
export async function sealSecret(ring: SecretKeyring, endpointId: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const key = ring.keys.get(ring.current)!;
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(ring.current, endpointId) },
    key,
    encoder.encode(secret),
  );
  return [VERSION, ring.current, toBase64Url(iv), toBase64Url(new Uint8Array(sealed))].join(".");
}

/** The secret as issued (`whsec_…`) from its stored form, sealed or (before the reseal) plain. */
export async function openSecret(ring: SecretKeyring, endpointId: string, stored: string): Promise<string> {
  if (stored.startsWith(LEGACY_PREFIX)) return stored;
  const [version, kid, ivText, sealedText, ...rest] = stored.split(".");
  const iv = fromBase64(ivText ?? "");
  const sealed = fromBase64(sealedText ?? "");
  if (version !== VERSION || !kid || !iv || iv.length !== IV_BYTES || !sealed || rest.length) {
    throw new UnreadableSecretError("the stored signing secret is not in a form this version reads");
  }
  const key = ring.keys.get(kid);
  if (!key) throw new UnreadableSecretError(`the signing secret is sealed under key id ${kid}, which ${KEYS_SETTING} does not hold`);
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv, additionalData: additionalData(kid, endpointId) }, key, sealed);
    return decoder.decode(plain);
  } catch {
    throw new UnreadableSecretError(`the signing secret does not open under key id ${kid} for this endpoint`);
  }
}

/** Already sealed under the current key: nothing for the reseal to do. */
export const sealedUnderCurrent = (ring: SecretKeyring, stored: string) => stored.startsWith(currentPrefix(ring));

/** What every value sealed under the current key starts with (the reseal selects on it in SQL). */
export const currentPrefix = (ring: SecretKeyring) => `${VERSION}.${ring.current}.`;

/** A new `kid:base64key` entry (random id, 32 random bytes): what npm start and the deploy generate. */
export function newKeyEntry(): string {
  return `${randomBase62(8)}:${toBase64(crypto.getRandomValues(new Uint8Array(KEY_BYTES)))}`;
}
