// Calendar helpers in UTC: usage days, monthly periods and the beta's daily reset.
/** The day of the last call and its bounds: every metered request asks for its day, and it rarely changes. */
let lastDay = { start: 0, end: 0, day: "" };

export function utcDay(now: Date): string {
  const t = now.getTime();
  if (t < lastDay.start || t >= lastDay.end) {
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    lastDay = { start, end: start + 86_400_000, day: now.toISOString().slice(0, 10) };
  }
  return lastDay.day;
}
export const utcMonth = (now: Date) => now.toISOString().slice(0, 7);

/** Next midnight UTC as Unix seconds (the beta's X-RateLimit-Reset). */
export function nextUtcMidnight(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000;
}

/** First day of the next monthly period, as YYYY-MM-DD. */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}
