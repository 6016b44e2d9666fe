// The identification pipeline. Today: the final stage only (`cleaned_descriptor`); the provider, descriptor-domain
// and corpus-search stages slot in ahead of it.
import { tidyDescriptor } from "../descriptor/tidy.ts";
import { confidenceFor } from "./confidence.ts";
import type { TransactionRequest } from "./request.ts";
import type { IdentityRow } from "./row.ts";

export function cleanedRow(request: TransactionRequest): IdentityRow {
  return {
    domain: null,
    name: tidyDescriptor(request.transaction),
    // entity_type appears only when the request has context; null there means nobody was classified.
    ...(request.transaction_context ? { entity_type: null } : {}),
    entity_id: null,
    logo_url: null,
    parent: null,
    intermediary: null,
    status: "cleaned",
    match_type: "cleaned_descriptor",
    confidence: confidenceFor("cleaned_descriptor", false),
  };
}
