// Calendar helpers in UTC: usage days, monthly periods and the beta's daily reset.
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
export const utcMonth = (now: Date) => now.toISOString().slice(0, 7);

/** Next midnight UTC as Unix seconds (the beta's X-RateLimit-Reset). */
export function nextUtcMidnight(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
}

/** First day of the next monthly period, as YYYY-MM-DD. */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}
