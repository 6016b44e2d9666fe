// A pipeline decision made into the spec's row: the brand name wins when a brand resolves for the domain, entity_id
// only then, the parent from the verified list, the intermediary with its four keys, confidence from the fixed table.
// A matched domain we have never seen is handed to `indexLater` (its entity_id stays null until it is indexed).
import { corpusSpelling } from "../descriptor/corpus-match.ts";
import { logoUrl } from "../brands/describe.ts";
import { ownerOf, type CorpusIndex, type DomainFacts } from "./corpus-index.ts";
import { confidenceFor } from "./confidence.ts";
import type { IdentityRow, MatchType } from "./row.ts";

export type RowDeps = {
  corpus: CorpusIndex;
  imgBaseUrl: string;
  /** What we know of any domain (the corpus's from the index, others as they come). */
  lookupDomain: (domain: string) => Promise<DomainFacts>;
  /** Called for every domain the row names: the caller starts its indexing once the lookup has counted, if it is due. */
  indexLater: (found: DomainFacts, domain: string) => void;
};

type Brand = NonNullable<DomainFacts["brand"]>;

export type Decision = {
  status: "matched" | "cleaned";
  matchType: MatchType;
  /** The merchant's domain (matched rows only). */
  domain: string | null;
  /** The stage's name for the merchant: the provider's, the corpus's, or the tidied descriptor. */
  name: string;
  entityType: "person" | "organization" | null;
  /** The platform the payment ran through, when the spec lets the row carry one. */
  intermediary: { domain: string | null; name: string | null } | null;
};

type Related = NonNullable<IdentityRow["parent"]>;

export async function buildRow(deps: RowDeps, decision: Decision, withContext: boolean): Promise<IdentityRow> {
  const intermediary = decision.intermediary ? await related(deps, decision.intermediary) : null;
  const entityTypeField = (brand: Brand | null) =>
    withContext ? { entity_type: decision.entityType ?? (brand ? ("organization" as const) : null) } : {};

  if (decision.status === "cleaned" || !decision.domain) {
    return {
      domain: null,
      name: corpusSpelling(deps.corpus, decision.name) ?? decision.name,
      ...entityTypeField(null),
      entity_id: null,
      logo_url: null,
      parent: null,
      intermediary,
      status: "cleaned",
      match_type: decision.matchType,
      confidence: confidenceFor(decision.matchType, { matched: false }),
    };
  }
  const { brand, known } = await resolvedBrand(deps, decision.domain);
  return {
    domain: decision.domain,
    name: known?.name ?? decision.name,
    ...entityTypeField(brand),
    entity_id: brand?.id ?? null,
    logo_url: logoUrl(deps.imgBaseUrl, decision.domain),
    parent: brand ? parentOf(deps, brand.id) : null,
    intermediary,
    status: "matched",
    match_type: decision.matchType,
    confidence: confidenceFor(decision.matchType, { matched: true, brandResolves: Boolean(brand) }),
  };
}

/**
 * The domain's brand: `brand` when it resolves (indexed: it gives the row its id), `known` when we have one at all
 * (its name is the company's own, even before its logo is indexed). A domain never seen or never queued is indexed.
 */
async function resolvedBrand(deps: RowDeps, domain: string): Promise<{ brand: Brand | null; known: Brand | null }> {
  const found = await deps.lookupDomain(domain);
  deps.indexLater(found, domain);
  if (found.state === "indexed") return { brand: found.brand, known: found.brand };
  return { brand: null, known: found.state === "unknown" || found.state === "blocked" ? null : found.brand };
}

/** The nearest verified owner, when a brand with a domain resolves for it (spec: otherwise null). */
function parentOf(deps: RowDeps, brandId: string): Related | null {
  const owner = ownerOf(deps.corpus, brandId);
  if (!owner) return null;
  return { domain: owner.domain, name: owner.name, entity_id: owner.id, logo_url: logoUrl(deps.imgBaseUrl, owner.domain) };
}

/** A platform as the row shows it: its brand's name and id when one resolves; logo_url null without a domain. */
async function related(deps: RowDeps, entity: { domain: string | null; name: string | null }): Promise<Related> {
  if (!entity.domain) return { domain: null, name: entity.name, entity_id: null, logo_url: null };
  const { brand, known } = await resolvedBrand(deps, entity.domain);
  return {
    domain: entity.domain,
    name: known?.name ?? entity.name,
    entity_id: brand?.id ?? null,
    logo_url: logoUrl(deps.imgBaseUrl, entity.domain),
  };
}
