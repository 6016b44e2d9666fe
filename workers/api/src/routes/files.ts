// GET /files/{folder}/{name}?exp=&sig=: a stored image behind a temporary signed URL. No key: the signature is it.
// An SVG master is served as a download that cannot run anything even if opened in place (sanitised when stored,
// and a sandboxing Content-Security-Policy besides).
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { checkFileUrl } from "@brand/core/brands/files";
import { AppError } from "@brand/core/errors";
import { PUBLIC } from "@brand/core/http/openapi";
import type { AppEnv } from "../env.ts";
import { apiErrors, serverError } from "../schemas.ts";

/** By the name's extension, never the stored metadata: the name is what the signature covers. */
const CONTENT_TYPES: Record<string, string> = { png: "image/png", webp: "image/webp", svg: "image/svg+xml" };

const route = createRoute({
  method: "get",
  path: "/files/{folder}/{name}",
  operationId: "getFile",
  tags: ["Brands"],
  summary: "Download a stored image (temporary signed URL)",
  // Signed instead of keyed: the URL came in a keyed response.
  security: PUBLIC,
  request: {
    params: z.object({
      folder: z.enum(["logos", "banners"]),
      name: z.string().regex(/^[0-9a-f]{64}\.(png|webp|svg)$/, "not a stored file name"),
    }),
    query: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
  },
  responses: {
    200: { description: "The image", content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } } },
    ...apiErrors({
      400: "Not a stored file's folder or name",
      403: "Missing, wrong or expired signature",
      404: "No such file",
    }),
    ...serverError,
  },
});

export function registerFiles(app: OpenAPIHono<AppEnv>) {
  app.openapi(route, async (c) => {
    const { folder, name } = c.req.valid("param");
    const { exp, sig } = c.req.valid("query");
    const key = `${folder}/${name}`;
    const check = await checkFileUrl(c.env.FILE_SIGNING_KEY, key, exp, sig, new Date());
    if (!check.ok) {
      throw new AppError("forbidden", check.expired ? "This link has expired; ask the logos endpoint for a new one." : "This link is not signed by us.");
    }
    const object = await c.env.LOGOS.get(key);
    if (!object) throw new AppError("not_found", "No such file.");
    const headers = new Headers({
      "Content-Type": CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1)],
      "Cache-Control": `private, max-age=${Math.max(0, Number(exp) - Math.floor(Date.now() / 1000))}`,
      ETag: `"${name.slice(0, 32)}"`,
      "X-Content-Type-Options": "nosniff",
    });
    if (name.endsWith(".svg")) {
      headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      headers.set("Content-Disposition", `attachment; filename="${name}"`);
    }
    return new Response(object.body, { headers }) as never;
  });
}
