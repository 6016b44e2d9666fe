// GET /logos/{domain}?type=logo|brandmark: a logo or brandmark record with a temporary download URL (design §5).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { signedFileUrl } from "@brand/core/brands/files";
import { AppError } from "@brand/core/errors";
import { meteredResponses, meteredRoute } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { indexedDomain } from "../indexed-domain.ts";
import { ErrorBody, jsonResponse, MessageBody } from "../schemas.ts";

export const LogoRecord = z
  .object({
    type: z.enum(["logo", "brandmark"]),
    url: z.string().url().openapi({ description: "Temporary download URL of the master PNG, valid for an hour" }),
    expires_at: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.literal("png"),
    blurhash: z.string().nullable(),
    bytes: z.number().int(),
  })
  .openapi("LogoRecord");

const route = createRoute({
  method: "get",
  path: "/logos/{domain}",
  summary: "Logo or brandmark record",
  ...meteredRoute(),
  request: {
    params: z.object({ domain: z.string().openapi({ example: "stripe.com" }) }),
    query: z.object({ type: z.enum(["logo", "brandmark"], { message: "type must be logo or brandmark" }).default("logo") }),
  },
  responses: {
    200: jsonResponse(LogoRecord, "The record"),
    202: jsonResponse(MessageBody, "Not indexed yet; indexing started"),
    400: jsonResponse(ErrorBody, "Invalid domain or type"),
    404: jsonResponse(ErrorBody, "No data, or no image of this type"),
    ...meteredResponses,
  },
});

export function registerLogos(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const now = new Date();
    const { type } = c.req.valid("query");
    const found = await indexedDomain(c, c.req.valid("param").domain, now);
    if ("accepted" in found) return found.accepted as never;
    const { brand } = found;
    const image =
      type === "logo"
        ? { key: brand.logo_key, width: brand.logo_width, height: brand.logo_height, blurhash: brand.blurhash }
        : { key: brand.brandmark_key, width: brand.brandmark_width, height: brand.brandmark_height, blurhash: brand.brandmark_blurhash };
    const head = image.key ? await c.env.LOGOS.head(image.key) : null;
    if (!image.key || !head) throw new AppError("not_found", `No ${type} for ${found.domain}.`);
    const { url, expiresAt } = await signedFileUrl(c.env.FILE_SIGNING_KEY, new URL(c.req.url).origin, image.key, now);
    return c.json(
      {
        type,
        url,
        expires_at: expiresAt,
        width: image.width ?? 0,
        height: image.height ?? 0,
        format: "png" as const,
        blurhash: image.blurhash,
        bytes: head.size,
      },
      200,
    );
  });
}
