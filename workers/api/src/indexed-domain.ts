// The spec's indexing states, shared by describe, brand and logos: an indexed brand, or the 202 / 404 answer.
import { cachedLookupDomain } from "@brand/core/brands/domain-cache";
import { indexIfDue } from "@brand/core/brands/request-indexing";
import type { Brand } from "@brand/core/brands/store";
import { AppError } from "@brand/core/errors";
import type { Context } from "hono";
import { domainInput } from "./domain-input.ts";
import type { AppEnv } from "./env.ts";
import { crawlInRequest } from "./indexing.ts";

export type IndexedDomain = { brand: Brand; domain: string } | { accepted: Response };

export async function indexedDomain(c: Context<AppEnv>, raw: string, now: Date): Promise<IndexedDomain> {
  const domain = domainInput(c.env, raw);
  const found = await cachedLookupDomain(c.env.DB, domain, now.getTime());
  await indexIfDue(c.env.DB, found, domain, crawlInRequest(c, now), now);
  switch (found.state) {
    case "indexed":
      return { brand: found.brand, domain };
    case "unknown":
      return { accepted: c.json({ msg: `Indexing ${domain} started; retry in a few seconds.` }, 202) };
    case "pending":
      return { accepted: c.json({ msg: `Indexing ${domain} is under way; retry in a few seconds.` }, 202) };
    case "no_data":
    case "blocked":
      throw new AppError("not_found", `No data for ${domain}.`);
  }
}
