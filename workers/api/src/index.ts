import { createApp } from "@brand/core/http/app";
import type { AppEnv } from "./env.ts";
import { registerDescribe } from "./routes/describe.ts";
import { registerAdminAccounts } from "./routes/admin/accounts.ts";
import { registerAdminBilling } from "./routes/admin/billing.ts";
import { adminGuard } from "./routes/admin/guard.ts";

const app = createApp<AppEnv>("api", "Brand Asset Service: JSON host");
app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });

registerDescribe(app);

app.use("/admin/*", adminGuard);
registerAdminAccounts(app);
registerAdminBilling(app);

export default app;
