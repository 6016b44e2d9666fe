// A domain a request names, normalised (packages/core/src/brands/domain.ts), or 400. `.test` domains are admitted
// only where the crawler reaches the fixture web (CRAWL_PROXY: local runs), so they can be looked up, subscribed to
// and blocked there as anywhere else.
import { normaliseDomain } from "@brand/core/brands/domain";
import { AppError } from "@brand/core/errors";
import type { Env } from "./env.ts";

export function domainInput(env: Env, raw: string): string {
  const parsed = normaliseDomain(raw, { allowTestDomains: Boolean(env.CRAWL_PROXY) });
  if (!parsed.ok) throw new AppError("bad_request", parsed.reason);
  return parsed.domain;
}
