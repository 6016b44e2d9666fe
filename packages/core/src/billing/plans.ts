import { z } from "zod";

export const PlanName = z.enum(["free", "starter", "pro"]);
export type PlanName = z.infer<typeof PlanName>;

export type Plan = {
  /** Describe needs a paid plan (spec, Authentication rule 4). */
  describe: boolean;
  /** Credits granted at the start of every monthly period. */
  monthlyCredits: number;
  canBuyCredits: boolean;
  /** Image and JSON requests per monthly period. */
  requestPool: number;
  /** Enforced with 429 (free), or soft: served, and the account holder is notified once per period. */
  poolEnforced: boolean;
};

// Design §3. The one place plan numbers live.
export const PLANS: Record<PlanName, Plan> = {
  free: { describe: false, monthlyCredits: 500, canBuyCredits: false, requestPool: 5_000, poolEnforced: true },
  starter: { describe: true, monthlyCredits: 500, canBuyCredits: false, requestPool: 100_000, poolEnforced: false },
  pro: { describe: true, monthlyCredits: 15_000, canBuyCredits: true, requestPool: 1_000_000, poolEnforced: false },
};

export const BRAND_REQUEST_CREDITS = 5;
export const DEFAULT_BETA_DAILY_LIMIT = 1_000;
