// Standard Webhooks v1 signing (https://www.standardwebhooks.com): `webhook-signature` holds `v1,<base64 of
// HMAC-SHA256(id.timestamp.body)>`, keyed with the bytes the `whsec_` secret encodes; several space-separated
// signatures while a rotated-out secret still signs.
import { fromBase64, toBase64 } from "../base64.ts";

const SECRET_PREFIX = "whsec_";
/** Random bytes in a secret: the standard asks for 24 to 64; 32 matches SHA-256's output. */
const SECRET_BYTES = 32;

const encoder = new TextEncoder();

export function generateSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

function secretKey(secret: string): Promise<CryptoKey> {
  const raw = fromBase64(secret.slice(SECRET_PREFIX.length));
  if (!raw) throw new Error("a webhook secret is whsec_ and base64");
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** `v1,<signature>` for one secret. */
export async function signatureOf(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await secretKey(secret), encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${toBase64(mac)}`;
}

/** The three Standard Webhooks headers of one attempt, signed with every secret that is still valid. */
export async function webhookHeaders(
  secrets: string[],
  id: string,
  now: Date,
  body: string,
): Promise<Record<string, string>> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = await Promise.all(secrets.map((secret) => signatureOf(secret, id, timestamp, body)));
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signatures.join(" ") };
}
