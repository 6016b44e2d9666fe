// The enrichment provider's stage (design §7): `enriched_context` with context, `resolved_entity` without. It
// identifies a person, an organisation with or without a usable website, or nobody; its candidate must pass the
// merchant checks, with the spec's platform case handled here: the provider answers with a platform, the checks
// refuse it as seller, and the text after the prefix is looked up alone.
import type { ParsedDescriptor } from "../descriptor/parse.ts";
import type { Decision } from "./build-row.ts";
import { checkFails, cleaned, matched, type Lookup } from "./lookup.ts";
import { candidateFromWebsite } from "./merchant-checks.ts";
import type { EnrichmentProvider, ProviderAnswer, ProviderEntity } from "./provider.ts";

/** What one lookup knows besides the request: ids the provider may see (hashes, never names or keys). */
export type LookupIds = { transactionId: string; accountId: string };

/**
 * A decision, or none (the provider identified no usable merchant: our stages answer), with the platform our stages
 * must keep as intermediary in the spec's platform case.
 */
export type ProviderOutcome = { decision: Decision | null; intermediary: Decision["intermediary"] };

export async function providerStage(lookup: Lookup, provider: EnrichmentProvider, ids: LookupIds): Promise<ProviderOutcome | null> {
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
