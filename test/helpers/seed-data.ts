// The real seed corpus, validated as scripts/lib/seed-files.mjs validates it in Node (the JSON imported, the icon
// packages' catalogue read from node_modules by vitest.config.ts and bound as TEST_ICON_CATALOGUE).
import { env } from "cloudflare:test";
import { validateSeed } from "@brand/core/seed/validate";
import sp500 from "../../seed/brands-sp500.json";
import consumer from "../../seed/brands-consumer.json";
import web from "../../seed/brands-web.json";
import merchantsUsFood from "../../seed/merchants-us-food.json";
import merchantsUsServices from "../../seed/merchants-us-services.json";
import merchantsUk from "../../seed/merchants-uk.json";
import merchantsEu from "../../seed/merchants-eu.json";
import merchantsCaAu from "../../seed/merchants-ca-au.json";
import merchantsMore from "../../seed/merchants-more.json";
import merchantsExtra from "../../seed/merchants-extra.json";
import merchantsHousehold from "../../seed/merchants-household.json";
import merchantsChains from "../../seed/merchants-chains.json";
import aliases from "../../seed/aliases.json";
import merchantMarkets from "../../seed/merchant-markets.json";
import crypto from "../../seed/crypto.json";
import exchanges from "../../seed/exchanges.json";
import indices from "../../seed/indices.json";
import parents from "../../seed/parents.json";
import platforms from "../../seed/platforms.json";

export const seedFiles = {
  "brands-sp500.json": sp500,
  "brands-consumer.json": consumer,
  "brands-web.json": web,
  "merchants-us-food.json": merchantsUsFood,
  "merchants-us-services.json": merchantsUsServices,
  "merchants-uk.json": merchantsUk,
  "merchants-eu.json": merchantsEu,
  "merchants-ca-au.json": merchantsCaAu,
  "merchants-more.json": merchantsMore,
  "merchants-extra.json": merchantsExtra,
  "merchants-household.json": merchantsHousehold,
  "merchants-chains.json": merchantsChains,
  "aliases.json": aliases,
  "merchant-markets.json": merchantMarkets,
  "crypto.json": crypto,
  "exchanges.json": exchanges,
  "indices.json": indices,
  "parents.json": parents,
  "platforms.json": platforms,
};
export const iconCatalogue = env.TEST_ICON_CATALOGUE;
export const corpus = validateSeed(seedFiles, iconCatalogue);
