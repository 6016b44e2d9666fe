// npm run bench:beta — beta host performance against baselines measured in the same run (design §10, issue 5):
//   1. lookups without a provider: POST /transaction on the beta host (workers/beta, its real wrangler.toml, under
//      `wrangler dev`) at 50 concurrent clients, a mix of real-world descriptors (the labelled set), each request made
//      distinct by its store number so every one is a fresh lookup (not the row the in-flight lock keeps for 24 hours),
//      against a baseline Worker on the same runtime returning one identity row's bytes from memory: requests/s, p50
//      and p99;
//   2. the same with an enrichment provider: the fake Ntropy (test/fixtures/fake-ntropy.mjs) served from the bench
//      process, answering every call in 50 ms, against the baseline plus one call to that provider (its floor).
// It reports; it does not judge: exit 0 whatever the figures, non-zero only when the harness fails.
// Bounded: fixed request counts, a time cap per load round and a cap on the whole run. 127.0.0.1 only.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { durableObjectsMade, prepareBetaState } from "./lib/beta-state.mjs";
import { benchStateDir } from "./lib/state.mjs";
import { cpuMeter } from "./lib/cpu.mjs";
import { diffCounts, lookupAll, perLookup, summariseLines } from "./lib/beta-readings.mjs";
import { startFakeProvider } from "./lib/fake-provider-server.mjs";
import { runLoad } from "./lib/load.mjs";
import { replayableHeaders, startBaseline } from "./lib/baseline.mjs";
import { report } from "./lib/beta-report.mjs";
import { runBench } from "./lib/harness.mjs";
import { machine, r1, ratio, summarise } from "./lib/stats.mjs";
import { target } from "./lib/targets.mjs";
import { selfCheck } from "./lib/trip-report.mjs";
import { withTrips, workerEntry } from "./lib/trips.mjs";
import { ROOT, startWranglerDev } from "./lib/wrangler.mjs";
import { NTROPY_KEY } from "../test/fixtures/fake-ntropy.mjs";

const int = (name, fallback) => (process.env[name] ? Number.parseInt(process.env[name], 10) : fallback);

// Everything a future change (route, body shape, descriptor mix, provider latency) needs to touch is here.
export const PARAMS = {
  ports: {
    beta: int("BENCH_BETA_PORT", 8805),
    baseline: int("BENCH_BETA_BASELINE_PORT", 8806),
    provider: int("BENCH_PROVIDER_PORT", 9558),
    betaInspector: int("BENCH_BETA_INSPECTOR_PORT", 9245),
    baselineInspector: int("BENCH_BETA_BASELINE_INSPECTOR_PORT", 9246),
  },
  stateDir: benchStateDir("bench-beta-state"), // in memory where the machine allows (lib/state.mjs)
  /** The bench account's beta_daily_limit: no run comes near it, so no lookup is refused with 429. */
  dailyLimit: 1_000_000_000,
  /** The mix: every labelled descriptor of the tuning set (big brands, local shops, platforms, people, noise). */
  descriptors: `${ROOT}test/beta/fixtures/labelled-descriptors.json`,
  /** Whose row the baseline returns: a matched big brand without context. */
  sampleId: "bb-amzn-mktp",
  /**
   * Request i's descriptor with store number n: the descriptor's own `#1234` replaced, or ` #n` added. The engine
   * strips store numbers (so the lookup is the same work), but the canonical body differs, so the in-flight lock
   * has no saved row for it. The warm-up pass checks that the rows still match the labels.
   */
  withStoreNumber: (descriptor, n) => (/#\s*\d+/.test(descriptor) ? descriptor.replace(/#\s*\d+/, `#${n}`) : `${descriptor} #${n}`),
  /** transaction_context as test/beta/labelled.test.ts sends it, dated a week ago (the date must not be in the future). */
  context: (entry) => ({
    date: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
    amount: 23.5,
    currency: "USD",
    entry_type: "outgoing",
    ...(entry.account_holder_name && { account_holder: { type: "consumer", name: entry.account_holder_name } }),
  }),
  load: {
    concurrency: int("BENCH_BETA_CONCURRENCY", 50), // design §10: 50 concurrent clients
    requests: int("BENCH_BETA_REQUESTS", 1000), // per round
    rounds: int("BENCH_ROUNDS", 5), // baseline and beta alternate; the best round of each is reported (5: on 2 cores one round in three can be disturbed)
    timeCapMs: int("BENCH_PHASE_CAP_MS", 5_000), // per round
    warmup: { requests: 200, timeCapMs: 3_000 },
    diagnostic: { requests: int("BENCH_BETA_REQUESTS", 1000), timeCapMs: 3_000 }, // one round each
    unloaded: { clients: 1, n: 200, cap: 15_000 }, // one client at a time (200: its p50 is a target)
    /** POST /transactions: batches of fresh items from the same mix, a few clients, one round after the single rounds. */
    batch: { items: 100, requests: int("BENCH_BETA_BATCHES", 40), clients: 4, cap: 15_000 },
  },
  provider: {
    delayMs: int("BENCH_PROVIDER_DELAY_MS", 50), // issue 5: a fake provider answering in 50 ms
    timeoutMs: 3_000, // the beta's ENRICHMENT_TIMEOUT_MS (its default, design §7)
    floorRuns: 20, // the fake called straight from Node, one at a time: its floor as the client sees it
  },
  /**
   * Where a lookup's time goes (one round each): on the beta host, saved rows (the same bodies again) and refusals at
   * validation (400); on the baseline, the Durable Object calls of a fresh lookup, and D1 reads.
   */
  diagnostics: process.env.BENCH_DIAGNOSTICS !== "0",
  /** Round trips to D1 of a typical lookup: the key, the corpus search, the domain's brand, its parent. */
  diagnosticD1Reads: 4,
  settleMs: 1_000, // idle between phases, so one phase's waitUntil work and alarms do not run into the next
  /** Fresh lookups without a provider: req/s at 50 clients, and p50 one client at a time, against the baseline's. */
  targets: { freshRpsRatio: 0.5, singleClientP50Ratio: 2 },
  totalCapMs: int("BENCH_TOTAL_CAP_MS", 540_000), // writing the whole corpus (about 4,000 brands) takes about 165 s of it
};

const log = (...args) => console.error("[bench:beta]", ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));

async function main() {
  const started = Date.now();
  const info = machine();
  log(`${info.cpu}, ${info.cores} cores, ${info.memory_gib} GiB, Node ${info.node}`);

  // 1. State: migrations, the corpus, one account with a beta key and a daily allowance no run can spend.
  log(`preparing local state in ${PARAMS.stateDir} (the seed corpus, as npm start writes it)…`);
  const prepStarted = Date.now();
  const ctx = await prepareBetaState({ dir: PARAMS.stateDir, dailyLimit: PARAMS.dailyLimit });
  const prepMs = Date.now() - prepStarted;
  log(`  ${ctx.corpus.brands} brands, ${ctx.corpus.platform_prefixes} platform prefixes; corpus written in ${ctx.seedMs} ms, state ready in ${prepMs} ms`);
  const headers = { Authorization: `Bearer ${ctx.betaKey}`, "Content-Type": "application/json" };

  const entries = JSON.parse(readFileSync(PARAMS.descriptors, "utf8"));
  const sample = entries.find((e) => e.id === PARAMS.sampleId);
  if (!sample) throw new Error(`no descriptor ${PARAMS.sampleId} in ${PARAMS.descriptors}`);
  // Every body of the run carries its own store number: no two requests are the same transaction.
  let serial = 100_000;
  const bodyOf = (entry, withContext) =>
    JSON.stringify({
      transaction: PARAMS.withStoreNumber(entry.descriptor, serial++),
      ...(withContext && { transaction_context: PARAMS.context(entry) }),
    });
  // Without a provider: each descriptor as labelled (with context where its label has it).
  const labelledBody = (i) => bodyOf(entries[i % entries.length], entries[i % entries.length].context);
  // With the provider: context on every other request, so both /v3/transactions and /v3/entities/resolve are called.
  const alternatingBody = (i) => bodyOf(entries[i % entries.length], i % 2 === 0);

  // 2. The fake provider, then the beta host without a provider.
  const provider = await startFakeProvider(PARAMS.ports.provider, { delayMs: PARAMS.provider.delayMs });
  log(`fake provider on ${provider.url} (${provider.delayMs} ms a call); starting the beta host on 127.0.0.1:${PARAMS.ports.beta}…`);
  const betaOptions = {
    config: "workers/beta/wrangler.toml",
    script: workerEntry("beta", `${PARAMS.stateDir}/trip-counter`), // the real Worker, its storage trips counted
    port: PARAMS.ports.beta,
    inspectorPort: PARAMS.ports.betaInspector,
    persistTo: PARAMS.stateDir,
    readyPath: "/openapi.json",
    // Only the rows' logo URLs use it (scripts/lib/worker-configs.mjs gives it per place; the bench uses the toml).
    vars: { IMG_BASE_URL: "http://127.0.0.1:8787" },
  };
  // What the Worker prints at --log-level warn: the provider client warns once per lookup the provider did not answer.
  const workerLines = [];
  const onLine = (line) => workerLines.push(line);
  let beta = await startWranglerDev({ ...betaOptions, onLine });

  const first = await fetch(beta.url + "/transaction", { method: "POST", headers, body: bodyOf(sample, false) });
  const body = new Uint8Array(await first.arrayBuffer());
  const text = new TextDecoder().decode(body);
  if (first.status !== 200) throw new Error(`POST /transaction answered ${first.status}: ${text.slice(0, 300)}`);
  const sampleRow = JSON.parse(text);
  if (sampleRow.domain !== sample.expect.domain) throw new Error(`the sample lookup answered another row: ${text.slice(0, 300)}`);
  // The Worker's own headers (content type, the three X-RateLimit headers).
  const rowHeaders = replayableHeaders(first, { dropEncoding: true });
  const baseline = await startBaseline({
    stateDir: PARAMS.stateDir,
    body,
    headers: rowHeaders,
    port: PARAMS.ports.baseline,
    inspectorPort: PARAMS.ports.baselineInspector,
    // The Durable Object the /transaction-do diagnostic uses (bound in this copy only; bench:img and bench:api don't).
    extraToml: '\n[[durable_objects.bindings]]\nname = "LOCKS"\nclass_name = "BenchLock"\n\n[[migrations]]\ntag = "v1"\nnew_sqlite_classes = ["BenchLock"]\n',
    vars: { PROVIDER_URL: provider.url, PROVIDER_KEY: NTROPY_KEY },
    log,
  });
  const check = await fetch(baseline.url + "/transaction", { method: "POST", headers, body: bodyOf(sample, false) });
  const checkBody = new Uint8Array(await check.arrayBuffer());
  if (check.status !== 200 || Buffer.compare(Buffer.from(checkBody), Buffer.from(body)) !== 0) {
    throw new Error(`the baseline does not return the beta host's bytes (${check.status})`);
  }

  const { concurrency, requests, rounds, timeCapMs, warmup, diagnostic, unloaded } = PARAMS.load;
  const groups = () => ({ beta: beta.pid, baseline: baseline.pid });
  /** One load run of POSTs, with the CPU each process spent on it per request sent, and its storage trips per request. */
  const load = (base, path, body, { n = requests, cap = timeCapMs, clients = concurrency, expectStatus = 200 } = {}) =>
    withTrips(base, async () => {
      const meter = cpuMeter(groups());
      const run = await runLoad({ base, path: () => path, method: "POST", headers, body, requests: n, concurrency: clients, timeCapMs: cap, expectStatus });
      return { ...run, cpu_ms_per_request: meter.end(run.requests_sent) };
    });
  const warm = (base, path, body) => load(base, path, body, { n: warmup.requests, cap: warmup.timeCapMs });
  const settle = () => sleep(PARAMS.settleMs);

  /** Alternating rounds of the baseline and the beta host; every round of each side, and the best. */
  async function alternate(name, sides) {
    const out = Object.fromEntries(Object.keys(sides).map((k) => [k, []]));
    for (let r = 1; r <= rounds; r++) {
      const order = r % 2 ? Object.keys(sides) : Object.keys(sides).reverse();
      for (const side of order) {
        await settle();
        log(`${name}, round ${r}/${rounds}: ${side}, ${requests} requests at concurrency ${concurrency}…`);
        out[side].push(await sides[side]());
      }
    }
    const bestOf = Object.fromEntries(Object.entries(out).map(([k, list]) => [k, best(list)]));
    for (const [side, run] of Object.entries(bestOf)) {
      if (run.ok === 0) throw new Error(`${name}, ${side}: no successful response (statuses ${JSON.stringify(run.statuses)}, first error ${run.first_error})`);
    }
    return { rounds: out, best: bestOf };
  }
  /** A diagnostic: one shorter round. */
  const diagnose = async (label, base, path, body, options = {}) => {
    await settle();
    log(`diagnostic: ${label}, ${options.n ?? diagnostic.requests} requests at concurrency ${options.clients ?? concurrency}…`);
    return load(base, path, body, { n: diagnostic.requests, cap: diagnostic.timeCapMs, ...options });
  };

  // 3. Without a provider. Warm-up: every labelled descriptor once (with a store number), checked against its label.
  log(`no provider: warm-up pass, the ${entries.length} labelled descriptors once, checked against their labels…`);
  const savedBodies = entries.map((e) => bodyOf(e, e.context));
  const mixPlain = await lookupAll(beta.url, headers, entries, savedBodies, concurrency);
  await warm(baseline.url, "/transaction", labelledBody);
  const plain = await alternate("no provider", {
    baseline: () => load(baseline.url, "/transaction", labelledBody),
    beta: () => load(beta.url, "/transaction", labelledBody),
  });

  // The same fresh lookups in batches of 100 (POST /transactions): items per second against the single endpoint's.
  const { batch: batchLoad } = PARAMS.load;
  const batchBody = (i) => `{"transactions":[${Array.from({ length: batchLoad.items }, (_, k) => labelledBody(i * batchLoad.items + k)).join(",")}]}`;
  await settle();
  log(`batch: ${batchLoad.requests} POST /transactions of ${batchLoad.items} items at concurrency ${batchLoad.clients}…`);
  const batch = await load(beta.url, "/transactions", batchBody, { n: batchLoad.requests, clients: batchLoad.clients, cap: batchLoad.cap });

  // Fresh lookups one at a time, and the baseline likewise: the lookup's own latency, without the queueing that 50
  // clients cause on a machine with a few cores.
  const diagnostics = {
    unloaded_baseline: await diagnose("baseline, one client at a time", baseline.url, "/transaction", labelledBody, unloaded),
    unloaded: await diagnose("beta, one client at a time", beta.url, "/transaction", labelledBody, unloaded),
  };
  if (PARAMS.diagnostics) {
    // The warm-up pass's bodies again: each has a finished row in its lock, which answers it (then the merchant checks
    // run again on it, as the spec asks of stored rows).
    diagnostics.saved_rows = await diagnose("beta, saved rows (the warm-up's bodies again)", beta.url, "/transaction", (i) => savedBodies[i % savedBodies.length]);
    // An unknown field: 400 after the key is checked and the body read and validated, before the allowance and lock.
    const refused = (i) => JSON.stringify({ transaction: PARAMS.withStoreNumber(entries[i % entries.length].descriptor, i), bench: true });
    diagnostics.refused_400 = await diagnose("beta, refused at validation (400, not counted)", beta.url, "/transaction", refused, { expectStatus: 400 });
    diagnostics.durable_objects = await diagnose("baseline + the Durable Object calls of a fresh lookup", baseline.url, "/transaction-do", labelledBody);
    const d1Path = `/d1-reads?n=${PARAMS.diagnosticD1Reads}`;
    diagnostics.d1_reads = await diagnose(`baseline + ${PARAMS.diagnosticD1Reads} D1 reads`, baseline.url, d1Path, labelledBody);
  }
  const plainLines = workerLines.splice(0);

  // 4. With the fake provider: the beta host restarted with ENRICHMENT_URL pointing at it (same state).
  await beta.stop();
  log(`restarting the beta host with ENRICHMENT_URL=${provider.url}…`);
  beta = await startWranglerDev({
    ...betaOptions,
    onLine,
    vars: { ...betaOptions.vars, ENRICHMENT_URL: provider.url, ENRICHMENT_API_KEY: NTROPY_KEY, ENRICHMENT_TIMEOUT_MS: String(PARAMS.provider.timeoutMs) },
  });
  const floor = [];
  for (let i = 0; i < PARAMS.provider.floorRuns; i++) {
    const t0 = performance.now();
    const res = await fetch(`${provider.url}/v3/entities/resolve`, {
      method: "POST",
      headers: { "X-API-Key": NTROPY_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `BENCH FLOOR ${i}` }),
    });
    await res.arrayBuffer();
    floor.push(performance.now() - t0);
  }
  log(`with provider: warm-up pass, the ${entries.length} labelled descriptors once, context on every other one…`);
  const providerWarmBodies = entries.map((e, i) => bodyOf(e, i % 2 === 0));
  const mixProvider = await lookupAll(beta.url, headers, entries, providerWarmBodies, concurrency);
  await warm(baseline.url, "/transaction-provider", alternatingBody);
  const callsBefore = provider.counts();
  const withCalls = async (run) => {
    const before = provider.counts();
    const out = await run();
    return { ...out, provider_calls: diffCounts(provider.counts(), before) };
  };
  const withProvider = await alternate("with provider", {
    baseline: () => load(baseline.url, "/transaction-provider", alternatingBody),
    beta: () => withCalls(() => load(beta.url, "/transaction", alternatingBody)),
  });
  const allCalls = diffCounts(provider.counts(), callsBefore);
  const providerDiagnostics = {
    unloaded_baseline: await diagnose("baseline + provider call, one client at a time", baseline.url, "/transaction-provider", alternatingBody, unloaded),
    unloaded: await withCalls(() => diagnose("beta with provider, one client at a time", beta.url, "/transaction", alternatingBody, unloaded)),
  };
  const providerLines = workerLines.splice(0);

  await beta.stop();
  await baseline.stop();
  await provider.stop();
  const objects = durableObjectsMade(PARAMS.stateDir);

  // 5. Report.
  const withRatio = (run, base) => ({ ...run, rps_ratio_to_baseline: ratio(run.rps, base.rps) });
  // A diagnostic against the 50-client baseline; the one-client-at-a-time runs against the baseline run likewise.
  const ratios = (diags, base) =>
    Object.fromEntries(Object.entries(diags).map(([k, v]) => [k, withRatio(v, k === "unloaded" ? diags.unloaded_baseline : base)]));
  const bestBeta = withProvider.best.beta;
  const result = {
    bench: "beta",
    at: new Date().toISOString(),
    duration_s: Math.round((Date.now() - started) / 100) / 10,
    machine: info,
    parameters: {
      state_dir: PARAMS.stateDir,
      load: { concurrency, requests_per_round: requests, rounds, time_cap_ms_per_round: timeCapMs, warmup, diagnostic, unloaded },
      route: "POST /transaction (Authorization: Bearer tx_beta_…, Content-Type: application/json)",
      runtime: "wrangler dev (local workerd), both Workers; client: node:http keep-alive on the same machine",
      mix: `${entries.length} labelled descriptors (${PARAMS.descriptors.replace(ROOT, "")}), in order, each with its own store number`,
      provider: { ...PARAMS.provider, url: provider.url, fake: "test/fixtures/fake-ntropy.mjs, in the bench process" },
    },
    state: {
      corpus: ctx.corpus,
      corpus_written_ms: ctx.seedMs,
      prepared_ms: prepMs,
      beta_daily_limit: ctx.dailyLimit,
      durable_objects_after_run: objects,
    },
    response: { sample: sample.descriptor, status: first.status, bytes: body.length, headers: rowHeaders },
    no_provider: {
      mix: mixPlain,
      baseline: plain.best.baseline,
      lookups: withRatio(plain.best.beta, plain.best.baseline),
      batch: {
        ...batch,
        items_per_request: batchLoad.items,
        items_per_s: r1(batch.rps * batchLoad.items),
        items_ratio_to_single: ratio(batch.rps * batchLoad.items, plain.best.beta.rps),
      },
      rounds: plain.rounds,
      diagnostics: ratios(diagnostics, plain.best.baseline),
      worker_output: summariseLines(plainLines),
    },
    with_provider: {
      provider_floor_ms: summarise(floor),
      mix: mixProvider,
      baseline: withProvider.best.baseline,
      lookups: withRatio(bestBeta, withProvider.best.baseline),
      diagnostics: ratios(providerDiagnostics, withProvider.best.baseline),
      rounds: withProvider.rounds,
      provider_calls_measured_rounds: allCalls,
      provider_calls_per_lookup_best_round: perLookup(bestBeta.provider_calls, bestBeta.requests_sent),
      worker_output: summariseLines(providerLines),
    },
  };
  const one = result.no_provider.diagnostics;
  result.target_report = [
    target("fresh lookups req/s vs baseline, 50 clients", result.no_provider.lookups.rps_ratio_to_baseline, "≥", PARAMS.targets.freshRpsRatio),
    target("fresh lookup p50, one client, vs baseline's", ratio(one.unloaded.latency_ms.p50, one.unloaded_baseline.latency_ms.p50), "≤", PARAMS.targets.singleClientP50Ratio),
  ];
  const reads = PARAMS.diagnosticD1Reads;
  result.trip_counter_check = selfCheck([
    { label: "baseline /transaction", run: plain.best.baseline, response: {} },
    ...(one.durable_objects ? [{ label: "baseline /transaction-do", run: one.durable_objects, response: { do_calls: 3 } }] : []),
    ...(one.d1_reads ? [{ label: `baseline /d1-reads?n=${reads}`, run: one.d1_reads, response: { d1_trips: reads, d1_statements: reads } }] : []),
  ]);
  mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
  writeFileSync(new URL("./results/beta.json", import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  console.log(report(result, { d1Reads: PARAMS.diagnosticD1Reads }));
}

await runBench(main, { totalCapMs: PARAMS.totalCapMs, log });
