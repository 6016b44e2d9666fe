// GET /docs: the API reference of the three hosts, rendered in the browser by Scalar from the OpenAPI documents the
// hosts serve (/openapi.json on each). The renderer is Scalar's self-contained browser build from npm, bundled into
// the Worker as text (workers/api/wrangler.toml) and served from here: no CDN, no fonts or telemetry from elsewhere.
// Not in the OpenAPI document.
import type { OpenAPIHono } from "@hono/zod-openapi";
import SCALAR_JS from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js";
import { sha256Hex } from "@brand/core/ids";
import type { AppEnv, Env } from "./env.ts";

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Brand Asset Service: API reference</title>
</head>
<body>
  <div id="app"></div>
  <script src="/docs/scalar.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

/** The three documents, the JSON host's first; the other hosts' URLs from the place's variables. */
function referenceSources(env: Pick<Env, "IMG_BASE_URL" | "BETA_BASE_URL">, apiOrigin: string) {
  return [
    { title: "JSON host", slug: "json", url: `${apiOrigin}/openapi.json` },
    { title: "Image host", slug: "image", url: `${env.IMG_BASE_URL}/openapi.json` },
    ...(env.BETA_BASE_URL ? [{ title: "Beta host", slug: "beta", url: `${env.BETA_BASE_URL}/openapi.json` }] : []),
  ];
}

/** Scalar writes its styles into the page, and fetches the documents (and, to try a call, the hosts) from here. */
function contentSecurityPolicy(env: Env, apiOrigin: string): string {
  const hosts = referenceSources(env, apiOrigin)
    .map((source) => new URL(source.url).origin)
    .join(" ");
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${hosts}`,
    `connect-src 'self' ${hosts}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

let scalarEtag: Promise<string> | null = null;

export function registerReference(app: OpenAPIHono<AppEnv>) {
  app.get("/docs", (c) => {
    const apiOrigin = new URL(c.req.url).origin;
    return c.html(PAGE, 200, { "Content-Security-Policy": contentSecurityPolicy(c.env, apiOrigin), "X-Content-Type-Options": "nosniff" });
  });
  app.get("/docs/init.js", (c) => {
    const config = {
      sources: referenceSources(c.env, new URL(c.req.url).origin),
      withDefaultFonts: false,
      telemetry: false,
      // Its AI assistant calls Scalar's service.
      agent: { disabled: true },
    };
    return c.body(`Scalar.createApiReference("#app", ${JSON.stringify(config)});\n`, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
    });
  });
  app.get("/docs/scalar.js", async (c) => {
    const etag = `"${await (scalarEtag ??= sha256Hex(SCALAR_JS).then((h) => h.slice(0, 32)))}"`;
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304, { ETag: etag });
    return c.body(SCALAR_JS, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      ETag: etag,
    });
  });
}
