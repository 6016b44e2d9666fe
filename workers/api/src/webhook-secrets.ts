// The cron's share of keeping webhook secrets sealed: rows written before sealing, or under a key that is no longer
// the first in WEBHOOK_SECRET_KEYS, are resealed under the current key (packages/core/src/webhooks/secret-reseal.ts).
import { secretKeyring } from "@brand/core/webhooks/secret-box";
import { resealSecrets, type ResealResult } from "@brand/core/webhooks/secret-reseal";
import type { Env } from "./env.ts";

/** Logs what it could not do (endpoint ids and the setting's name, never a secret or a key); null when it could not run. */
export async function resealWebhookSecrets(env: Pick<Env, "DB" | "WEBHOOK_SECRET_KEYS">): Promise<ResealResult | null> {
  try {
    const result = await resealSecrets(env.DB, await secretKeyring(env.WEBHOOK_SECRET_KEYS));
    if (result.unreadable.length) {
      console.error(`webhook secrets that do not open under WEBHOOK_SECRET_KEYS, left as they are: ${result.unreadable.join(", ")}`);
    }
    return result;
  } catch (error) {
    console.error("resealing webhook secrets failed:", error instanceof Error ? error.message : error);
    return null;
  }
}
