// bench:beta's readings of a phase besides its load: the warm-up pass's rows against their labels, the Worker's
// warnings (provider calls without an answer), and the fake provider's call counts.
import { r1 } from "./stats.mjs";

/**
 * Each body once, `concurrency` at a time, reading every row: the warm-up of a phase, and what the mix looks like
 * (statuses, match types, and how many rows still match their label with the store number added).
 */
export async function lookupAll(base, headers, entries, bodies, concurrency) {
  const rows = new Array(bodies.length);
  const statuses = {};
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < bodies.length) {
      const i = next++;
      const res = await fetch(`${base}/transaction`, { method: "POST", headers, body: bodies[i] });
      const text = await res.text();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      rows[i] = res.status === 200 ? JSON.parse(text) : null;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const count = (key) => {
    const out = {};
    for (const row of rows) if (row) out[row[key]] = (out[row[key]] ?? 0) + 1;
    return out;
  };
  // The label holds for the descriptor as written with its own context; only those are compared.
  const comparable = entries.map((e, i) => ({ e, row: rows[i], context: JSON.parse(bodies[i]).transaction_context !== undefined }));
  const labelled = comparable.filter((c) => c.row && c.context === Boolean(c.e.context));
  const asLabelled = labelled.filter((c) => c.row.status === c.e.expect.status && c.row.domain === c.e.expect.domain);
  return {
    requests: bodies.length,
    elapsed_ms: r1(performance.now() - started),
    statuses,
    status: count("status"),
    match_type: count("match_type"),
    compared_with_label: labelled.length,
    as_labelled: asLabelled.length,
    not_as_labelled: labelled.filter((c) => !asLabelled.includes(c)).map((c) => `${c.e.id}: ${c.row.status} ${c.row.domain}`),
  };
}

/** The Worker's warnings and errors: provider calls without an answer by reason, and a few other lines. */
export function summariseLines(lines) {
  const noAnswer = {};
  const other = [];
  for (const raw of lines) {
    const line = raw.replace(/\x1b\[[0-9;]*m/g, ""); // wrangler colours its warnings
    const reason = /enrichment provider: no answer \(([^)]*)\)/.exec(line)?.[1];
    if (reason) noAnswer[reason] = (noAnswer[reason] ?? 0) + 1;
    else if (!/Request\.cf|workers\.cloudflare\.com|GetAddrInfoReqWrap|^\s+at /.test(line)) other.push(line);
  }
  return { lines: lines.length, provider_no_answer: noAnswer, other_count: other.length, other_first: other.slice(0, 10) };
}

export function diffCounts(after, before) {
  const out = {};
  for (const [key, n] of Object.entries(after)) if (n - (before[key] ?? 0) > 0) out[key] = n - (before[key] ?? 0);
  return out;
}

export function perLookup(calls, lookups) {
  const out = {};
  for (const [key, n] of Object.entries(calls ?? {})) out[key] = Math.round((n / lookups) * 1000) / 1000;
  return out;
}
