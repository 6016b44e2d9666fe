// Validates the seed corpus: each file against its schema, then the rules that span files. Runtime-neutral (no file
// access): scripts/lib/seed-files.mjs reads the files in Node, the tests import them.
import { z } from "zod";
import { leadingKeys, nameKey } from "../descriptor/name-key.ts";
import { isValidIsin } from "../identifiers/isin.ts";
import {
  SEED_FILES,
  SeedAliases,
  SeedBrand,
  SeedChain,
  type IconSource,
  SeedCrypto,
  SeedExchange,
  SeedIndex,
  SeedMarkets,
  SeedMerchant,
  SeedParent,
  SeedPlatform,
} from "./schema.ts";

export type SeedFiles = Record<keyof typeof SEED_FILES, unknown>;
/**
 * The icons each package really has (scripts/lib/icon-catalogue.mjs), so a seed row cannot name a missing one; the
 * size of each @iconify-json/logos drawing tells a wordmark from an icon.
 */
export type IconCatalogue = {
  simpleIcons: string[];
  cryptoIcons: string[];
  iconifyLogos: Record<string, [width: number, height: number]>;
  superTinyIcons: string[];
};

/** A wordmark is at least this much wider than high; an icon at most this much, either way. */
export const WORDMARK_MIN_RATIO = 1.5;
const ICON_MAX_RATIO = 2.5;

function parse<T extends z.ZodType>(file: string, raw: unknown, schema: T): z.infer<T>[] {
  const parsed = z.array(schema).safeParse(raw);
  if (!parsed.success) throw new Error(`seed/${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Parses the raw seed files, merges brands by domain and checks the cross-file rules; throws on any problem. */
export function validateSeed(files: SeedFiles, icons: IconCatalogue): SeedData {
  const more = parse("aliases.json", files["aliases.json"], SeedAliases);
  const traded = parse("merchant-markets.json", files["merchant-markets.json"], SeedMarkets);
  const seed: SeedData = {
    brands: withMarkets(withAliases(
      mergeBrands([
        ...parse("brands-sp500.json", files["brands-sp500.json"], SeedBrand),
        ...parse("brands-consumer.json", files["brands-consumer.json"], SeedBrand),
        ...parse("brands-web.json", files["brands-web.json"], SeedBrand),
        ...MERCHANT_FILES.flatMap((file) => parse(file, files[file], SeedMerchant).map(asBrand)),
        ...parse("merchants-chains.json", files["merchants-chains.json"], SeedChain).map(asBrand),
      ]),
      more,
    ), traded),
    crypto: parse("crypto.json", files["crypto.json"], SeedCrypto),
    exchanges: parse("exchanges.json", files["exchanges.json"], SeedExchange),
    indices: parse("indices.json", files["indices.json"], SeedIndex),
    parents: parse("parents.json", files["parents.json"], SeedParent),
    platforms: parse("platforms.json", files["platforms.json"], SeedPlatform),
  };
  const problems = [...checkSeed(seed, icons), ...strays(seed.brands, "aliases.json", more), ...strays(seed.brands, "merchant-markets.json", traded)];
  if (problems.length) throw new Error(`seed corpus has ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  return seed;
}

const MERCHANT_FILES = [
  "merchants-us-food.json",
  "merchants-us-services.json",
  "merchants-uk.json",
  "merchants-eu.json",
  "merchants-ca-au.json",
  "merchants-more.json",
  "merchants-extra.json",
  "merchants-household.json",
] as const satisfies (keyof typeof SEED_FILES)[];

/**
 * A merchant as a brand: its home market tells it from same-named brands elsewhere, what it sells what words may follow
 * its name; its source is the data's own record, not the database's.
 */
const asBrand = ({ country, source: _source, ...brand }: SeedMerchant | SeedChain): SeedBrand => ({ ...brand, market: country });

/** The same brand may stand in two files (an S&P 500 member that is also a big consumer merchant): merge by domain. */
function mergeBrands(brands: SeedBrand[]): SeedBrand[] {
  const byDomain = new Map<string, SeedBrand>();
  for (const b of brands) {
    const seen = byDomain.get(b.domain);
    if (!seen) {
      byDomain.set(b.domain, b);
      continue;
    }
    byDomain.set(b.domain, {
      ...seen,
      aliases: unique([...seen.aliases, ...b.aliases]),
      colors: seen.colors.length ? seen.colors : b.colors,
      socials: { ...b.socials, ...seen.socials },
      popularity: Math.max(seen.popularity, b.popularity),
      icon: seen.icon ?? b.icon,
      wordmark: seen.wordmark ?? b.wordmark,
      domains: unique([...seen.domains, ...b.domains]),
      listings: uniqueBy([...seen.listings, ...b.listings], (l) => `${l.symbol}@${l.mic}`),
      isins: unique([...seen.isins, ...b.isins]),
      market: seen.market ?? b.market,
      category: seen.category ?? b.category,
    });
  }
  return [...byDomain.values()];
}

/**
 * A merchant that trades in several markets has none of its own: a plain-worded name of its met abroad is still its
 * ("LUSH-LYON"). Unless another brand bears its name: then the purchase's country chooses between them (Aldi, Coop).
 */
function withMarkets(brands: SeedBrand[], traded: SeedMarkets[]): SeedBrand[] {
  const several = new Set(traded.map((t) => t.domain));
  // Every name a brand is read by: its name, its aliases, and its name's first words ("ALDI" of "ALDI Australia").
  const keysOf = (b: SeedBrand) => new Set([...b.aliases.map((a) => nameKey(a.toUpperCase())), ...leadingKeys(b.name)].filter(Boolean));
  const bearers = new Map<string, number>();
  for (const b of brands) for (const key of keysOf(b)) bearers.set(key, (bearers.get(key) ?? 0) + 1);
  const alone = (b: SeedBrand) => [...keysOf(b)].every((key) => bearers.get(key) === 1);
  return brands.map((b) => (several.has(b.domain) && alone(b) ? { ...b, market: null } : b));
}

/** Each brand with the names seed/aliases.json adds for its domain. */
function withAliases(brands: SeedBrand[], more: SeedAliases[]): SeedBrand[] {
  const byDomain = new Map(more.map((m) => [m.domain, m.aliases]));
  return brands.map((b) => (byDomain.has(b.domain) ? { ...b, aliases: unique([...b.aliases, ...byDomain.get(b.domain)!]) } : b));
}

/** seed/aliases.json's domains no brand has. */
/** Entries of a file that adds to brands by domain (aliases.json, merchant-markets.json) whose domain no brand has. */
function strays(brands: SeedBrand[], file: string, entries: { domain: string }[]): string[] {
  const domains = new Set(brands.map((b) => b.domain));
  return entries.filter((m) => !domains.has(m.domain)).map((m) => `seed/${file}: no seeded brand has the domain ${m.domain}`);
}

const unique = <T>(xs: T[]) => [...new Set(xs)];
const uniqueBy = <T>(xs: T[], key: (x: T) => string) => [...new Map(xs.map((x) => [key(x), x])).values()];

export type SeedData = {
  brands: SeedBrand[];
  crypto: SeedCrypto[];
  exchanges: SeedExchange[];
  indices: SeedIndex[];
  parents: SeedParent[];
  platforms: SeedPlatform[];
};

function checkSeed(seed: SeedData, icons: IconCatalogue): string[] {
  const problems: string[] = [];
  const mics = new Set(seed.exchanges.map((e) => e.mic));
  const iconProblem = iconChecker(icons);

  for (const b of seed.brands) {
    for (const isin of b.isins) if (!isValidIsin(isin)) problems.push(`${b.domain}: ISIN ${isin} fails its check digit`);
    for (const l of b.listings) if (!mics.has(l.mic)) problems.push(`${b.domain}: listing ${l.symbol} on unknown MIC ${l.mic}`);
    for (const [role, source] of [["icon", b.icon], ["wordmark", b.wordmark]] as const) {
      const problem = source && iconProblem(source, role);
      if (problem) problems.push(`${b.domain}: ${role} ${problem}`);
    }
  }
  for (const c of seed.crypto) {
    const problem = c.icon && iconProblem(c.icon, "icon");
    if (problem) problems.push(`crypto ${c.symbol}: icon ${problem}`);
  }
  problems.push(...domainProblems(seed.brands));

  const listingOwner = new Map<string, string>();
  for (const b of seed.brands)
    for (const l of b.listings) {
      const key = `${l.symbol}@${l.mic}`;
      const owner = listingOwner.get(key);
      if (owner && owner !== b.domain) problems.push(`listing ${key} claimed by ${owner} and ${b.domain}`);
      listingOwner.set(key, b.domain);
    }
  for (const [kind, keys] of [
    ["crypto symbol", seed.crypto.map((c) => c.symbol)],
    ["exchange MIC", seed.exchanges.map((e) => e.mic)],
    ["index symbol", seed.indices.flatMap((i) => [i.symbol, ...i.aliases])],
    ["parent child", seed.parents.map((p) => p.child)],
  ] as const) {
    const seen = new Set<string>();
    for (const k of keys) {
      if (seen.has(k)) problems.push(`duplicate ${kind} ${k}`);
      seen.add(k);
    }
  }
  const brandDomains = new Set(seed.brands.map((b) => b.domain));
  for (const p of seed.parents) {
    if (p.child === p.parent) problems.push(`parent pair ${p.child} names itself`);
    if (!brandDomains.has(p.child)) problems.push(`parent pair child ${p.child} is not a seeded brand`);
    if (!brandDomains.has(p.parent)) problems.push(`parent pair parent ${p.parent} is not a seeded brand`);
  }
  return problems;
}

/** Why a source cannot serve in a role (missing from its package, or the wrong shape), or null when it can. */
function iconChecker(icons: IconCatalogue) {
  const simple = new Set(icons.simpleIcons);
  const crypto = new Set(icons.cryptoIcons);
  const tiny = new Set(icons.superTinyIcons);
  return (source: IconSource, role: "icon" | "wordmark"): string | null => {
    const missing = `${JSON.stringify(source)} is not in its package`;
    switch (source.package) {
      case "simple-icons":
        return !simple.has(source.slug) ? missing : role === "wordmark" ? "simple-icons draws square symbols, not wordmarks" : null;
      case "cryptocurrency-icons":
        return !crypto.has(source.symbol.toLowerCase()) ? missing : role === "wordmark" ? "crypto icons are square" : null;
      case "super-tiny-icons":
        return !tiny.has(source.name) ? missing : role === "wordmark" ? "super-tiny-icons are square" : null;
      case "@iconify-json/logos": {
        const size = icons.iconifyLogos[source.name];
        if (!size) return missing;
        const ratio = size[0] / size[1];
        if (role === "wordmark" && ratio < WORDMARK_MIN_RATIO) return `${source.name} is ${size[0]}×${size[1]}, not a wide wordmark`;
        if (role === "icon" && Math.max(ratio, 1 / ratio) > ICON_MAX_RATIO) return `${source.name} is ${size[0]}×${size[1]}, too wide for an icon`;
        return null;
      }
    }
  };
}

/** Every domain (a brand's own, or one of its other domains) names one brand. */
function domainProblems(brands: SeedBrand[]): string[] {
  const owner = new Map<string, string>();
  const problems: string[] = [];
  for (const b of brands) owner.set(b.domain, b.domain);
  for (const b of brands)
    for (const d of b.domains) {
      const seen = owner.get(d);
      if (seen) problems.push(`domain ${d} is claimed by ${seen} and ${b.domain}`);
      owner.set(d, b.domain);
    }
  return problems;
}
