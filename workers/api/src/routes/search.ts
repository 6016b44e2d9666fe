// GET /search?q=&strategy=typeahead|match&limit=: brands by name, alias or domain, most popular first (design §5).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { logoUrl } from "@brand/core/brands/describe";
import { cachedSearchBrands } from "@brand/core/brands/search";
import { meteredResponses, meteredRoute } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { apiErrors, jsonResponse } from "../schemas.ts";
import { searchExample } from "../examples.ts";

export const SearchResult = z
  .object({
    name: z.string(),
    domain: z.string().nullable(),
    entity_id: z.string(),
    logo_url: z.string().url().nullable().openapi({ description: "Image-host URL; append your publishable key as token" }),
  })
  .openapi("SearchResult");

const route = createRoute({
  method: "get",
  path: "/search",
  operationId: "searchBrands",
  tags: ["Brands"],
  summary: "Search brands by name",
  ...meteredRoute(),
  request: {
    query: z.object({
      q: z.string().trim().min(1, "q must not be empty").max(100, "q must be at most 100 characters"),
      strategy: z.enum(["typeahead", "match"], { message: "strategy must be typeahead or match" }).default("typeahead"),
      limit: z
        .string()
        .regex(/^\d+$/, "limit must be a whole number from 1 to 10")
        .transform(Number)
        .pipe(z.number().min(1, "limit must be from 1 to 10").max(10, "limit must be from 1 to 10"))
        .default(10),
    }),
  },
  responses: {
    200: jsonResponse(z.array(SearchResult), "Matches, best first; [] when nothing matches", searchExample),
    ...apiErrors({ 400: "Empty or invalid query" }),
    ...meteredResponses,
  },
});

export function registerSearch(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { q, strategy, limit } = c.req.valid("query");
    const hits = await cachedSearchBrands(c.env.DB, q, strategy === "typeahead" ? "suggest" : "match", limit);
    return c.json(
      hits.map((h) => ({ name: h.name, domain: h.domain, entity_id: h.id, logo_url: h.domain ? logoUrl(c.env.IMG_BASE_URL, h.domain) : null })),
      200,
    );
  });
}
