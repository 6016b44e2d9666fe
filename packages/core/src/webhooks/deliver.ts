// One HTTP attempt of one delivery: guarded by the SSRF guard (the URL, then where its host resolves now), signed,
// bounded in time, no redirects followed and no response body read (only the status matters).
import { resolveHost } from "../crawler/resolve.ts";
import { checkWebhookTarget, type WebhookTargetPolicy } from "../crawler/target.ts";
import { webhookHeaders } from "./sign.ts";

export const ATTEMPT_TIMEOUT_MS = 10_000;
export const WEBHOOK_USER_AGENT = "BrandAssetWebhooks/1.0 (+https://brand-asset-service.example/webhooks)";

export type AttemptRequest = {
  url: string;
  deliveryId: string;
  body: string;
  secrets: string[];
  now: Date;
  policy: WebhookTargetPolicy;
  timeoutMs?: number;
};

/** What an attempt came to; `status` is null when nothing answered. */
export type AttemptResult = { status: number | null; latencyMs: number; error: string | null };

export async function attemptDelivery(request: AttemptRequest): Promise<AttemptResult> {
  // Checked again at send time: the rules may have tightened since the URL was accepted.
  const target = checkWebhookTarget(request.url, request.policy);
  if (!target.ok) return { status: null, latencyMs: 0, error: `refused: ${target.reason}` };
  // A name can point anywhere, and somewhere else since it was saved; a loopback URL (local development) is an address.
  if (!target.loopback) {
    const resolved = await resolveHost(target.url.hostname, request.policy.dns);
    if (resolved.verdict !== "public") return { status: null, latencyMs: 0, error: `refused: ${resolved.reason}` };
  }
  const headers = await webhookHeaders(request.secrets, request.deliveryId, request.now, request.body);
  const timeoutMs = request.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const started = Date.now();
  let response: Response;
  try {
    response = await fetch(target.url.toString(), {
      method: "POST",
      redirect: "manual",
      headers: { ...headers, "content-type": "application/json", "user-agent": WEBHOOK_USER_AGENT },
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    return { status: null, latencyMs: Date.now() - started, error: timedOut ? `no answer within ${timeoutMs} ms` : "could not connect" };
  }
  const latencyMs = Date.now() - started;
  await response.body?.cancel().catch(() => {});
  return { status: response.status, latencyMs, error: describeStatus(response.status) };
}

function describeStatus(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `redirect (${status}) not followed: point the endpoint at the final URL`;
  return `HTTP ${status}`;
}
