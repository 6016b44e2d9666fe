// The real seed corpus, validated as scripts/lib/seed-files.mjs validates it in Node (the JSON imported, the icon
// packages' catalogues read from node_modules).
import { validateSeed } from "@brand/core/seed/validate";
import sp500 from "../../seed/brands-sp500.json";
import consumer from "../../seed/brands-consumer.json";
import crypto from "../../seed/crypto.json";
import exchanges from "../../seed/exchanges.json";
import indices from "../../seed/indices.json";
import parents from "../../seed/parents.json";
import platforms from "../../seed/platforms.json";
import simpleIcons from "../../node_modules/simple-icons/data/simple-icons.json";
import cryptoIcons from "../../node_modules/cryptocurrency-icons/manifest.json";

export const seedFiles = {
  "brands-sp500.json": sp500,
  "brands-consumer.json": consumer,
  "crypto.json": crypto,
  "exchanges.json": exchanges,
  "indices.json": indices,
  "parents.json": parents,
  "platforms.json": platforms,
};
export const iconCatalogue = {
  slugs: new Set(simpleIcons.map((i: { slug: string }) => i.slug)),
  cryptoSymbols: new Set(cryptoIcons.map((i: { symbol: string }) => i.symbol.toLowerCase())),
};
export const corpus = validateSeed(seedFiles, iconCatalogue);
