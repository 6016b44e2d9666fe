// GET /logos/{domain}?type=icon|logo|brandmark&format=png|svg: an image record with a temporary download URL of its
// master (design §5): the PNG, or the sanitised SVG where the source was a vector drawing.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { signedFileUrl, storedSize } from "@brand/core/brands/files";
import { brandImage, ImageType } from "@brand/core/brands/images";
import { AppError } from "@brand/core/errors";
import { meteredResponses, meteredRoute } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { indexedDomain } from "../indexed-domain.ts";
import { logoRecordExample } from "../examples.ts";
import { apiErrors, jsonResponse, MessageBody } from "../schemas.ts";

const FORMATS = ["png", "svg"] as const;

export const LogoRecord = z
  .object({
    type: ImageType,
    url: z.string().url().openapi({ description: "Temporary download URL of the master, valid for an hour" }),
    expires_at: z.string(),
    width: z.number().int().openapi({ description: "The master's width; an SVG's drawing has the same aspect ratio" }),
    height: z.number().int(),
    format: z.enum(FORMATS),
    blurhash: z.string().nullable(),
    bytes: z.number().int(),
  })
  .openapi("LogoRecord");

const route = createRoute({
  method: "get",
  path: "/logos/{domain}",
  operationId: "getLogoRecord",
  tags: ["Brands"],
  summary: "Logo, brandmark or icon record",
  ...meteredRoute(),
  request: {
    params: z.object({ domain: z.string().openapi({ example: "stripe.com" }) }),
    query: z.object({
      type: z
        .enum(ImageType.options, { message: "type must be logo, brandmark or icon" })
        .default("logo")
        .openapi({
          description:
            "logo (default): the full logo at its real aspect ratio (a wordmark where known); brandmark: the square " +
            "symbol; icon: what the image host serves by default (the brandmark, else the logo)",
        }),
      format: z
        .enum(FORMATS, { message: "format must be png or svg" })
        .default("png")
        .openapi({ description: "png (default), or svg: the sanitised vector master, where the source was one" }),
    }),
  },
  responses: {
    200: jsonResponse(LogoRecord, "The record", logoRecordExample),
    202: jsonResponse(MessageBody, "Not indexed yet; indexing started"),
    ...apiErrors({ 400: "Invalid domain, type or format", 404: "No data, no image of this type, or no SVG of it" }),
    ...meteredResponses,
  },
});

export function registerLogos(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const now = new Date();
    const { type, format } = c.req.valid("query");
    const found = await indexedDomain(c, c.req.valid("param").domain, now);
    if ("accepted" in found) return found.accepted as never;
    const image = brandImage(found.brand, type);
    const key = format === "svg" ? image?.svgKey : image?.key;
    const bytes = key ? await storedSize(c.env.LOGOS, key) : null;
    if (!image || !key || bytes === null) {
      throw new AppError("not_found", image && format === "svg" ? `No SVG of the ${type} of ${found.domain}: its source was a raster image.` : `No ${type} for ${found.domain}.`);
    }
    const { url, expiresAt } = await signedFileUrl(c.env.FILE_SIGNING_KEY, new URL(c.req.url).origin, key, now);
    return c.json(
      { type, url, expires_at: expiresAt, width: image.width, height: image.height, format, blurhash: image.blurhash, bytes },
      200,
    );
  });
}
