// Self-service keys: the account's active keys as a person may see them (never a full key or hash), rotation with the
// new key shown once, revocation, and the referrer list of one publishable key. Built on auth/accounts.ts, which the
// operator's /admin uses too.
import { z } from "@hono/zod-openapi";
import { listKeys, revokeKey, rotateKey, type KeyRow } from "../auth/accounts.ts";
import { forgetCachedKeys } from "../auth/authenticate.ts";
import { hashKey, KeyKind } from "../auth/keys.ts";
import { REFERRER_PATTERN } from "../auth/referrers.ts";
import { AppError } from "../errors.ts";

export const KeyId = z.string().regex(/^key_[0-9A-Za-z]{20}$/, "not a key id");

export const ApiKey = z
  .object({
    id: z.string().openapi({ example: "key_Qm2v8RkT0aLs9XyB4nPc" }),
    kind: KeyKind,
    prefix: z.string().openapi({ description: "The kind prefix and the first four characters", example: "pk_Ab3d…" }),
    created_at: z.string(),
    last_used_at: z.string().nullable().openapi({
      description: "When the key was last used on the image, JSON or beta host, accurate to 15 minutes; null before its first use",
    }),
    referrers: z
      .array(z.string())
      .nullable()
      .openapi({ description: "Publishable keys: allowed referrer hosts, [] = any. null for other kinds" }),
    current: z.boolean().openapi({ description: "true for the secret key this request was made with" }),
  })
  .openapi("ApiKey");
export type ApiKey = z.infer<typeof ApiKey>;

export const IssuedKey = ApiKey.extend({
  key: z.string().openapi({ description: "The new key in full. Shown this once: store it now" }),
  signed_out: z
    .boolean()
    .openapi({ description: "true when the key this request was made with was replaced (a secret-key rotation)" }),
}).openapi("IssuedKey");
export type IssuedKey = z.infer<typeof IssuedKey>;

export const Referrers = z
  .array(z.string().trim().toLowerCase().max(253).regex(REFERRER_PATTERN, "each referrer is a host name, optionally led by *."))
  .max(100, "at most 100 referrers")
  .openapi({ example: ["example.com", "*.example.com"] });

type Caller = { accountId: string; keyId: string };

/** The account's active keys, oldest first. */
export async function activeKeys(db: D1Database, caller: Caller): Promise<ApiKey[]> {
  const keys = await listKeys(db, caller.accountId);
  return keys.filter((k) => k.revoked_at === null).map((k) => toApiKey(k, caller));
}

function toApiKey(k: KeyRow, caller: Caller): ApiKey {
  return {
    id: k.id,
    kind: k.kind,
    prefix: k.prefix,
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    referrers: k.kind === "publishable" ? k.referrers : null,
    current: k.id === caller.keyId,
  };
}

/** Issues a new key of `kind` and revokes the older ones of that kind (auth/accounts.ts rotateKey). */
export async function issueKey(db: D1Database, caller: Caller, kind: KeyKind, now: Date): Promise<IssuedKey> {
  const key = await rotateKey(db, caller.accountId, kind, now);
  const hash = await hashKey(key);
  const row = await db
    .prepare("SELECT id, prefix, referrers, created_at FROM api_keys WHERE hash = ?")
    .bind(hash)
    .first<{ id: string; prefix: string; referrers: string; created_at: string }>();
  const issued = { ...row!, kind, referrers: JSON.parse(row!.referrers) as string[], revoked_at: null, last_used_at: null };
  return { ...toApiKey(issued, caller), current: false, key, signed_out: kind === "secret" };
}

/**
 * Revokes one active key of the account. The key the request is made with is refused (409): it is the account's only
 * way in, so revoking it would lock the holder out; rotate it instead, or sign out in the browser.
 */
export async function revokeOwnKey(db: D1Database, caller: Caller, keyId: string, now: Date): Promise<void> {
  if (keyId === caller.keyId) {
    throw new AppError(
      "conflict",
      "That is the secret key this request is signed in with; revoking it would lock you out. Rotate it instead.",
    );
  }
  try {
    await revokeKey(db, caller.accountId, keyId, now);
  } catch (error) {
    // Another account's key reads exactly like an unknown one.
    if (error instanceof AppError && error.code === "not_found") throw new AppError("not_found", `No active key ${keyId}.`);
    throw error;
  }
}

/** Replaces the referrer list of one active publishable key; 400 for another kind, 404 when not the account's. */
export async function setKeyReferrers(db: D1Database, caller: Caller, keyId: string, referrers: string[]): Promise<ApiKey> {
  const key = (await activeKeys(db, caller)).find((k) => k.id === keyId);
  if (!key) throw new AppError("not_found", `No active key ${keyId}.`);
  if (key.kind !== "publishable") throw new AppError("bad_request", "Only publishable keys have referrers.");
  const unique = [...new Set(referrers)];
  await db
    .prepare("UPDATE api_keys SET referrers = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL")
    .bind(JSON.stringify(unique), keyId, caller.accountId)
    .run();
  forgetCachedKeys();
  return { ...key, referrers: unique };
}
