// Storage trips in the printed reports: the two table cells of a row, the legend under a table, and the self-check
// that the counter itself counts right (on baseline paths whose trips are known by construction).

const n = (x) => String(Math.round(x * 100) / 100);
const rw = (label, reads, writes) =>
  reads || writes ? [`${label} ${[reads ? `${n(reads)}r` : "", writes ? `${n(writes)}w` : ""].filter(Boolean).join(" ")}`] : [];

/** A tally of trips (per request or per job) as one short cell, e.g. "D1 2 · DO 3 · cache 1m"; "0" when none. */
export function formatTrips(t) {
  if (!t) return null;
  const parts = [
    ...(t.d1_trips ? [`D1 ${n(t.d1_trips)}${t.d1_statements !== t.d1_trips ? ` (${n(t.d1_statements)} st)` : ""}`] : []),
    ...(t.do_calls ? [`DO ${n(t.do_calls)}`] : []),
    ...rw("KV", t.kv_reads, t.kv_writes),
    ...rw("R2", t.r2_reads, t.r2_writes),
    ...(t.queue_sends ? [`Q ${n(t.queue_sends)}${t.queue_messages !== t.queue_sends ? ` (${n(t.queue_messages)} msg)` : ""}`] : []),
    ...(t.cache_matches || t.cache_puts || t.cache_deletes
      ? [`cache ${[t.cache_matches && `${n(t.cache_matches)}m`, t.cache_puts && `${n(t.cache_puts)}p`, t.cache_deletes && `${n(t.cache_deletes)}d`].filter(Boolean).join(" ")}`]
      : []),
  ];
  return parts.join(" · ") || "0";
}

/**
 * A load row's two cells: trips per request before the response (with, in brackets, those a Durable Object it called
 * made out of the object), and after it (waitUntil).
 */
export function tripCells(run) {
  const t = run?.trips;
  if (!t) return [null, null];
  if (t.reloaded) return ["(Worker reloaded)", null];
  const inObject = t.object && Object.keys(t.object).length ? ` [in DO: ${formatTrips(t.object)}]` : "";
  return [formatTrips(t.response) + inObject, formatTrips(t.background)];
}

export const TRIP_HEADERS = ["trips/req", "+ after response"];

/** Printed under a table with trip columns. */
export const TRIP_LEGEND = [
  "  trips/req: storage trips one request made, counted inside the Worker (bench/trip-counter): D1 round trips (statements",
  "  when a batch carries several), DO stub calls, KV and R2 reads (r) and writes (w), Q queue sends, cache matches (m),",
  "  puts (p) and deletes (d); [in DO: …] the trips a Durable Object made out of the object for it (its own storage is",
  "  local to it). + after response: trips its waitUntil work made once the response had been returned.",
];

const same = (a = {}, b = {}) => [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => (a[k] ?? 0) === (b[k] ?? 0));

/**
 * Compares measured trips with what a path is known to make, e.g. the baseline's GET / makes none and its
 * /d1-reads?n=2 exactly two D1 reads. Each check: { label, run, response, background = {} } (per-request tallies).
 * Returns { ok, lines } for the report; it never throws: a miscount is reported, not fatal.
 */
export function selfCheck(checks) {
  const failed = checks.filter((c) => !c.run?.trips || c.run.trips.reloaded || !same(c.run.trips.response, c.response) || !same(c.run.trips.background, c.background ?? {}));
  const lines = failed.map((c) => {
    const t = c.run?.trips;
    const got = !t ? "no counts" : t.reloaded ? "the Worker reloaded" : `${formatTrips(t.response)} + ${formatTrips(t.background)} after`;
    return `  ! trip counter self-check: ${c.label} counted ${got}, expected ${formatTrips(c.response)} + ${formatTrips(c.background ?? {})} after`;
  });
  const ok = failed.length === 0;
  if (ok) lines.push(`  trip counter self-check: ok (${checks.map((c) => `${c.label}: ${formatTrips(c.response)}`).join("; ")})`);
  return { ok, lines };
}
