// GET /brand/{domain}: the brand profile, 5 credits, charged only on a 200 (202 and 404 are free).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { chargeBrandRequest } from "@brand/core/billing/credits";
import { BRAND_REQUEST_CREDITS } from "@brand/core/billing/plans";
import { signedFileUrl } from "@brand/core/brands/files";
import { brandProfile, BrandProfile } from "@brand/core/brands/profile";
import { meteredResponses, meteredRoute } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { indexedDomain } from "../indexed-domain.ts";
import { brandExample } from "../examples.ts";
import { apiErrors, jsonResponse, MessageBody } from "../schemas.ts";

const route = createRoute({
  method: "get",
  path: "/brand/{domain}",
  operationId: "getBrand",
  tags: ["Brands"],
  summary: `Brand profile (${BRAND_REQUEST_CREDITS} credits)`,
  ...meteredRoute(),
  request: { params: z.object({ domain: z.string().openapi({ example: "stripe.com" }) }) },
  responses: {
    200: jsonResponse(BrandProfile, `Brand profile; ${BRAND_REQUEST_CREDITS} credits were charged`, brandExample),
    202: jsonResponse(MessageBody, "Not indexed yet; indexing started. Retry in a few seconds (free)"),
    ...apiErrors({
      400: "Invalid domain",
      402: `Out of credits: the balance is below ${BRAND_REQUEST_CREDITS}`,
      403: "The plan does not include the brand endpoint (an older plan gate; every current plan includes it)",
      404: "Known, but no data (or blocked) (free)",
    }),
    ...meteredResponses,
  },
});

export function registerBrand(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const found = await indexedDomain(c, c.req.valid("param").domain, now);
    if ("accepted" in found) return found.accepted as never;
    const origin = new URL(c.req.url).origin;
    // Build the whole answer first, so a failure after the charge cannot happen.
    const profile = await brandProfile(c.env.DB, found.brand, found.domain, c.env.IMG_BASE_URL, async (key) =>
      (await signedFileUrl(c.env.FILE_SIGNING_KEY, origin, key, now)).url,
    );
    await chargeBrandRequest(c.env.DB, principal.accountId, principal.plan, `brand ${found.domain}`, now);
    return c.json(profile, 200);
  });
}
