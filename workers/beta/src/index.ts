import { createApp } from "@brand/core/http/app";
import type { AppEnv } from "./env.ts";
import { registerTransaction } from "./routes/transaction.ts";
import { registerTransactions } from "./routes/transactions.ts";

export { BetaAccount } from "./beta-account.ts";

const app = createApp<AppEnv>("beta");
registerTransaction(app);
registerTransactions(app);

export default app;
