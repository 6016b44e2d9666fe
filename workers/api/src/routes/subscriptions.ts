// Subscriptions (design §5): which brands send this account's webhook events. Create (idempotent per domain, and
// starting indexing for a domain nobody asked for yet), list (cursor paginated), delete.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { cachedLookupDomain } from "@brand/core/brands/domain-cache";
import { indexIfDue } from "@brand/core/brands/request-indexing";
import { AppError } from "@brand/core/errors";
import { Page, PageQuery } from "@brand/core/pagination";
import { listSubscriptions, subscribe, Subscription, SubscriptionId, unsubscribe } from "@brand/core/webhooks/subscriptions";
import { meteredResponses, meteredRoute } from "../auth.ts";
import { domainInput } from "../domain-input.ts";
import type { AppEnv } from "../env.ts";
import { crawlInRequest } from "../indexing.ts";
import { subscriptionExample } from "../examples.ts";
import { apiErrors, jsonBody, jsonResponse } from "../schemas.ts";

const routes = {
  create: createRoute({
    method: "post",
    path: "/subscriptions",
    operationId: "createSubscription",
    tags: ["Subscriptions"],
    summary: "Subscribe to a brand's events",
    ...meteredRoute(),
    request: { body: jsonBody(z.strictObject({ domain: z.string().max(253) }), { domain: "stripe.com" }) },
    responses: {
      201: jsonResponse(Subscription, "Subscribed; indexing started if the domain was new to us", subscriptionExample),
      200: jsonResponse(Subscription, "Already subscribed: the existing subscription"),
      ...apiErrors({ 400: "Invalid domain or body" }),
      ...meteredResponses,
      ...apiErrors({ 404: "Blocked domain" }),
    },
  }),
  list: createRoute({
    method: "get",
    path: "/subscriptions",
    operationId: "listSubscriptions",
    tags: ["Subscriptions"],
    summary: "List subscriptions, newest first",
    ...meteredRoute(),
    request: { query: PageQuery },
    responses: {
      200: jsonResponse(Page(Subscription, "SubscriptionPage"), "A page of subscriptions"),
      ...apiErrors({ 400: "Invalid limit or cursor" }),
      ...meteredResponses,
    },
  }),
  delete: createRoute({
    method: "delete",
    path: "/subscriptions/{id}",
    operationId: "deleteSubscription",
    tags: ["Subscriptions"],
    summary: "Unsubscribe",
    ...meteredRoute(),
    request: { params: z.object({ id: SubscriptionId }) },
    responses: {
      204: { description: "Deleted" },
      ...apiErrors({ 400: "Malformed id" }),
      ...meteredResponses,
      ...apiErrors({ 404: "No such subscription on this account" }),
    },
  }),
};

export function registerSubscriptions(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.create, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const domain = domainInput(c.env, c.req.valid("json").domain);
    const found = await cachedLookupDomain(c.env.DB, domain, now.getTime());
    if (found.state === "blocked") throw new AppError("not_found", `No data for ${domain}.`);
    const { subscription, created } = await subscribe(c.env.DB, principal.accountId, domain, now);
    await indexIfDue(c.env.DB, found, domain, crawlInRequest(c, now), now);
    return c.json(subscription, created ? 201 : 200);
  });

  app.openapi(routes.list, async (c) => {
    const principal = c.get("principal");
    const { limit, cursor } = c.req.valid("query");
    return c.json(await listSubscriptions(c.env.DB, principal.accountId, limit, cursor), 200);
  });

  app.openapi(routes.delete, async (c) => {
    const principal = c.get("principal");
    await unsubscribe(c.env.DB, principal.accountId, c.req.valid("param").id);
    return c.body(null, 204);
  });
}
