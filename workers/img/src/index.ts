import { createApp } from "@brand/core/http/app";
import type { AppEnv } from "./env.ts";
import { registerDomainLogo } from "./routes/domain.ts";

const app = createApp<AppEnv>("img", "Brand Asset Service: image host");
registerDomainLogo(app);

export default app;
