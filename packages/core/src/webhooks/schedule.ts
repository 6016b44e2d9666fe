// When a failed delivery is tried again (design §5), and when a failing endpoint is given up on.

/** Seconds before retry 1, 2, … 7: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (≈ 27.6 h in all). */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Attempts in one round: the first, then one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/** An endpoint whose attempts have all failed for this long is disabled. */
export const DISABLE_AFTER_MS = 3 * 86_400_000;

/** Cloudflare Queues refuse a longer `delaySeconds`. */
export const MAX_QUEUE_DELAY_S = 43_200;

/** Spread of the random jitter, so retries of many deliveries after one outage do not arrive together. */
const JITTER = 0.1;

/**
 * Seconds to wait after the `attempt`-th failed attempt of a round (1-based), ±10 % jitter, or null when that was
 * the last attempt. `random` is injectable for tests.
 */
export function retryDelaySeconds(attempt: number, random: () => number = Math.random): number | null {
  const base = RETRY_DELAYS_S[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  return Math.min(Math.max(jittered, 1), MAX_QUEUE_DELAY_S);
}

/** True when the run of failures that began at `failingSince` has lasted long enough to disable the endpoint. */
export const failingTooLong = (failingSince: string | null, now: Date) =>
  failingSince !== null && now.getTime() - Date.parse(failingSince) >= DISABLE_AFTER_MS;
