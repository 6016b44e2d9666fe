// GET /dashboard (the page) and /dashboard/assets/* (its scripts, styles and icon). Not in the OpenAPI document: it
// is a web page, not an API. Every response carries the security headers; the page is never cached, the assets are
// revalidated by ETag.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "@brand/core/errors";
import type { AppEnv } from "../env.ts";
import { ASSETS, dashboardHtml, etagOf } from "./assets.ts";
import { securityHeaders } from "./security-headers.ts";

const ASSET_PREFIX = "/dashboard/assets/";

export function registerDashboard(app: OpenAPIHono<AppEnv>) {
  app.get("/dashboard", (c) =>
    c.body(dashboardHtml(c.env.IMG_BASE_URL), 200, {
      ...securityHeaders(c.env.IMG_BASE_URL),
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    }),
  );
  app.get("/dashboard/", (c) => c.redirect("/dashboard", 308));
  app.get(`${ASSET_PREFIX}*`, serveAsset);
}

async function serveAsset(c: Context<AppEnv>) {
  const asset = Object.hasOwn(ASSETS, c.req.path.slice(ASSET_PREFIX.length)) ? ASSETS[c.req.path.slice(ASSET_PREFIX.length)] : undefined;
  if (!asset) throw new AppError("not_found", `No dashboard file ${c.req.path}.`);
  const etag = await etagOf(asset.body);
  const headers = { ...securityHeaders(c.env.IMG_BASE_URL), ETag: etag, "Cache-Control": "no-cache" };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  return c.body(asset.body, 200, { ...headers, "Content-Type": asset.type });
}
