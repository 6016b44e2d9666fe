// An implementation of Standard Webhooks v1 verification written from the specification alone
// (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md), sharing no code with
// packages/core/src/webhooks: the tests check what the service sends against it.
//
// The signed content is `${webhook-id}.${webhook-timestamp}.${body}`; the key is the base64 part of the secret after
// `whsec_`, decoded to bytes; the signature is base64 of HMAC-SHA256, prefixed with its version, `v1,`; the
// `webhook-signature` header may hold several space-delimited signatures, any of which may match.
export async function specVerify(secret: string, headers: Record<string, string>, body: string): Promise<boolean> {
  const keyBytes = Uint8Array.from(atob(secret.split("_")[1]), (ch) => ch.charCodeAt(0));
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: { name: "SHA-256" } }, false, ["sign"]);
  const content = new TextEncoder().encode([headers["webhook-id"], headers["webhook-timestamp"], body].join("."));
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, content));
  let binary = "";
  for (const byte of mac) binary += String.fromCharCode(byte);
  const expected = `v1,${btoa(binary)}`;
  return (headers["webhook-signature"] ?? "").split(" ").some((part) => part === expected);
}
