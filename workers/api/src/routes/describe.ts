// GET /describe/{domain}: the describe record, with the spec's indexing states (200, 202, 404). Paid plans only.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { describeRecord, DescribeRecord } from "@brand/core/brands/describe";
import { meteredResponses, meteredRoute } from "../auth.ts";
import { indexedDomain } from "../indexed-domain.ts";
import type { AppEnv } from "../env.ts";
import { apiErrors, jsonResponse, MessageBody } from "../schemas.ts";
import { describeExample } from "../examples.ts";

const route = createRoute({
  method: "get",
  path: "/describe/{domain}",
  operationId: "describeDomain",
  tags: ["Brands"],
  summary: "Describe a domain",
  ...meteredRoute({ paidPlan: true }),
  request: { params: z.object({ domain: z.string().openapi({ example: "stripe.com" }) }) },
  responses: {
    200: jsonResponse(DescribeRecord, "Describe record", describeExample),
    202: jsonResponse(MessageBody, "Not indexed yet; indexing started. Retry in a few seconds"),
    ...apiErrors({ 400: "Invalid domain", 404: "Known, but no data (or blocked)" }),
    ...meteredResponses,
    ...apiErrors({ 401: "Missing or invalid key, or a free plan" }),
  },
});

export function registerDescribe(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const found = await indexedDomain(c, c.req.valid("param").domain, new Date());
    if ("accepted" in found) return found.accepted as never;
    return c.json(describeRecord(found.brand, found.domain, c.env.IMG_BASE_URL), 200);
  });
}
