// GET on each lookup path: the same key check, query parameters and answer flow for all seven.
import { viaQueue } from "@brand/core/brands/request-indexing";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "@brand/core/errors";
import { TtlCache } from "@brand/core/ttl-cache";
import { describeIssues } from "@brand/core/http/app";
import { errorDocs, security } from "@brand/core/http/openapi";
import { ImageQuery, imageOptions, specKey, type ImageOptions } from "@brand/core/render/params";
import { requirePublishableKey } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { serveLogo } from "../serve-logo.ts";
import { LOOKUPS, type Lookup, type Resolve } from "./lookups.ts";

const image = { schema: z.string().openapi({ format: "binary" }) };
const message = (description: string) => ({ description });

function routeFor(lookup: Lookup) {
  return createRoute({
    method: "get",
    path: lookup.path,
    operationId: lookup.operationId,
    tags: ["Logos"],
    summary: lookup.summary,
    security: security("img"),
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
      ...errorDocs("img", {
        400: "Malformed identifier or parameter",
        401: "Missing or invalid key, or restricted referrer",
        404: "No logo and fallback=404",
        429: "Free plan's monthly request pool spent",
        500: "Server error; retry",
      }),
    },
  });
}

/**
 * Hono's pattern for a lookup's OpenAPI path. A parameter that takes the rest of the path (the domain) matches
 * slashes too, so `/https://www.acme.com/about` reaches it as pasted, and any character: a percent-encoded CR or LF
 * decodes into the path, and such a path must reach the key check (401) and the parameter's 400, not the 404.
 */
const routingPath = (lookup: Lookup) => lookup.path.replace(/{(\w+)}/, lookup.restOfPath ? ":$1{[\\s\\S]+}" : ":$1");

/** A request parsed: its identifier (canonical key and how it resolves), its options and its cache key. */
type ParsedRequest = { resolve: Resolve; options: ImageOptions; requestKey: string };

/**
 * Identical URLs parse identically, and a popular logo is asked for by the same URL over and over: the isolate keeps
 * the parse of the latest 5,000 URLs for an hour (validation, the domain's normalisation and the cache key are a cached
 * logo's largest cost after the runtime's own). Only URLs that parsed are kept; the key check still runs first.
 */
const parsedUrls = new TtlCache<string, ParsedRequest>(60 * 60 * 1000, 5_000);

/** No identifier of any lookup holds one; a name with a line break is someone's mistake or a probe. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The lookup's parameter and the query parameters, with the same 400 as every other host's validation. */
function parseRequest(c: Context<AppEnv>, lookup: Lookup): ParsedRequest {
  const url = c.req.url;
  const kept = parsedUrls.peek(url);
  if (kept) return kept;
  const query = ImageQuery.safeParse(c.req.query());
  if (!query.success) throw new AppError("bad_request", describeIssues(query.error));
  const raw = c.req.param(lookup.param)!;
  if (CONTROL_CHARACTER.test(raw)) throw new AppError("bad_request", `The ${lookup.param} contains a control character (a line break, tab or NUL); remove it.`);
  const parsed = lookup.parse(raw, { allowTestDomains: Boolean(c.env.CRAWL_PROXY) });
  if ("error" in parsed) throw new AppError("bad_request", parsed.error);
  const options = imageOptions(query.data);
  const request = { resolve: parsed.resolve, options, requestKey: logoRequestKey(parsed.key, options, lookup.param === "brand") };
  parsedUrls.put(url, request);
  return request;
}

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
    app.get(routingPath(lookup), requirePublishableKey, async (c) => {
      const { resolve, options, requestKey } = parseRequest(c, lookup);
      // Queued after the response: the image host answers with the fallback meanwhile.
      const index = async (domain: string) => c.executionCtx.waitUntil(viaQueue(c.env.INDEX_QUEUE)(domain));
      return serveLogo(c, options, requestKey, () => resolve(c.env.DB, index, new Date(), options));
    });
  }
}
