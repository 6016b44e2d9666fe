// The seed corpus contract: every file under /seed is parsed with these schemas before anything is written,
// so a typo in the data fails `npm run seed` and the tests instead of landing in the database.
import { z } from "zod";

const hex = z.string().regex(/^#[0-9a-f]{6}$/, "colour as #rrggbb, lower case");
const domain = z
  .string()
  .regex(/^(?!-)[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$/, "bare lower-case domain, no scheme or path");
const url = z.string().url().startsWith("https://");

export const SOCIAL_KEYS = [
  "facebook",
  "github",
  "instagram",
  "linkedin",
  "pinterest",
  "reddit",
  "snapchat",
  "telegram",
  "tumblr",
  "twitter",
  "wechat",
  "whatsapp",
  "youtube",
] as const;
export const Socials = z.partialRecord(z.enum(SOCIAL_KEYS), url);

/**
 * Where a seed image comes from: an openly licensed icon package, its SVG kept (sanitised) and rasterised at seed
 * time. Full-colour sets come first when a brand is in several (seed/README.md, "Logo sources and licences").
 */
export const IconSource = z.discriminatedUnion("package", [
  z.object({ package: z.literal("@iconify-json/logos"), name: z.string().min(1) }),
  z.object({ package: z.literal("super-tiny-icons"), name: z.string().min(1) }),
  z.object({ package: z.literal("simple-icons"), slug: z.string().min(1) }),
  z.object({ package: z.literal("cryptocurrency-icons"), symbol: z.string().min(1) }),
]);
export type IconSource = z.infer<typeof IconSource>;

/** What a merchant sells, the way a statement's reader would group it. */
export const MERCHANT_CATEGORIES = [
  "retail",
  "grocery",
  "pharmacy",
  "restaurant",
  "fuel_convenience",
  "travel",
  "transport",
  "telecom",
  "utility",
  "subscription",
  "entertainment",
  "services",
  "government",
  "postal",
] as const;
export type MerchantCategory = (typeof MERCHANT_CATEGORIES)[number];

/** A listing: ticker symbol as the exchange prints it, and the exchange's MIC (see exchanges.json). */
export const Listing = z.object({
  symbol: z.string().regex(/^[A-Z0-9]{1,6}([.-][A-Z0-9]{1,2})?$/),
  mic: z.string().regex(/^[A-Z0-9]{4}$/),
});

export const SeedBrand = z.strictObject({
  name: z.string().min(1),
  domain,
  aliases: z.array(z.string().min(1)).default([]),
  description: z.string().min(10),
  colors: z.array(hex).default([]),
  socials: Socials.default({}),
  /** 0-100, higher is more popular; ranks search results and name lookups. */
  popularity: z.number().int().min(0).max(100),
  /** The square symbol the image host serves by default (the brandmark). */
  icon: IconSource.nullable().default(null),
  /** The full logo: a wordmark or horizontal lockup, at least 1.5 times as wide as it is high. */
  wordmark: IconSource.nullable().default(null),
  /**
   * Other domains that are this brand's own and answer with its record: country sites, short links, the hosts its
   * own products serve from (google.de, youtu.be, gstatic.com). Only where the ownership is certain.
   */
  domains: z.array(domain).default([]),
  listings: z.array(Listing).default([]),
  /** Only values known for certain; each must pass the ISIN check digit. */
  isins: z.array(z.string().regex(/^[A-Z]{2}[A-Z0-9]{9}[0-9]$/)).default([]),
  /**
   * The country whose shoppers know the brand by its name (ISO 3166-1 alpha-2): a merchant's home market, taken from
   * its `country`; null for a brand known everywhere. It tells same-named brands apart (migration 0010).
   */
  market: z.string().regex(/^[A-Z]{2}$/).nullable().default(null),
  /** What it sells, for a merchant (its `category`); null for a brand the seed does not class (migration 0012). */
  category: z.enum(MERCHANT_CATEGORIES).nullable().default(null),
});

/**
 * A merchant card statements name (seed/merchants-*.json): a brand, plus where it trades, what it sells and where its
 * name and domain were checked. Its aliases carry the spellings banks print (upper case, as on the statement).
 */
export const SeedMerchant = SeedBrand.omit({ market: true }).extend({
  /** The home market (ISO 3166-1 alpha-2). */
  country: z.string().regex(/^[A-Z]{2}$/),
  category: z.enum(MERCHANT_CATEGORIES),
  /** Where the name and the domain were checked, e.g. "company website; Technomic Top 500 (2024)". */
  source: z.string().min(3),
}).strict();

/**
 * A chain from OpenStreetMap's name-suggestion-index (seed/merchants-chains.json, scripts/build-chains.mjs): a merchant
 * whose home market is null when it trades in several of ours (the index tells no home among them).
 */
export const SeedChain = SeedMerchant.extend({ country: z.string().regex(/^[A-Z]{2}$/).nullable() }).strict();

export const SeedCrypto = z.strictObject({
  symbol: z.string().regex(/^[A-Z0-9]{2,10}$/),
  name: z.string().min(1),
  /** The project's own site, when it has one. */
  domain: domain.nullable(),
  /** 1 = largest by market capitalisation. */
  rank: z.number().int().min(1),
  description: z.string().min(10),
  color: hex.nullable().default(null),
  icon: IconSource.nullable().default(null),
});

export const SeedExchange = z.strictObject({
  mic: z.string().regex(/^[A-Z0-9]{4}$/),
  name: z.string().min(1),
  acronyms: z.array(z.string().regex(/^[A-Z0-9]{2,10}$/)).default([]),
  /** Ticker suffixes that select this exchange, e.g. "L" and "LSE" for AAPL.L / AAPL.LSE. US exchanges have none. */
  suffixes: z.array(z.string().regex(/^[A-Z]{1,4}$/)).default([]),
  country: z.string().regex(/^[A-Z]{2}$/),
  domain,
});

export const SeedIndex = z.strictObject({
  symbol: z.string().regex(/^[A-Z0-9]{2,10}$/),
  aliases: z.array(z.string().regex(/^\^?[A-Z0-9.]{2,12}$/)).default([]),
  name: z.string().min(1),
  /** Domain of the index provider whose logo represents the index. */
  domain,
});

export const SeedParent = z.strictObject({ child: domain, parent: domain, source: z.string().min(3) });

/**
 * More names a seeded brand bills under (seed/aliases.json): its product lines, memberships, store formats and
 * sub-brands without a site of their own ("CLUBCARD PLUS" for tesco.com), added to that brand's aliases.
 */
export const SeedAliases = z.strictObject({
  /** A seeded brand's domain. */
  domain,
  /** Upper case as banks print them; four characters or more, since shorter ones name other things too. */
  aliases: z.array(z.string().min(4)).min(1),
  source: z.string().min(3),
});

/**
 * Where a hand-written merchant trades, from OpenStreetMap's name-suggestion-index (seed/merchant-markets.json,
 * scripts/build-chains.mjs): our markets, or "001" for worldwide. Only merchants trading in several are listed.
 */
export const SeedMarkets = z.strictObject({
  domain,
  markets: z.array(z.string().regex(/^(?:[A-Z]{2}|001)$/)).min(1),
  source: z.string().min(3),
});

export const SeedPlatform = z.strictObject({
  name: z.string().min(1),
  domain,
  /** Descriptor prefixes as banks print them, upper case, e.g. "SQ *", "TST*", "PAYPAL *". */
  prefixes: z.array(z.string().min(2)).min(1),
  kind: z.enum(["pos", "marketplace", "wallet", "delivery", "processor", "app_store", "p2p", "ride"]),
  /** True when the platform sells in its own name (e.g. AMZN Mktp is a marketplace, Amazon itself sells too). */
  sells_itself: z.boolean(),
});

export type SeedBrand = z.infer<typeof SeedBrand>;
export type SeedMerchant = z.infer<typeof SeedMerchant>;
export type SeedChain = z.infer<typeof SeedChain>;
export type SeedCrypto = z.infer<typeof SeedCrypto>;
export type SeedExchange = z.infer<typeof SeedExchange>;
export type SeedIndex = z.infer<typeof SeedIndex>;
export type SeedParent = z.infer<typeof SeedParent>;
export type SeedPlatform = z.infer<typeof SeedPlatform>;
export type SeedAliases = z.infer<typeof SeedAliases>;
export type SeedMarkets = z.infer<typeof SeedMarkets>;

/** Files under /seed and the schema each holds (an array of). */
export const SEED_FILES = {
  "brands-sp500.json": SeedBrand,
  "brands-consumer.json": SeedBrand,
  "brands-web.json": SeedBrand,
  "merchants-us-food.json": SeedMerchant,
  "merchants-us-services.json": SeedMerchant,
  "merchants-uk.json": SeedMerchant,
  "merchants-eu.json": SeedMerchant,
  "merchants-ca-au.json": SeedMerchant,
  "merchants-more.json": SeedMerchant,
  "merchants-extra.json": SeedMerchant,
  "merchants-household.json": SeedMerchant,
  "merchants-chains.json": SeedChain,
  "aliases.json": SeedAliases,
  "merchant-markets.json": SeedMarkets,
  "crypto.json": SeedCrypto,
  "exchanges.json": SeedExchange,
  "indices.json": SeedIndex,
  "parents.json": SeedParent,
  "platforms.json": SeedPlatform,
} as const;
