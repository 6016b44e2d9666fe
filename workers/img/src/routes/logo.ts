// GET on each lookup path: the same key check, query parameters and answer flow for all seven.
import { viaQueue } from "@brand/core/brands/request-indexing";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { validator } from "hono/validator";
import { AppError } from "@brand/core/errors";
import { describeIssues } from "@brand/core/http/app";
import { ImageQuery, imageOptions, specKey, type ImageOptions } from "@brand/core/render/params";
import { requirePublishableKey } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { serveLogo } from "../serve-logo.ts";
import { LOOKUPS, type Lookup } from "./lookups.ts";

const image = { schema: z.string().openapi({ format: "binary" }) };
const message = (description: string) => ({ description });

function routeFor(lookup: Lookup) {
  return createRoute({
    method: "get",
    path: lookup.path,
    summary: lookup.summary,
    request: {
      params: z.object({
        [lookup.param]: z.string().openapi({ example: lookup.example, description: lookup.description }),
      }),
      query: ImageQuery,
    },
    responses: {
      200: {
        description: "The logo, or a generated monogram or text mark (X-Logo-Fallback: monogram)",
        content: { "image/jpeg": image, "image/png": image, "image/webp": image },
      },
      202: message("The previous image, served while the changed logo renders"),
      302: message("redirect: the immutable URL of this exact image"),
      304: message("Not modified (If-None-Match)"),
      400: message("Malformed identifier or parameter (err)"),
      401: message("Missing or invalid key, or restricted referrer (msg)"),
      404: message("No logo and fallback=404 (err)"),
      429: message("Free plan's monthly request pool spent (msg)"),
    },
  });
}

/**
 * Hono's pattern for a lookup's OpenAPI path. A parameter that takes the rest of the path (the domain) matches
 * slashes too, so `/https://www.acme.com/about` reaches it as pasted.
 */
const routingPath = (lookup: Lookup) => lookup.path.replace(/{(\w+)}/, lookup.restOfPath ? ":$1{.+}" : ":$1");

/** The query parameters, with the same 400 as every other host's validation. */
const imageQuery = validator("query", (value) => {
  const parsed = ImageQuery.safeParse(value);
  if (!parsed.success) throw new AppError("bad_request", describeIssues(parsed.error));
  return parsed.data;
});

/** One key for every spelling of the same request: the identifier's canonical form and the normalised options. */
export function logoRequestKey(identifierKey: string, options: ImageOptions, byName: boolean): string {
  const strategy = byName ? `&strategy=${options.strategy}` : "";
  return `${identifierKey}?${specKey(options.spec)}&type=${options.type}&fallback=${options.fallback}${strategy}`;
}

/**
 * Registered in LOOKUPS order, which is matching priority: the prefixed lookups before the domain, which matches any
 * path. Documented through the OpenAPI registry, routed by Hono (OpenAPI paths cannot span segments). The key is
 * checked before the parameters: no token is a 401 whatever else is wrong.
 */
export function registerLogoRoutes(app: OpenAPIHono<AppEnv>) {
  for (const lookup of LOOKUPS) {
    app.openAPIRegistry.registerPath(routeFor(lookup));
    app.get(routingPath(lookup), requirePublishableKey, imageQuery, async (c) => {
      const parsed = lookup.parse(c.req.param(lookup.param)!, { allowTestDomains: Boolean(c.env.CRAWL_PROXY) });
      if ("error" in parsed) throw new AppError("bad_request", parsed.error);
      const options = imageOptions(c.req.valid("query"));
      const requestKey = logoRequestKey(parsed.key, options, lookup.param === "brand");
      // Queued after the response: the image host answers with the fallback meanwhile.
      const index = async (domain: string) => c.executionCtx.waitUntil(viaQueue(c.env.INDEX_QUEUE)(domain));
      return serveLogo(c, options, requestKey, () => parsed.resolve(c.env.DB, index, new Date(), options));
    });
  }
}
