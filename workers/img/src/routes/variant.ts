// GET /v/{file}?sig=…: an immutable rendered variant, by the hash of its bytes. No token: the signature proves the
// URL came from a `redirect` answer, and only bytes already rendered can be served.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "@brand/core/errors";
import { errorDocs, PUBLIC } from "@brand/core/http/openapi";
import { verifyPath } from "@brand/core/signing";
import { readImmutable } from "@brand/core/render/variant-store";
import type { AppEnv } from "../env.ts";
import { CACHE_CONTROL, imageReply } from "../serve-logo.ts";

const route = createRoute({
  method: "get",
  path: "/v/{file}",
  operationId: "getVariant",
  tags: ["Logos"],
  summary: "An immutable image variant (the target of redirect)",
  // Signed instead of keyed: the URL came from a keyed request's redirect.
  security: PUBLIC,
  request: {
    params: z.object({ file: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp)$/, "not a variant file name") }),
    query: z.object({ sig: z.string().optional() }),
  },
  responses: {
    200: { description: "The image", content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } } },
    ...errorDocs("img", { 400: "Not a variant file name", 403: "Missing or wrong signature", 404: "No such variant" }),
  },
});

export function registerVariantRoute(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { file } = c.req.valid("param");
    const { sig } = c.req.valid("query");
    if (!sig || !(await verifyPath(c.env.VARIANT_SIGNING_KEY, file, sig))) {
      throw new AppError("forbidden", "This image URL is not signed by us; request the logo with your key.");
    }
    const variant = await readImmutable(c.env.VARIANTS, file.slice(0, 32));
    if (!variant) throw new AppError("not_found", "No such image.");
    return imageReply(c.req.raw, variant, 200, CACHE_CONTROL.immutable) as never;
  });
}
