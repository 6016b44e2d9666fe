// The one gate of the image and JSON hosts' metered routes: the key first (a request without a valid key is a 401
// whatever else is wrong), then the host's own admission rule (referrers, a paid plan), then the pool rule (429), and
// the call is counted after the response. 401s and 429s are not counted.
import type { Context, MiddlewareHandler } from "hono";
import { authenticate, type Principal } from "../auth/authenticate.ts";
import type { KeyKind } from "../auth/keys.ts";
import { checkPool, meterRequest, type PoolSurface } from "../billing/usage.ts";

export type MeteredEnv = { Bindings: { DB: D1Database }; Variables: { principal: Principal } };

export type MeteredGate<E extends MeteredEnv> = {
  kind: Exclude<KeyKind, "beta">;
  surface: PoolSurface;
  /** The presented key: null when absent. */
  key: (c: Context<E>) => string | null | undefined;
  /** Throws the host's refusal for a valid key that may not make this call. */
  admit?: (principal: Principal, c: Context<E>) => void;
};

export function meteredPrincipal<E extends MeteredEnv>(gate: MeteredGate<E>): MiddlewareHandler<E> {
  return async (c, next) => {
    const now = new Date();
    const principal = await authenticate(c.env.DB, gate.kind, gate.key(c), now);
    gate.admit?.(principal, c);
    const overSoftPool = checkPool(principal.plan, principal.requestsThisPeriod);
    // The cached principal counts this isolate's calls too, so the pool holds between reads of D1.
    principal.requestsThisPeriod += 1;
    const metering = meterRequest(c.env.DB, principal, gate.surface, overSoftPool, now);
    if (metering) c.executionCtx.waitUntil(metering);
    c.set("principal", principal);
    await next();
  };
}
