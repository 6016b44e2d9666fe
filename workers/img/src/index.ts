import { createApp } from "@brand/core/http/app";
import type { AppEnv } from "./env.ts";
import { registerLogoRoutes } from "./routes/logo.ts";
import { registerVariantRoute } from "./routes/variant.ts";

const app = createApp<AppEnv>("img");

// Immutable variant URLs are signed and need no key; the logo lookups check the publishable key themselves. The
// domain lookup matches any other path, so it comes last.
registerVariantRoute(app);
registerLogoRoutes(app);

export default app;
