// The identification pipeline (design §7): the enrichment provider first; only when it identified nobody, our own
// stages in order: a person (context only), a printed domain, the corpus, and finally the tidied descriptor. Every
// candidate domain passes the merchant checks before it stands. The result is a decision; build-row.ts makes the row.
import { matchCorpus, type CorpusBrand } from "../descriptor/corpus-match.ts";
import { parseDescriptor, type ParsedDescriptor } from "../descriptor/parse.ts";
import { printedDomain } from "../descriptor/printed-domain.ts";
import { lookupDomain } from "../brands/store.ts";
import { isPersonalName, namesHolder } from "../descriptor/people.ts";
import { loadPlatformPrefixes, type PlatformPrefix } from "../descriptor/platforms.ts";
import { buildRow, type Decision, type RowDeps } from "./build-row.ts";
import { candidateFromWebsite, failedCheck, type Candidate } from "./merchant-checks.ts";
import type { EnrichmentProvider, ProviderAnswer, ProviderEntity } from "./provider.ts";
import type { TransactionRequest } from "./request.ts";
import type { IdentityRow } from "./row.ts";

export type IdentifyDeps = RowDeps & { provider: EnrichmentProvider | null };

/** What one lookup knows besides the request: ids the provider may see (hashes, never names or keys). */
export type LookupIds = { transactionId: string; accountId: string };

type Lookup = {
  deps: RowDeps;
  request: TransactionRequest;
  parsed: ParsedDescriptor;
  prefixes: PlatformPrefix[];
  withContext: boolean;
  /** The brand the merchant words name, asked once. */
  named: () => Promise<CorpusBrand | null>;
};

function newLookup(deps: RowDeps, request: TransactionRequest, prefixes: PlatformPrefix[]): Lookup {
  const parsed = parseDescriptor(request.transaction, prefixes);
  let named: Promise<CorpusBrand | null> | undefined;
  return {
    deps,
    request,
    parsed,
    prefixes,
    withContext: Boolean(request.transaction_context),
    named: () => (named ??= matchCorpus(deps.db, parsed.words, parsed.head)),
  };
}

export async function identify(deps: IdentifyDeps, request: TransactionRequest, ids: LookupIds): Promise<IdentityRow> {
  const lookup = newLookup(deps, request, await loadPlatformPrefixes(deps.db));
  const provided = deps.provider ? await providerStage(lookup, deps.provider, ids) : null;
  const decision =
    provided?.decision ??
    (await fallbackStages(lookup, provided?.intermediary ?? null));
  return buildRow(deps, decision, lookup.withContext);
}

/**
 * Merchant checks applied to a saved row (spec: "applied to stored results and new lookups"): a row whose domain
 * now fails a check comes back cleaned.
 */
export async function recheckSaved(deps: RowDeps, row: IdentityRow, request: TransactionRequest): Promise<IdentityRow> {
  if (row.status !== "matched" || !row.domain) return row;
  const lookup = newLookup(deps, request, await loadPlatformPrefixes(deps.db));
  if (!(await checkFails(lookup, { host: row.domain, domain: row.domain }))) return row;
  return buildRow(deps, cleaned(lookup.parsed, row.match_type, null), Boolean(request.transaction_context));
}

// --- The provider --------------------------------------------------------------------------------------------------

type ProviderOutcome = { decision: Decision | null; intermediary: Decision["intermediary"] };

async function providerStage(lookup: Lookup, provider: EnrichmentProvider, ids: LookupIds): Promise<ProviderOutcome | null> {
  const { request, parsed, withContext } = lookup;
  const context = request.transaction_context;
  const matchType = context ? "enriched_context" : "resolved_entity";
  const answer = context
    ? await provider.enrich({ id: ids.transactionId, accountId: ids.accountId, description: request.transaction, context })
    : await provider.resolve(request.transaction);
  if (!answer.found) return null;

  const intermediary = withContext ? providerIntermediary(answer, parsed) : null;
  if (answer.type === "person") {
    // Spec: a person is always cleaned. entity_type exists only with context, and only a lookup with context says.
    return { decision: { ...cleaned(parsed, matchType, intermediary), entityType: "person" }, intermediary: null };
  }
  const candidate = answer.website ? candidateFromWebsite(answer.website) : null;
  if (!candidate) {
    // An organisation with no usable website comes back cleaned (spec).
    return { decision: { ...cleaned(parsed, matchType, intermediary), entityType: answer.type }, intermediary: null };
  }
  const failure = await checkFails(lookup, candidate);
  if (failure === "platform_as_merchant" && parsed.platform) {
    // The provider answered with the platform: the checks refuse it as seller, and the text after the prefix is
    // looked up alone (spec). The platform is then the intermediary, with or without context.
    const platform = { domain: parsed.platform.domain, name: parsed.platform.name };
    const alone = parsed.merchant ? await provider.resolve(parsed.merchant) : { found: false as const };
    const seller = await usableSeller(lookup, alone);
    if (seller) return { decision: matched(seller, "resolved_entity", parsed, platform, answerType(alone, withContext)), intermediary: null };
    return { decision: null, intermediary: platform };
  }
  if (failure) return { decision: { ...cleaned(parsed, matchType, intermediary), entityType: answer.type }, intermediary: null };
  return { decision: matched({ candidate, name: answer.name }, matchType, parsed, intermediary, answer.type), intermediary: null };
}

/** A seller from a provider answer that passes the checks, or null. */
async function usableSeller(lookup: Lookup, answer: ProviderAnswer) {
  if (!answer.found || answer.type === "person" || !answer.website) return null;
  const candidate = candidateFromWebsite(answer.website);
  if (!candidate || (await checkFails(lookup, candidate))) return null;
  return { candidate, name: answer.name };
}

const answerType = (answer: ProviderAnswer, withContext: boolean) => (withContext && answer.found ? answer.type : null);

/**
 * With context, the platform the payment ran through, when it is not the seller: the provider's own intermediary,
 * else the descriptor's platform prefix.
 */
function providerIntermediary(answer: Extract<ProviderAnswer, { found: true }>, parsed: ParsedDescriptor) {
  const merchant = answer.website ? candidateFromWebsite(answer.website)?.domain : null;
  const given = answer.intermediaries.find((e) => e.name || e.website);
  if (given) return fromEntity(given, merchant);
  const platform = parsed.platform;
  return platform && platform.domain !== merchant ? { domain: platform.domain, name: platform.name } : null;
}

function fromEntity(entity: ProviderEntity, merchantDomain: string | null | undefined) {
  const domain = entity.website ? (candidateFromWebsite(entity.website)?.domain ?? null) : null;
  if (domain && domain === merchantDomain) return null; // the platform sold it itself
  return { domain, name: entity.name };
}

// --- Our own stages ------------------------------------------------------------------------------------------------

async function fallbackStages(lookup: Lookup, providerPlatform: Decision["intermediary"]): Promise<Decision> {
  const { parsed, withContext, request } = lookup;
  // Without context the prefix is the intermediary only in the provider's platform case (spec).
  const viaPlatform = async (merchant: string | null) =>
    providerPlatform ?? (withContext ? await platformIntermediary(lookup, merchant) : null);

  const named = await lookup.named();
  if (withContext && !named && isPerson(parsed, request)) {
    return { ...cleaned(parsed, "cleaned_descriptor", await viaPlatform(null)), entityType: "person" };
  }
  const seller = named ?? sellingPlatform(parsed);
  if (parsed.domain && (await printedDomainStands(lookup, parsed.domain.domain, named, seller))) {
    const candidate = parsed.domain;
    if (!(await checkFails(lookup, candidate))) {
      return matched({ candidate }, "descriptor_domain", parsed, await viaPlatform(candidate.domain), null);
    }
  }
  if (seller) {
    const candidate = { host: seller.domain, domain: seller.domain };
    // "APPLE.COM/BILL": the platform that sold it printed its own domain.
    const stage = !named && printedDomain(parsed.text)?.domain === seller.domain ? "descriptor_domain" : "searched_name";
    if (!(await checkFails(lookup, candidate))) {
      return matched({ candidate, name: seller.name }, stage, parsed, await viaPlatform(candidate.domain), null);
    }
  }
  return cleaned(parsed, "cleaned_descriptor", await viaPlatform(null));
}

/**
 * A printed domain we know is the merchant's, unless it is the owner of the brand the words name ("INTUIT *TURBOTAX
 * CL.INTUIT.COM": TurboTax, not Intuit). One we don't know ("AMZN.COM/BILL", "G.CO") yields to a brand the words name
 * and stands alone only when nothing else names the merchant.
 */
async function printedDomainStands(lookup: Lookup, domain: string, named: CorpusBrand | null, seller: { domain: string } | null) {
  if (named && (await ownerDomains(lookup.deps.db, named.id)).includes(domain)) return false;
  return !seller || (await lookupDomain(lookup.deps.db, domain)).state !== "unknown";
}

/** A transfer to or from a person (context only): a P2P rail or transfer phrase before a name, or the holder's own. */
function isPerson(parsed: ParsedDescriptor, request: TransactionRequest): boolean {
  if (parsed.transfer && isPersonalName(parsed.merchant)) return true;
  return namesHolder(parsed.text, request.transaction_context?.account_holder?.name);
}

/** A platform that sells itself is the merchant when the descriptor names nobody else ("UBER *TRIP", "APPLE.COM/BILL"). */
function sellingPlatform(parsed: ParsedDescriptor) {
  const platform = parsed.platform;
  return platform?.sellsItself ? { domain: platform.domain, name: platform.name } : null;
}

/**
 * With context, the descriptor's platform is the intermediary unless it sold the item itself: it is the merchant, or
 * the merchant's owner (Google billing for YouTube).
 */
async function platformIntermediary(lookup: Lookup, merchantDomain: string | null): Promise<Decision["intermediary"]> {
  const platform = lookup.parsed.platform;
  if (!platform || platform.domain === merchantDomain) return null;
  if (merchantDomain && (await ownersOfDomain(lookup.deps.db, merchantDomain)).includes(platform.domain)) return null;
  return { domain: platform.domain, name: platform.name };
}

// --- Decisions -----------------------------------------------------------------------------------------------------

function checkFails(lookup: Lookup, candidate: Candidate) {
  const { deps, parsed, prefixes } = lookup;
  return failedCheck({
    candidate,
    parsed,
    prefixes,
    ownerDomains: async () => {
      const named = await lookup.named();
      return named ? ownerDomains(deps.db, named.id) : [];
    },
  });
}

async function ownerDomains(db: D1Database, brandId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT b.domain FROM parents p JOIN brands b ON b.id = p.parent_id WHERE p.child_id = ? AND b.domain IS NOT NULL")
    .bind(brandId)
    .all<{ domain: string }>();
  return results.map((r) => r.domain);
}

async function ownersOfDomain(db: D1Database, domain: string): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT owner.domain FROM domains d JOIN parents p ON p.child_id = d.brand_id JOIN brands owner ON owner.id = p.parent_id
       WHERE d.domain = ? AND owner.domain IS NOT NULL`,
    )
    .bind(domain)
    .all<{ domain: string }>();
  return results.map((r) => r.domain);
}

function matched(
  seller: { candidate: Candidate; name?: string | null },
  matchType: Decision["matchType"],
  parsed: ParsedDescriptor,
  intermediary: Decision["intermediary"],
  entityType: Decision["entityType"],
): Decision {
  return {
    status: "matched",
    matchType,
    domain: seller.candidate.domain,
    name: seller.name || parsed.name,
    entityType,
    intermediary,
  };
}

function cleaned(parsed: ParsedDescriptor, matchType: Decision["matchType"], intermediary: Decision["intermediary"]): Decision {
  return { status: "cleaned", matchType, domain: null, name: parsed.name, entityType: null, intermediary };
}
