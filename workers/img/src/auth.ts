// Publishable-key auth for the image host. The account lookup is cached in the isolate for a few seconds and the
// request is counted after the response, so a cached image costs no extra round trip to D1.
import { assertReferrer, authenticate, type Principal } from "@brand/core/auth/authenticate";
import { checkPool, meterRequest } from "@brand/core/billing/usage";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env.ts";

const CACHE_MS = 10_000;
const MAX_ENTRIES = 5_000;
const cache = new Map<string, { principal: Principal; expires: number }>();

async function cachedAuthenticate(db: D1Database, token: string | undefined, now: Date): Promise<Principal> {
  const hit = token ? cache.get(token) : undefined;
  if (hit && hit.expires > now.getTime()) return hit.principal;
  const principal = await authenticate(db, "publishable", token, now);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(token!, { principal, expires: now.getTime() + CACHE_MS });
  return principal;
}

/**
 * Authenticates and meters every logo request before its parameters are looked at (no token is a 401 whatever
 * else is wrong); throws the spec's 401/429.
 */
export const requirePublishableKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const now = new Date();
  const principal = await cachedAuthenticate(c.env.DB, c.req.query("token"), now);
  assertReferrer(principal, c.req.raw.headers);
  const overSoftPool = checkPool(principal.plan, principal.requestsThisPeriod);
  c.executionCtx.waitUntil(meterRequest(c.env.DB, principal.accountId, "img", overSoftPool, now));
  c.set("principal", principal);
  await next();
};
