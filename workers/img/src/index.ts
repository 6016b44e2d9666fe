import { createApp } from "@brand/core/http/app";
import { requirePublishableKey } from "./auth.ts";
import type { AppEnv } from "./env.ts";
import { registerLogoRoutes } from "./routes/logo.ts";
import { registerVariantRoute } from "./routes/variant.ts";

const app = createApp<AppEnv>("img", "Brand Asset Service: image host");

// Immutable variant URLs are signed and need no key; every other path but the OpenAPI document is a logo lookup.
registerVariantRoute(app);
app.use("*", async (c, next) => {
  if (c.req.path === "/openapi.json" || c.req.path.startsWith("/v/")) return next();
  return requirePublishableKey(c, next);
});
registerLogoRoutes(app);

export default app;
