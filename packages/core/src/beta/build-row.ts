// A pipeline decision made into the spec's row: the brand name wins when a brand resolves for the domain, entity_id
// only then, the parent from the verified list, the intermediary with its four keys, confidence from the fixed table.
// A matched domain we have never seen is queued for indexing (its entity_id stays null until then).
import { corpusSpelling } from "../descriptor/corpus-match.ts";
import { logoUrl } from "../brands/describe.ts";
import { ownerOf } from "../brands/parents.ts";
import { awaitsIndexing } from "../brands/request-indexing.ts";
import { lookupDomain, type Brand } from "../brands/store.ts";
import { confidenceFor } from "./confidence.ts";
import type { IdentityRow, MatchType } from "./row.ts";

export type RowDeps = {
  db: D1Database;
  imgBaseUrl: string;
  /** Queues a crawl of a domain never seen before. */
  requestIndexing: (domain: string) => Promise<void>;
};

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
      name: (await corpusSpelling(deps.db, decision.name)) ?? decision.name,
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
    parent: brand ? await parentOf(deps, brand.id) : null,
    intermediary,
    status: "matched",
    match_type: decision.matchType,
    confidence: confidenceFor(decision.matchType, { matched: true, brandResolves: Boolean(brand) }),
  };
}

/**
 * The domain's brand: `brand` when it resolves (indexed: it gives the row its id), `known` when we have one at all
 * (its name is the company's own, even before its logo is indexed). A domain never seen or never queued is queued.
 */
async function resolvedBrand(deps: RowDeps, domain: string): Promise<{ brand: Brand | null; known: Brand | null }> {
  const found = await lookupDomain(deps.db, domain);
  if (awaitsIndexing(found)) await deps.requestIndexing(domain);
  if (found.state === "indexed") return { brand: found.brand, known: found.brand };
  return { brand: null, known: found.state === "unknown" || found.state === "blocked" ? null : found.brand };
}

/** The nearest verified owner, when a brand with a domain resolves for it (spec: otherwise null). */
async function parentOf(deps: RowDeps, brandId: string): Promise<Related | null> {
  const owner = await ownerOf(deps.db, brandId);
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
