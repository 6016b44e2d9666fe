import { createApp } from "@brand/core/http/app";
import type { AppEnv, Env } from "./env.ts";
import { registerDashboard } from "./dashboard/register.ts";
import { registerReference } from "./reference.ts";
import type { IndexMessage, WebhookMessage } from "@brand/core/queue-messages";
import { consumeIndexQueue, reindexDue } from "./indexing.ts";
import { registerAdminAccounts } from "./routes/admin/accounts.ts";
import { registerAdminBilling } from "./routes/admin/billing.ts";
import { registerAdminBlockedDomains } from "./routes/admin/blocked-domains.ts";
import { adminGuard } from "./routes/admin/guard.ts";
import { registerAccount } from "./routes/account.ts";
import { registerAccountKeys } from "./routes/account-keys.ts";
import { registerBrand } from "./routes/brand.ts";
import { registerDescribe } from "./routes/describe.ts";
import { registerFiles } from "./routes/files.ts";
import { registerLogos } from "./routes/logos.ts";
import { registerSearch } from "./routes/search.ts";
import { registerSubscriptions } from "./routes/subscriptions.ts";
import { registerWebhookDeliveries } from "./routes/webhook-deliveries.ts";
import { registerWebhooks, registerWebhookEvents } from "./routes/webhooks.ts";
import { consumeWebhookQueue, sweepWebhooks, WEBHOOK_QUEUE_NAME } from "./webhook-queue.ts";
import { resealWebhookSecrets } from "./webhook-secrets.ts";

const app = createApp<AppEnv>("api");

registerDescribe(app);
registerBrand(app);
registerLogos(app);
registerSearch(app);
registerFiles(app);
registerSubscriptions(app);
registerWebhooks(app);
registerWebhookDeliveries(app);
registerWebhookEvents(app);
registerAccount(app);
registerAccountKeys(app);
registerDashboard(app);
registerReference(app);

app.use("/admin/*", adminGuard);
registerAdminAccounts(app);
registerAdminBilling(app);
registerAdminBlockedDomains(app);

export default {
  fetch: app.fetch,
  // One Worker consumes both queues; the batch says which.
  queue: (batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext) =>
    batch.queue === WEBHOOK_QUEUE_NAME
      ? consumeWebhookQueue(batch as MessageBatch<WebhookMessage>, env)
      : consumeIndexQueue(batch as MessageBatch<IndexMessage>, env),
  scheduled: (_event: ScheduledController, env: Env, ctx: ExecutionContext) => {
    ctx.waitUntil(reindexDue(env));
    ctx.waitUntil(sweepWebhooks(env));
    ctx.waitUntil(resealWebhookSecrets(env));
  },
} satisfies ExportedHandler<Env, unknown>;
