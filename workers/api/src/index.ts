import { createApp } from "@brand/core/http/app";
import type { AppEnv, Env } from "./env.ts";
import { consumeIndexQueue, reindexDue, type IndexMessage } from "./indexing.ts";
import { registerAdminAccounts } from "./routes/admin/accounts.ts";
import { registerAdminBilling } from "./routes/admin/billing.ts";
import { adminGuard } from "./routes/admin/guard.ts";
import { registerBrand } from "./routes/brand.ts";
import { registerDescribe } from "./routes/describe.ts";
import { registerFiles } from "./routes/files.ts";
import { registerLogos } from "./routes/logos.ts";
import { registerSearch } from "./routes/search.ts";

const app = createApp<AppEnv>("api", "Brand Asset Service: JSON host");
app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });

registerDescribe(app);
registerBrand(app);
registerLogos(app);
registerSearch(app);
registerFiles(app);

app.use("/admin/*", adminGuard);
registerAdminAccounts(app);
registerAdminBilling(app);

export default {
  fetch: app.fetch,
  queue: (batch: MessageBatch<IndexMessage>, env: Env, _ctx: ExecutionContext) => consumeIndexQueue(batch, env),
  scheduled: (_event: ScheduledController, env: Env, ctx: ExecutionContext) => ctx.waitUntil(reindexDue(env)),
} satisfies ExportedHandler<Env, IndexMessage>;
