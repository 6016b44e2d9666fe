// Verifying a webhook from the Brand Asset Service, for receivers. Self-contained (Web Crypto only), so it runs
// unchanged in Node 18+, Deno, Bun, browsers and Workers; copy it into your project, or use any Standard Webhooks
// library (the format is https://www.standardwebhooks.com v1: the `standardwebhooks` and `svix` packages verify it).
//
//   import { verifyWebhook } from "./verify.ts";
//
//   const body = await request.text();                        // the raw body: do not parse and re-serialise it
//   const event = await verifyWebhook(process.env.WEBHOOK_SECRET, request.headers, body); // throws if not ours
//   if (await alreadySeen(request.headers.get("webhook-id"))) return new Response(null, { status: 204 });
//   …handle event.type …
//
// Retries of one delivery repeat its `webhook-id` (deduplicate on it); each attempt is signed afresh, with a new
// `webhook-timestamp`. Answer 2xx quickly; 410 Gone disables the endpoint.

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export type VerifyOptions = {
  /** How far `webhook-timestamp` may be from now, either way, in seconds (replay protection). Default 300. */
  toleranceSeconds?: number;
  now?: Date;
};

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * Checks the `webhook-signature` of `body` against `secret` (the `whsec_…` string you were shown) and returns the
 * parsed event. Throws `WebhookVerificationError` when a header is missing, the timestamp is outside the tolerance,
 * or no signature matches. Several signatures may be present (during a secret rotation); one match is enough.
 */
export async function verifyWebhook<T = unknown>(
  secret: string,
  headers: HeaderSource,
  body: string,
  { toleranceSeconds = 300, now = new Date() }: VerifyOptions = {},
): Promise<T> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("missing webhook-id, -timestamp or -signature");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("webhook-timestamp is not a number");
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError("webhook-timestamp is too old or too new");
  }
  const key = await crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "verify",
  ]);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const entry of signatures.split(" ")) {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) continue;
    const bytes = base64Bytes(signature);
    // Web Crypto's verify compares in constant time.
    if (bytes && (await crypto.subtle.verify("HMAC", key, bytes, signed))) return JSON.parse(body) as T;
  }
  throw new WebhookVerificationError("no signature matches");
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(found) ? found[0] : found;
}

function secretBytes(secret: string): Uint8Array {
  const bytes = base64Bytes(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret);
  if (!bytes || bytes.length === 0) throw new WebhookVerificationError("the secret is not a whsec_ secret");
  return bytes;
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
