// Publishable-key auth for the image host (the `token` query parameter, restricted to the key's referrers). The key
// check is cached in the isolate (core auth/authenticate.ts) and the request counted after the response, so a cached
// image costs no round trip to D1.
import { assertReferrer } from "@brand/core/auth/authenticate";
import { meteredPrincipal } from "@brand/core/http/metered-principal";
import type { AppEnv } from "./env.ts";

export const requirePublishableKey = meteredPrincipal<AppEnv>({
  kind: "publishable",
  surface: "img",
  key: (c) => c.req.query("token"),
  admit: (principal, c) => assertReferrer(principal, c.req.raw.headers),
});
