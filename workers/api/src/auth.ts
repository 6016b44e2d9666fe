// Secret-key auth and request-pool metering for the JSON host's metered routes. It runs as route middleware, ahead of
// the route's parameter validation, so a request without a valid key is a 401 whatever else is wrong (spec,
// Authentication rule 2), and each call is counted exactly once.
import { bearerKey } from "@brand/core/auth/authenticate";
import { PLANS } from "@brand/core/billing/plans";
import { AppError } from "@brand/core/errors";
import { meteredPrincipal } from "@brand/core/http/metered-principal";
import type { AppEnv } from "./env.ts";
import { apiErrors, serverError } from "./schemas.ts";
import { security } from "@brand/core/http/openapi";

type Gate = {
  /** Describe needs a paid plan (spec, Authentication rule 4): a free key gets 401, and like every 401 it is not counted. */
  paidPlan?: boolean;
};

/** Authenticates, applies the plan gate and the pool rule (401/429, uncounted), then counts the call after the response. */
export function requireSecretKey(gate: Gate = {}) {
  return meteredPrincipal<AppEnv>({
    kind: "secret",
    surface: "api",
    key: (c) => bearerKey(c.req.raw.headers, { allowBare: false }),
    admit: (principal) => {
      if (gate.paidPlan && !PLANS[principal.plan].describe) {
        throw new AppError("unauthorized", "Describe needs a paid plan; upgrade in your dashboard.");
      }
    },
  });
}

/** What a metered route's `createRoute` shares: the bearer scheme, the key check first, and the answers it can give. */
export function meteredRoute(gate: Gate = {}) {
  return { security: security("api"), middleware: [requireSecretKey(gate)] };
}

export const meteredResponses = {
  ...apiErrors({ 401: "Missing or invalid key", 429: "Free plan's monthly request pool spent" }),
  ...serverError,
};
