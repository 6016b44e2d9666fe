// GET on each lookup path: the same query parameters and the same answer flow for all seven.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "@brand/core/errors";
import { ImageQuery, imageOptions, specKey, type ImageOptions } from "@brand/core/render/params";
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
      params: z.object({ [lookup.param]: z.string().openapi({ example: lookup.example }) }),
      query: ImageQuery,
    },
    responses: {
      200: { description: "The logo, or a generated monogram (X-Logo-Fallback: monogram)", content: { "image/jpeg": image, "image/png": image, "image/webp": image } },
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

/** One key for every spelling of the same request: the identifier's canonical form and the normalised options. */
export function logoRequestKey(identifierKey: string, options: ImageOptions, byName: boolean): string {
  const strategy = byName ? `&strategy=${options.strategy}` : "";
  return `${identifierKey}?${specKey(options.spec)}&fallback=${options.fallback}${strategy}`;
}

export function registerLogoRoutes(app: OpenAPIHono<AppEnv>) {
  for (const lookup of LOOKUPS) {
    app.openapi(routeFor(lookup), async (c) => {
      const raw = (c.req.valid("param") as Record<string, string>)[lookup.param];
      const parsed = lookup.parse(raw, { allowTestDomains: Boolean(c.env.CRAWL_PROXY) });
      if ("error" in parsed) throw new AppError("bad_request", parsed.error);
      const options = imageOptions(c.req.valid("query"));
      const requestKey = logoRequestKey(parsed.key, options, lookup.param === "brand");
      const index = async (domain: string) => c.executionCtx.waitUntil(c.env.INDEX_QUEUE.send({ domain }));
      return serveLogo(c, options, requestKey, () => parsed.resolve(c.env.DB, index, new Date(), options)) as never;
    });
  }
}
