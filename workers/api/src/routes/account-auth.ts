// The /account routes answer to the account's secret key, like every JSON route, but are not metered: looking at your
// own account is not a use of the service (as on logo.dev and Brandfetch), and an account past its free pool must
// still be able to see why. So: the spec's 401 rules, no request-pool count, no 429.
import { authenticate, bearerKey, type Principal } from "@brand/core/auth/authenticate";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { security } from "@brand/core/http/openapi";

export function authorizeAccountRequest(c: Context<AppEnv>, now: Date): Promise<Principal> {
  return authenticate(c.env.DB, "secret", bearerKey(c.req.raw.headers, { allowBare: false }), now);
}

/** Account data is personal: no cache on the way may keep it. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

export const accountAuth = { security: security("api") };
