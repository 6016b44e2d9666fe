// What the pipeline needs from an enrichment provider, whoever it is. Ntropy is the one we use (ntropy.ts); tests
// talk to a fake that speaks Ntropy's wire format.
import type { TransactionRequest } from "./request.ts";

export type ProviderEntity = { name: string | null; website: string | null };

export type ProviderAnswer =
  | { found: false }
  | {
      found: true;
      /** Only a lookup with context classifies the party; null when the provider did not say. */
      type: "person" | "organization" | null;
      name: string | null;
      website: string | null;
      /** Platforms the payment ran through, as the provider saw them. */
      intermediaries: ProviderEntity[];
    };

export const NOBODY: ProviderAnswer = { found: false };

export type Context = NonNullable<TransactionRequest["transaction_context"]>;

export interface EnrichmentProvider {
  /** The whole transaction, with its context and account holder (match_type `enriched_context`). */
  enrich(input: { id: string; accountId: string; description: string; context: Context }): Promise<ProviderAnswer>;
  /** A descriptor alone, no context (match_type `resolved_entity`). */
  resolve(description: string): Promise<ProviderAnswer>;
}
