// GET /{domain}: the logo of a domain.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { normaliseDomain } from "@brand/core/brands/domain";
import { lookupDomain, markPending } from "@brand/core/brands/store";
import { AppError } from "@brand/core/errors";
import { CONTENT_TYPES, renderLogo } from "@brand/core/render/render";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { authorizeImageRequest } from "../auth.ts";
import type { AppEnv } from "../env.ts";

const WHITE = { r: 255, g: 255, b: 255 };
const DEFAULT_SIZE = 128;

const route = createRoute({
  method: "get",
  path: "/{domain}",
  summary: "Logo by domain",
  request: {
    params: z.object({ domain: z.string().openapi({ example: "apple.com" }) }),
    query: z.object({ token: z.string().optional().openapi({ description: "Publishable key (pk_…)" }) }),
  },
  responses: {
    200: { description: "The logo", content: { "image/jpeg": { schema: z.string().openapi({ format: "binary" }) } } },
    400: { description: "Invalid domain" },
    401: { description: "Missing or invalid key, or restricted referrer" },
    404: { description: "No logo for this domain (yet)" },
    429: { description: "Free plan's monthly request pool spent" },
  },
});

export function registerDomainLogo(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const now = new Date();
    await authorizeImageRequest(c, now);
    const parsed = normaliseDomain(c.req.valid("param").domain);
    if (!parsed.ok) throw new AppError("bad_request", parsed.reason);
    const found = await lookupDomain(c.env.DB, parsed.domain);
    if (found.state === "unknown" && (await markPending(c.env.DB, parsed.domain, now))) {
      c.executionCtx.waitUntil(c.env.INDEX_QUEUE.send({ domain: parsed.domain }));
    }
    const logoKey = found.state === "indexed" ? found.brand.logo_key : null;
    const master = logoKey ? await c.env.LOGOS.get(logoKey) : null;
    if (!master) throw new AppError("not_found", `No logo for ${parsed.domain} yet.`);
    await initWorkerCodecs();
    const bytes = await renderLogo(await master.arrayBuffer(), {
      width: DEFAULT_SIZE,
      height: DEFAULT_SIZE,
      format: "jpg",
      background: WHITE,
    });
    return c.body(bytes, 200, { "Content-Type": CONTENT_TYPES.jpg, "Cache-Control": "public, max-age=86400" });
  });
}
