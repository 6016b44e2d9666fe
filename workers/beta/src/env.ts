import type { DailyCounter } from "./daily-counter.ts";
import type { TransactionLock } from "./transaction-lock.ts";

export type Env = {
  DB: D1Database;
  INDEX_QUEUE: Queue<{ domain: string }>;
  DAILY_COUNTER: DurableObjectNamespace<DailyCounter>;
  TRANSACTION_LOCK: DurableObjectNamespace<TransactionLock>;
  IMG_BASE_URL: string;
};

export type AppEnv = { Bindings: Env };
