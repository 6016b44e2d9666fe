// The seven ways to name a logo (spec, image host): how each path parameter is parsed (malformed → 400) and which
// subject it resolves to (well-formed but unknown → the fallback).
import { normaliseDomain } from "@brand/core/brands/domain";
import {
  subjectForCrypto,
  subjectForDomain,
  subjectForExchange,
  subjectForIndex,
  subjectForIsin,
  subjectForName,
  subjectForTicker,
  type Subject,
} from "@brand/core/brands/subject";
import type { StartIndexing } from "@brand/core/brands/request-indexing";
import { isValidIsin } from "@brand/core/identifiers/isin";
import { parseBrandName, parseCryptoSymbol, parseExchangeCode, parseIndexSymbol } from "@brand/core/identifiers/symbols";
import { parseTicker } from "@brand/core/identifiers/ticker";
import type { ImageOptions } from "@brand/core/render/params";

export type Resolve = (db: D1Database, index: StartIndexing, now: Date, options: ImageOptions) => Promise<Subject>;
/** A parsed identifier: its canonical form (for the cache key) and how to resolve it; or why it is malformed. */
type Parsed = { key: string; resolve: Resolve } | { error: string };

export type Lookup = {
  /** The OpenAPI path. */
  path: string;
  param: string;
  /** The parameter takes the rest of the path, slashes included (a pasted URL). */
  restOfPath?: true;
  /** The OpenAPI operation's id: the method name generated clients give it. */
  operationId: string;
  summary: string;
  /** What a well-formed parameter looks like (docs/decisions.md, "Malformed is 400"). */
  description: string;
  example: string;
  parse: (raw: string, options: { allowTestDomains: boolean }) => Parsed;
};

/** Well-formed shapes, case-insensitive. Well-formed but unknown is the fallback, whatever the seeded lists hold. */
const SHAPES = {
  brand: "1 to 100 characters with a letter or digit",
  ticker: "1 to 6 letters or digits, an optional class (.B or -B) and an optional exchange suffix of 1 to 4 letters (.L)",
  isin: "12 characters: 2 letters, 9 letters or digits, a valid check digit",
  crypto: "2 to 10 letters or digits",
  exchange: "2 to 10 letters or digits: a MIC such as XNYS or an acronym such as NYSE",
  index: "2 to 12 characters: letters or digits, an optional leading ^ and market suffix (.MI), such as SPX or ^GSPC",
  domain: "a domain; what people paste works too: any case, www., a scheme, a path, IDN, encoded or not",
};

const malformed = (what: string, raw: string, shape: string) => ({ error: `"${raw}" is not a valid ${what}: ${shape}.` });

export const LOOKUPS: Lookup[] = [
  {
    path: "/name/{brand}",
    operationId: "getLogoByName",
    param: "brand",
    description: SHAPES.brand,
    summary: "Logo by brand name (the top search result)",
    example: "Stripe",
    parse: (raw) => {
      const name = parseBrandName(raw);
      if (!name) return malformed("brand name", raw, SHAPES.brand);
      return {
        key: `name:${name.toLowerCase()}`,
        resolve: (db, _index, _now, options) => subjectForName(db, name, options.strategy),
      };
    },
  },
  {
    path: "/ticker/{ticker}",
    operationId: "getLogoByTicker",
    param: "ticker",
    description: SHAPES.ticker,
    summary: "Logo by stock ticker (US exchanges unless a suffix such as .L or .T names another)",
    example: "AAPL",
    parse: (raw) => {
      const ticker = parseTicker(raw);
      if (!ticker) return malformed("ticker", raw, SHAPES.ticker);
      return { key: `ticker:${ticker.symbol}`, resolve: (db, index, now) => subjectForTicker(db, ticker, index, now) };
    },
  },
  {
    path: "/isin/{isin}",
    operationId: "getLogoByIsin",
    param: "isin",
    description: SHAPES.isin,
    summary: "Logo by ISIN",
    example: "US0378331005",
    parse: (raw) => {
      const isin = raw.trim().toUpperCase();
      if (!isValidIsin(isin)) return malformed("ISIN", raw, SHAPES.isin);
      return { key: `isin:${isin}`, resolve: (db, index, now) => subjectForIsin(db, isin, index, now) };
    },
  },
  {
    path: "/crypto/{symbol}",
    operationId: "getLogoByCrypto",
    param: "symbol",
    description: SHAPES.crypto,
    summary: "Logo by crypto asset symbol",
    example: "BTC",
    parse: (raw) => {
      const symbol = parseCryptoSymbol(raw);
      if (!symbol) return malformed("crypto symbol", raw, SHAPES.crypto);
      return { key: `crypto:${symbol}`, resolve: (db, index, now) => subjectForCrypto(db, symbol, index, now) };
    },
  },
  {
    path: "/exchange/{exchange}",
    operationId: "getLogoByExchange",
    param: "exchange",
    description: SHAPES.exchange,
    summary: "Logo by stock exchange (MIC or acronym)",
    example: "NYSE",
    parse: (raw) => {
      const code = parseExchangeCode(raw);
      if (!code) return malformed("exchange code", raw, SHAPES.exchange);
      return { key: `exchange:${code}`, resolve: (db, index, now) => subjectForExchange(db, code, index, now) };
    },
  },
  {
    path: "/index/{symbol}",
    operationId: "getLogoByIndex",
    param: "symbol",
    description: SHAPES.index,
    summary: "Logo by market index symbol",
    example: "SPX",
    parse: (raw) => {
      const symbol = parseIndexSymbol(raw);
      if (!symbol) return malformed("index symbol", raw, SHAPES.index);
      return { key: `index:${symbol}`, resolve: (db, index, now) => subjectForIndex(db, symbol, index, now) };
    },
  },
  // Last: any other path is a domain, or a URL pasted in place of one (`/https://www.acme.com/about`).
  {
    path: "/{domain}",
    operationId: "getLogoByDomain",
    param: "domain",
    restOfPath: true,
    description: SHAPES.domain,
    summary: "Logo by domain",
    example: "apple.com",
    parse: (raw, options) => {
      const parsed = normaliseDomain(raw, options);
      if (!parsed.ok) return { error: parsed.reason };
      return { key: `domain:${parsed.domain}`, resolve: (db, index, now) => subjectForDomain(db, parsed.domain, index, now) };
    },
  },
];
