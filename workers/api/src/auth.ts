// Secret-key auth and request-pool metering for the JSON host.
import { authenticate, bearerKey, type Principal } from "@brand/core/auth/authenticate";
import { checkPool, meterRequest } from "@brand/core/billing/usage";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/** Authenticates one JSON request and counts it (202s and retries included, per spec); throws 401/429. */
export async function authorizeApiRequest(c: Context<AppEnv>, now: Date): Promise<Principal> {
  const key = bearerKey(c.req.raw.headers, { allowBare: false });
  const principal = await authenticate(c.env.DB, "secret", key, now);
  const overSoftPool = checkPool(principal.plan, principal.requestsThisPeriod);
  c.executionCtx.waitUntil(meterRequest(c.env.DB, principal.accountId, "api", overSoftPool, now));
  return principal;
}
