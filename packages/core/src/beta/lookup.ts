// One lookup's working state, shared by the provider stage and our own stages: the request taken apart, the platform
// table, and the checks and decisions both kinds of stage make.
import { isLegalForm } from "../descriptor/after-name.ts";
import { matchCorpus, type NamedBrand } from "../descriptor/corpus-match.ts";
import { countryShown } from "../descriptor/country-hint.ts";
import { nameKey } from "../descriptor/name-key.ts";
import { namesNobody } from "../descriptor/noise.ts";
import { parseDescriptor, printsPlatformsOwn, type ParsedDescriptor } from "../descriptor/parse.ts";
import type { PlatformPrefix } from "../descriptor/platforms.ts";
import type { Decision, RowDeps } from "./build-row.ts";
import { brandIdOf, namesakeChild, ownerOf } from "./corpus-index.ts";
import { failedCheck, type Candidate, type CheckFailure } from "./merchant-checks.ts";
import type { TransactionRequest } from "./request.ts";

export type Lookup = {
  deps: RowDeps;
  request: TransactionRequest;
  parsed: ParsedDescriptor;
  prefixes: PlatformPrefix[];
  withContext: boolean;
  /** The brand the merchant words name. */
  named: NamedBrand | null;
};

export function newLookup(deps: RowDeps, request: TransactionRequest): Lookup {
  const prefixes = deps.corpus.prefixes;
  const read = parseDescriptor(request.transaction, prefixes);
  // A platform billing for itself names nobody else ("DELIVEROO PLUS": its membership, not the Plus supermarkets); but
  // a brand's name that reads as a city is no platform's bill ("DD ID MOBILE": iD Mobile, not DoorDash in Mobile, AL).
  const ownBill = read.platformSells && printsPlatformsOwn(read.words, read.platform!);
  const searched = ownBill
    ? null
    : matchCorpus(deps.corpus, read.words, { given: read.head, country: purchaseCountry(request), atTerminal: read.platform?.kind === "pos" });
  // A delivery app's prefix before a business no app delivers for, or "DD" before a company's registered name, was
  // none: "DD SKY DIGITAL" and "DD EE LIMITED" are British direct debits.
  const delivery = read.platform?.kind === "delivery";
  const companyDebit =
    delivery && DIRECT_DEBIT.test(request.transaction) && read.words.some(isLegalForm) && read.words.some((w) => !isLegalForm(w) && !namesNobody(w));
  const sells = read.platformSells && !companyDebit && (ownBill || !namesBrand(searched));
  const named = sells ? null : searched;
  const undelivered = companyDebit || (delivery && UNDELIVERED.has(named?.category ?? ""));
  const parsed = undelivered ? { ...read, platform: null, platformSells: false } : { ...read, platformSells: sells };
  return {
    deps,
    request,
    parsed,
    prefixes,
    withContext: Boolean(request.transaction_context),
    named: named && namesakeChild(deps.corpus, named, parsed.words),
  };
}

/** A brand's name of four letters or more: "CA" after a prefix is California, whatever C&A is called. */
const namesBrand = (brand: NamedBrand | null) => brand !== null && nameKey(brand.name.toUpperCase()).length >= 4;

/** A British direct debit's mark, which DoorDash's prefix is too: "DD EE LIMITED", not "DD *DOORDASH". */
const DIRECT_DEBIT = /^\s*DD\s+(?!\*)/i;

/** The kinds of business (seed categories) no delivery app delivers for. */
const UNDELIVERED = new Set(["travel", "transport", "telecom", "utility", "subscription", "entertainment", "services", "government", "postal"]);

/** The first merchant check `candidate` fails for this descriptor, or null. */
export function checkFails(lookup: Lookup, candidate: Candidate): Promise<CheckFailure | null> {
  const { deps, parsed, prefixes } = lookup;
  return failedCheck({
    candidate,
    parsed,
    prefixes,
    ownerDomains: () => {
      const owner = lookup.named && ownerOf(deps.corpus, lookup.named.id);
      return owner ? [owner.domain] : [];
    },
    brandOf: (domain) => brandIdOf(deps.corpus, domain),
  });
}

export function matched(
  seller: { candidate: Candidate; name?: string | null },
  matchType: Decision["matchType"],
  parsed: ParsedDescriptor,
  intermediary: Decision["intermediary"],
  entityType: Decision["entityType"],
): Decision {
  return { status: "matched", matchType, domain: seller.candidate.domain, name: seller.name || parsed.name, entityType, intermediary };
}

export function cleaned(parsed: ParsedDescriptor, matchType: Decision["matchType"], intermediary: Decision["intermediary"]): Decision {
  return { status: "cleaned", matchType, domain: null, name: parsed.name, entityType: null, intermediary };
}

/** The spec's country_code, "a hint for ambiguous names", or else the country the descriptor shows. */
const purchaseCountry = (request: TransactionRequest) =>
  request.country_code?.toUpperCase() ?? countryShown(request.transaction.toUpperCase());
