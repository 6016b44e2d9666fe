// Our own stages, when the provider identified nobody (design §7): a person (context only), a printed domain
// (`descriptor_domain`), the corpus (`searched_name`), the tidied descriptor (`cleaned_descriptor`). A candidate that
// fails a merchant check hands over to the next stage.
import { isLegalForm } from "../descriptor/after-name.ts";
import { namesExactly, type NamedBrand } from "../descriptor/corpus-match.ts";
import type { ParsedDescriptor } from "../descriptor/parse.ts";
import { isBankFee, isCardRepayment, isCashMachine } from "../descriptor/noise.ts";
import { isPersonalName, isWalletPayee, namesHolder } from "../descriptor/people.ts";
import { domainBrand } from "../descriptor/loose-match.ts";
import { printedDomain, type PrintedDomain } from "../descriptor/printed-domain.ts";
import type { Decision } from "./build-row.ts";
import { brandIdOf, ownerDomainOf, ownerOf } from "./corpus-index.ts";
import { checkFails, cleaned, matched, type Lookup } from "./lookup.ts";
import type { TransactionRequest } from "./request.ts";

export async function ownStages(lookup: Lookup, providerPlatform: Decision["intermediary"]): Promise<Decision> {
  const { parsed, withContext, request } = lookup;
  // Without context the prefix is the intermediary only in the provider's platform case (spec).
  const viaPlatform = async (merchant: string | null) =>
    providerPlatform ?? (withContext ? await platformIntermediary(lookup, merchant) : null);

  // A cash machine's line, a card's repayment and the bank's fee name no merchant, whoever runs the machine, issued the
  // card or sent the refused item.
  const upper = request.transaction.toUpperCase();
  if (isCashMachine(upper) || isCardRepayment(upper) || isBankFee(upper)) return cleaned(parsed, "cleaned_descriptor", null);
  const named = lookup.named;
  // A transfer to a person, unless its words are a brand's very name ("ZELLE TO STARBUCKS"; not MICHAEL TREMBLAY for
  // Michaels, a name cut short).
  // After a P2P rail or a transfer phrase, a name only begins a brand's ("CASH APP*TIFFANY R", "TRANSFERENCIA … A FAVOR
  // DE MARTA DIAZ ORTEGA"): the words must be the brand's name alone. A brand named as people are ("JOHN LEWIS", "TED
  // BAKER") is, after a transfer, a person of that name (after a wallet, a purchase: "PAYPAL *JOHNLEWIS").
  const wholly = parsed.platform?.kind === "p2p" || parsed.transfer;
  const exactlyNamed = () =>
    named !== null &&
    !namesRail(lookup, named) &&
    !(parsed.transfer && (namedAsPeople(named) || initialled(parsed.words))) &&
    namesExactly(lookup.deps.corpus, parsed.words, named.id, { wholly });
  if (withContext && isPerson(parsed, request) && !exactlyNamed()) {
    return { ...cleaned(parsed, "cleaned_descriptor", await viaPlatform(null)), entityType: "person" };
  }
  const seller = named ?? sellingPlatform(parsed);
  const printed = parsed.domain && (await printedCandidate(lookup, parsed.domain));
  if (printed && (await printedDomainStands(lookup, printed.domain, named, seller))) {
    const candidate = printed;
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

/** An initial first, as a person's name is printed ("J SAINSBURY FOOTBALL SUBS FPO" is a transfer to someone). */
const initialled = (words: string[]) => /^[A-Z]$/.test(words[0] ?? "") && /^[A-Z]{2,}$/.test(words[1] ?? "");

/** A brand whose name is a given name and a surname ("John Lewis", "Tim Hortons"). */
const namedAsPeople = (brand: NamedBrand) => brand.name.includes(" ") && isWalletPayee(brand.name.toUpperCase());

/** A P2P rail's own name ("ONLINE TRANSFER FROM ZELLE WANG LI") says how the money moved, not who was paid. */
const namesRail = (lookup: Lookup, brand: NamedBrand) =>
  lookup.deps.corpus.prefixes.some(({ platform }) => platform.kind === "p2p" && platform.domain === brand.domain);

/**
 * A printed domain we know is the merchant's, unless it is the owner of the brand the words name ("INTUIT *TURBOTAX
 * CL.INTUIT.COM": TurboTax, not Intuit). One we don't know ("AMZN.COM/BILL", "G.CO") yields to a brand the words name
 * and stands alone only when nothing else names the merchant.
 */
async function printedDomainStands(lookup: Lookup, domain: string, named: NamedBrand | null, seller: { domain: string } | null) {
  if (named && ownerOf(lookup.deps.corpus, named.id)?.domain === domain) return false;
  if (printedByPlatform(lookup, domain)) return false;
  return !seller || (await lookup.deps.lookupDomain(domain)).state !== "unknown";
}

/**
 * The descriptor's platform printed its own address, or its owner's, beside someone else's name ("UBER* EATS PHO
 * SAIGON HELP.UBER.COM", "SQ *HARBOR BAGEL GOSQ.COM"): a receipt, not the merchant; or beside nothing, billing for
 * itself ("UBER *EATS HELP.UBER.COM"): the platform is the merchant, not its owner.
 */
function printedByPlatform(lookup: Lookup, domain: string): boolean {
  const { parsed, deps } = lookup;
  const platform = parsed.platform;
  if (!platform) return false;
  const brand = brandIdOf(deps.corpus, domain);
  return (
    domain === platform.domain ||
    (brand !== undefined && brand === brandIdOf(deps.corpus, platform.domain)) ||
    ownerDomainOf(deps.corpus, platform.domain) === domain
  );
}

/**
 * The site a printed domain stands for: a corpus brand's other domain is that brand's own site ("ITUNES.COM" is
 * apple.com); a domain we know nothing of may be one cut by the bank's field width ("HOMEDEPOT.CO") or a brand's
 * country storefront ("AMAZON.CA"), when exactly one brand fits (loose-match.ts domainBrand); any other stays.
 */
async function printedCandidate(lookup: Lookup, printed: PrintedDomain): Promise<PrintedDomain> {
  const { corpus } = lookup.deps;
  const known = brandIdOf(corpus, printed.domain);
  if (known) {
    const site = corpus.brands.get(known)?.domain;
    return site && site !== printed.domain ? { host: site, domain: site } : printed;
  }
  if ((await lookup.deps.lookupDomain(printed.domain)).state !== "unknown") return printed;
  const site = corpus.brands.get(domainBrand(corpus.loose, printed.domain) ?? "")?.domain;
  return site ? { host: site, domain: site } : printed;
}

/** A transfer to or from a person (context only): a P2P rail or transfer phrase before a name, or the holder's own. */
function isPerson(parsed: ParsedDescriptor, request: TransactionRequest): boolean {
  // A bank's transfer phrase, or a P2P rail, with no name after it is still a transfer to someone ("SEND E-TFR
  // ***4ZB", "VENMO PAYMENT 1021234567").
  const unnamed = !parsed.merchant && (!parsed.platform || parsed.platform.kind === "p2p");
  if (parsed.transfer && (isPersonalName(parsed.merchant) || unnamed)) return true;
  // A Tikkie payment request paid between friends, in whichever field the bank prints it ("TIKKIE ID 0001…, VAN J …").
  if (TIKKIE.test(request.transaction.toUpperCase())) return true;
  // Paid through a wallet, to someone named as people are ("PAYPAL *JOSE DIAZ", "PAYPAL *ANNAKOWALSKI").
  if (parsed.platform?.kind === "wallet" && isWalletPayee(parsed.merchant)) return true;
  return namesHolder(parsed.text, request.transaction_context?.account_holder?.name);
}

/** Tikkie, ABN AMRO's payment requests between friends, named anywhere in the line ("AAB INZ TIKKIE", "TIKKIE ID …"). */
const TIKKIE = /\bTIKKIE\b/;

/**
 * The platform as the merchant: when it bills for itself ("UBER *TRIP", "APPLE.COM/BILL", "SHOPIFY* 2145879
 * SHOPIFY.COM"), or sells itself and no brand is named ("GOOGLE *FI"); but a delivery app with a name after it
 * delivered for that business ("DOORDASH*GOLDEN WOK").
 */
function sellingPlatform(parsed: ParsedDescriptor) {
  const platform = parsed.platform;
  if (!platform) return null;
  // A business named after a platform that sells itself sold through it ("GOOGLE *RIVERSTONE GAMES": a developer).
  const sellsItself = platform.sellsItself && platform.kind !== "delivery" && !parsed.words.some(namesSeller);
  return parsed.platformSells || sellsItself ? { domain: platform.domain, name: platform.name } : null;
}

/** Words that name a business selling through an app store or marketplace: a studio, a legal form. */
const SELLER_WORDS = new Set(["GAMES", "GAMING", "STUDIO", "STUDIOS", "APPS", "SOFTWARE", "INTERACTIVE"]);
const namesSeller = (word: string) => SELLER_WORDS.has(word) || isLegalForm(word);

/**
 * With context, the descriptor's platform is the intermediary unless it sold the item itself: it is the merchant, or
 * the merchant's owner (Google billing for YouTube).
 */
async function platformIntermediary(lookup: Lookup, merchantDomain: string | null): Promise<Decision["intermediary"]> {
  const platform = lookup.parsed.platform;
  if (!platform || platform.domain === merchantDomain) return null;
  if (merchantDomain && ownerDomainOf(lookup.deps.corpus, merchantDomain) === platform.domain) return null;
  return { domain: platform.domain, name: platform.name };
}
