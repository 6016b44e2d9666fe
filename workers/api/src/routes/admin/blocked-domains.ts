// Admin: blocked domains (they answer 404 on every host and are never crawled): block, list, unblock.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { forgetCachedDomain } from "@brand/core/brands/domain-cache";
import { blockDomain, listBlockedDomains, unblockDomain } from "@brand/core/brands/store";
import { AppError } from "@brand/core/errors";
import { PageQuery } from "@brand/core/pagination";
import { domainInput } from "../../domain-input.ts";
import type { AppEnv } from "../../env.ts";
import { jsonBody } from "./schemas.ts";

const ok = (description: string) => ({ description });

const routes = {
  blocked: createRoute({
    method: "get",
    path: "/admin/blocked-domains",
    hide: true,
    request: { query: PageQuery },
    responses: { 200: ok("A page of blocked domains, newest first, with their reasons") },
  }),
  unblock: createRoute({
    method: "delete",
    path: "/admin/blocked-domains/{domain}",
    hide: true,
    request: { params: z.object({ domain: z.string() }) },
    responses: { 200: ok("Unblocked"), 404: ok("Not blocked") },
  }),
  block: createRoute({
    method: "post",
    path: "/admin/blocked-domains",
    hide: true,
    request: { body: jsonBody(z.strictObject({ domain: z.string(), reason: z.string().min(1).max(500) })) },
    responses: { 201: { description: "Blocked" } },
  }),
};

export function registerAdminBlockedDomains(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.block, async (c) => {
    const { domain: raw, reason } = c.req.valid("json");
    const domain = domainInput(c.env, raw);
    await blockDomain(c.env.DB, domain, reason, new Date());
    forgetCachedDomain(domain);
    return c.json({ domain, blocked: true }, 201);
  });

  app.openapi(routes.blocked, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    return c.json(await listBlockedDomains(c.env.DB, limit, cursor), 200);
  });

  // The blocked set in each isolate's corpus index and domain cache follows within their bounds (a minute).
  app.openapi(routes.unblock, async (c) => {
    const domain = domainInput(c.env, c.req.valid("param").domain);
    if (!(await unblockDomain(c.env.DB, domain))) throw new AppError("not_found", `${domain} is not blocked.`);
    forgetCachedDomain(domain);
    return c.json({ domain, blocked: false }, 200);
  });
}
