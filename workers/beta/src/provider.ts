// The enrichment provider this deployment calls, from its settings: none when ENRICHMENT_URL is unset.
import { ntropyProvider } from "@brand/core/beta/ntropy";
import type { EnrichmentProvider } from "@brand/core/beta/provider";
import type { Env } from "./env.ts";

export function enrichmentProvider(env: Env): EnrichmentProvider | null {
  const { ENRICHMENT_URL, ENRICHMENT_API_KEY, ENRICHMENT_TIMEOUT_MS } = env;
  if (!ENRICHMENT_URL) return null;
  return ntropyProvider({ baseUrl: ENRICHMENT_URL, apiKey: ENRICHMENT_API_KEY ?? "", timeoutMs: Number(ENRICHMENT_TIMEOUT_MS) || undefined });
}
