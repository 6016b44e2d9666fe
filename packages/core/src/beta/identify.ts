// The identification pipeline (design §7): the enrichment provider first; only when it identified nobody, our own
// stages. Every candidate domain passes the merchant checks before it stands. The stages decide; build-row.ts makes
// the row.
import { buildRow, type RowDeps } from "./build-row.ts";
import { checkFails, cleaned, newLookup } from "./lookup.ts";
import { ownStages } from "./own-stages.ts";
import type { EnrichmentProvider } from "./provider.ts";
import { providerStage, type LookupIds } from "./provider-stage.ts";
import type { TransactionRequest } from "./request.ts";
import type { IdentityRow } from "./row.ts";

export type IdentifyDeps = RowDeps & { provider: EnrichmentProvider | null };
export type { LookupIds };

export async function identify(deps: IdentifyDeps, request: TransactionRequest, ids: LookupIds): Promise<IdentityRow> {
  const lookup = newLookup(deps, request);
  const provided = deps.provider ? await providerStage(lookup, deps.provider, ids) : null;
  const decision = provided?.decision ?? (await ownStages(lookup, provided?.intermediary ?? null));
  return buildRow(deps, decision, lookup.withContext);
}

/**
 * Merchant checks applied to a saved row (spec: "applied to stored results and new lookups"): a row whose domain
 * now fails a check comes back cleaned.
 */
export async function recheckSaved(deps: RowDeps, row: IdentityRow, request: TransactionRequest): Promise<IdentityRow> {
  if (row.status !== "matched" || !row.domain) return row;
  const lookup = newLookup(deps, request);
  if (!(await checkFails(lookup, { host: row.domain, domain: row.domain }))) return row;
  return buildRow(deps, cleaned(lookup.parsed, row.match_type, null), lookup.withContext);
}
