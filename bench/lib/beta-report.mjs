// bench:beta's printed report: the two load tables (without a provider, with the fake one) and the notes under them.
import { table } from "./stats.mjs";
import { targetLines } from "./targets.mjs";
import { TRIP_HEADERS, TRIP_LEGEND, tripCells } from "./trip-report.mjs";

const noAnswer = (out) => Object.entries(out.provider_no_answer).map(([k, n]) => `${k} ${n}`).join(", ") || "none";

/** The batch endpoint's run, in items per second beside the single endpoint's lookups per second. */
function batchLine(b, single) {
  const trips = tripCells(b)[0];
  return (
    `  batches (POST /transactions, ${b.items_per_request} fresh items each, ${b.concurrency} clients, ${b.ok} batches): ` +
    `${b.items_per_s} items/s vs ${single.rps} lookups/s one per request = ${b.items_ratio_to_single.toFixed(2)}×; ` +
    `p50 ${b.latency_ms.p50} ms a batch; trips per batch: ${trips}`
  );
}

/** The printed table of a bench:beta result (`d1Reads`: how many reads the D1 diagnostic makes). */
export function report(r, { d1Reads }) {
  const m = r.machine;
  const np = r.no_provider;
  const wp = r.with_provider;
  const capped = (run) => (run.capped ? `${run.ok}/${run.requests_planned}*` : `${run.ok}`);
  const statuses = (run) => Object.entries(run.statuses).map(([s, n]) => `${s}×${n}`).join(" ") || "–";
  const cpu = (run, side) => {
    const c = run.cpu_ms_per_request;
    return c ? [(c[`${side}:workerd`] ?? 0).toFixed(2), c.bench.toFixed(2)] : [null, null];
  };
  const row = (label, run, side, vs) => [
    label, run.rps, run.latency_ms.p50, run.latency_ms.p99, capped(run), statuses(run), run.bytes_per_response, ...cpu(run, side), vs, ...tripCells(run),
  ];
  const head = ["", "req/s", "p50 ms", "p99 ms", "ok", "statuses", "bytes", "workerd CPU", "client CPU", "vs baseline", ...TRIP_HEADERS];
  const diag = (d, key, label, side) => (d[key] ? [row(`  ${label}`, d[key], side, d[key].rps_ratio_to_baseline.toFixed(3))] : []);
  const unloaded = (d) => [
    ...diag(d, "unloaded_baseline", "one client at a time: baseline", "baseline").map((cells) => cells.with(-TRIP_HEADERS.length - 1, "1.000")),
    ...diag(d, "unloaded", "one client at a time: beta", "beta"),
  ];
  const noProviderRows = [
    row("baseline (one row's bytes from memory)", np.baseline, "baseline", "1.000"),
    row("beta lookups, fresh (no provider)", np.lookups, "beta", np.lookups.rps_ratio_to_baseline.toFixed(3)),
    ...unloaded(np.diagnostics),
    ...diag(np.diagnostics, "saved_rows", "diagnostic: beta, saved rows (same bodies again)", "beta"),
    ...diag(np.diagnostics, "refused_400", "diagnostic: beta, refused at validation (400)", "beta"),
    ...diag(np.diagnostics, "durable_objects", "diagnostic: baseline + a fresh lookup's DO calls", "baseline"),
    ...diag(np.diagnostics, "d1_reads", `diagnostic: baseline + ${d1Reads} D1 reads`, "baseline"),
  ];
  const providerRows = [
    row(`baseline + one provider call (${r.parameters.provider.delayMs} ms)`, wp.baseline, "baseline", "1.000"),
    row("beta lookups, fresh (fake provider)", wp.lookups, "beta", wp.lookups.rps_ratio_to_baseline.toFixed(3)),
    ...unloaded(wp.diagnostics),
  ];
  const mix = (x) =>
    `${x.requests} lookups: ${Object.entries(x.status).map(([k, n]) => `${k} ${n}`).join(", ")}; match_type ` +
    `${Object.entries(x.match_type).map(([k, n]) => `${k} ${n}`).join(", ")}; ${x.as_labelled}/${x.compared_with_label} as labelled`;
  const calls = Object.entries(wp.provider_calls_per_lookup_best_round).map(([k, n]) => `${k.replace(/ 200$/, "")} ${n}`).join(", ");
  const runs = [np.baseline, np.lookups, wp.baseline, wp.lookups, ...Object.values(np.diagnostics), ...Object.values(wp.diagnostics)];
  const nonOk = runs.filter((run) => run !== np.diagnostics.refused_400).some((run) => Object.keys(run.statuses).some((s) => s !== "200"));
  const anyCapped = runs.some((run) => run.capped);
  const objects = Object.entries(r.state.durable_objects_after_run).map(([name, n]) => `${name} ${n}`).join(", ");
  return [
    "",
    `Beta host bench — ${r.at} (${r.duration_s} s)`,
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memory_gib} GiB RAM, ${m.os}`,
    `         Node ${m.node}, wrangler ${m.wrangler}, workerd ${m.workerd}; state in ${r.parameters.state_dir}`,
    `state:   the seed corpus (${r.state.corpus.brands} brands, ${r.state.corpus.platform_prefixes} platform prefixes, ${r.state.corpus.parents} parent pairs), ` +
      `written in ${(r.state.corpus_written_ms / 1000).toFixed(1)} s as npm start writes it; beta_daily_limit ${r.state.beta_daily_limit.toLocaleString("en-US")}`,
    "",
    `${r.parameters.route} — ${r.parameters.runtime}`,
    `  mix: ${r.parameters.mix}; best of ${r.parameters.load.rounds} alternating rounds of ${r.parameters.load.requests_per_round} requests` +
      ` at concurrency ${r.parameters.load.concurrency} (cap ${r.parameters.load.time_cap_ms_per_round / 1000} s)`,
    `  baseline row: "${r.response.sample}" → ${r.response.status}, ${r.response.bytes} bytes. CPU: ms per request sent, of the measured` +
      " Worker's wrangler dev workerd processes (the Worker's and the proxy's) and of the bench process (load client, fake provider)",
    "",
    "Lookups without a provider",
    table(head, noProviderRows).replace(/^/gm, "  "),
    ...TRIP_LEGEND,
    ...r.trip_counter_check.lines,
    `  warm-up pass: ${mix(np.mix)}`,
    ...(np.batch ? [batchLine(np.batch, np.lookups)] : []),
    "",
    `Lookups with the fake provider answering in ${r.parameters.provider.delayMs} ms (context on every other request)`,
    table(head, providerRows).replace(/^/gm, "  "),
    `  provider floor: ${r.parameters.provider.delayMs} ms a call by construction; ${wp.provider_floor_ms.p50} ms p50 from Node, one at a time` +
      ` (${r.parameters.provider.floorRuns} calls); the baseline row above is that call made from the same runtime at concurrency ${r.parameters.load.concurrency}`,
    `  provider calls per lookup (best round): ${calls || "none"}; calls without an answer (all rounds): ${noAnswer(wp.worker_output)}`,
    `  Durable Objects in the state after the run, by class: ${objects || "none"}`,
    `  warm-up pass: ${mix(wp.mix)}`,
    ...(anyCapped ? ["  * stopped by the time cap before all requests were sent"] : []),
    ...(nonOk ? ["  ! some responses were not 200 (see statuses)"] : []),
    "",
    ...targetLines(r.target_report),
    "JSON: bench/results/beta.json",
    "",
  ].join("\n");
}

