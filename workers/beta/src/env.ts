import type { IndexQueue } from "@brand/core/queue-messages";
import type { BetaAccount } from "./beta-account.ts";

export type Env = {
  DB: D1Database;
  INDEX_QUEUE: IndexQueue;
  BETA_ACCOUNT: DurableObjectNamespace<BetaAccount>;
  IMG_BASE_URL: string;
  /** The JSON and beta hosts' URLs: the API reference (/docs) lists their documents; every host's / links it. */
  API_BASE_URL?: string;
  BETA_BASE_URL?: string;
  /** The enrichment provider (Ntropy API v3). Unset: the provider identifies nobody and our own stages answer. */
  ENRICHMENT_URL?: string;
  /** A secret. */
  ENRICHMENT_API_KEY?: string;
  /** Time budget of one provider lookup in milliseconds (default 3 s). */
  ENRICHMENT_TIMEOUT_MS?: string;
};

export type AppEnv = { Bindings: Env };
