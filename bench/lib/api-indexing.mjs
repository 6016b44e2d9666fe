// The indexing part of bench:api: the first describe of an unknown fixture domain (202) starts a real crawl in its own
// waitUntil; the time until describe answers 200, the crawl's own parts (seen through the fixture web's request log),
// the storage trips of the 202 and of the job, and what fetching the same pages alone costs, from Node and from the
// same runtime (the baseline Worker's /fetch).
import { r1, summarise } from "./stats.mjs";
import { addTallies, readTrips, tripDelta } from "./trips.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const median = (xs) => summarise(xs.filter((x) => x != null)).p50;
const epoch = (perfMs) => performance.timeOrigin + perfMs;

/** A warm-up job, then each of `params.domains` one at a time, each with its network baseline. */
export async function indexFixtureDomains({ apiUrl, baselineUrl, auth, fixtures, params: ix, log }) {
  log(`indexing: warm-up job (${ix.warmupDomain}), then ${ix.domains.length} fixture domains, one at a time…`);
  const warmupJob = await indexOne(apiUrl, ix, auth, fixtures, ix.warmupDomain);
  const jobs = [];
  for (const domain of ix.domains) {
    const job = await indexOne(apiUrl, ix, auth, fixtures, domain);
    log(`  ${domain}: ${job.final_status} after ${job.total_ms} ms (crawl began ${job.to_first_fetch_ms} ms after the 202, ${job.fetches.length} fetches)`);
    jobs.push(job);
  }
  if (!jobs.some((j) => j.final_status === 200)) {
    throw new Error(`no fixture domain was indexed: ${jobs.map((j) => `${j.domain} ${j.first_status}→${j.final_status}`).join(", ")}`);
  }

  // The network part alone: the same fixture pages fetched without the crawler, from Node and from the same runtime.
  log("network baseline: the home pages and the crawler's own fetches, replayed…");
  for (const job of [warmupJob, ...jobs]) {
    const home = `${fixtures.url}/${job.domain}/`;
    const nodeTimes = [];
    for (let i = 0; i < ix.homeFetchRuns; i++) {
      const t0 = performance.now();
      const res = await fetch(home);
      await res.arrayBuffer();
      nodeTimes.push(performance.now() - t0);
    }
    const workerHome = [];
    for (let i = 0; i < ix.homeFetchRuns; i++) workerHome.push((await timedFetches(baselineUrl, [home])).total_ms);
    const replay = [];
    const urls = job.fetches.map((f) => fixtures.url + f.path);
    if (urls.length) for (let i = 0; i < ix.replayRuns; i++) replay.push((await timedFetches(baselineUrl, urls)).total_ms);
    job.network = {
      home_page_node_ms: r1(median(nodeTimes)),
      home_page_worker_ms: r1(median(workerHome)),
      crawler_fetches_replayed_worker_ms: urls.length ? r1(median(replay)) : null,
    };
  }

  return { warmupJob, jobs };
}

/**
 * GET /describe/<domain> once (expect 202), then every pollMs (every finePollMs once the crawl has begun) until it
 * answers something else or the cap passes.
 */
async function indexOne(base, params, auth, fixtures, domain) {
  const { pollMs, finePollMs, capMs } = params;
  const url = `${base}/describe/${domain}`;
  const logFrom = fixtures.log.length;
  const tripsBefore = await readTrips(base);
  const t0 = performance.now();
  const firstRes = await fetch(url, { headers: auth });
  await firstRes.arrayBuffer();
  const t202 = performance.now();
  // Read at once (no wait for background work): the 202's own trips were all answered before it was returned, and
  // the crawl's, in its waitUntil, count as background, so this read delays neither the job nor the first poll.
  const tripsAt202 = await readTrips(base, 0);
  let status = firstRes.status;
  let finalBody = null;
  let polls = 0;
  let tEnd = t202;
  const crawling = () => fixtures.log.slice(logFrom).some((e) => e.path.startsWith(`/${domain}/`));
  let fine = false;
  let nextAt = t202 + pollMs;
  if (status === 202) {
    for (;;) {
      while (performance.now() < nextAt) {
        await sleep(Math.min(5, nextAt - performance.now()));
        if (!fine && crawling()) {
          fine = true;
          nextAt = Math.min(nextAt, performance.now() + finePollMs);
        }
      }
      if (performance.now() - t0 > capMs) break;
      polls++;
      const sent = performance.now();
      const res = await fetch(url, { headers: auth });
      const text = await res.text();
      tEnd = performance.now();
      status = res.status;
      if (status !== 202) {
        finalBody = text;
        break;
      }
      nextAt = fine ? sent + finePollMs : nextAt + pollMs;
    }
  }
  const capped = status === 202;
  const to202 = tripDelta(tripsBefore, tripsAt202);
  const toEnd = tripDelta(tripsBefore, await readTrips(base)); // waits for the job's waitUntil work to settle
  const entries = fixtures.log.slice(logFrom).filter((e) => e.path.startsWith(`/${domain}/`));
  const firstFetch = entries[0];
  const lastFinished = entries.length ? Math.max(...entries.map((e) => e.finished ?? e.arrived)) : null;
  let indexedAt = null;
  try {
    indexedAt = finalBody ? JSON.parse(finalBody).indexed_at ?? null : null;
  } catch {
    // not JSON: reported through the status
  }
  return {
    domain,
    first_status: firstRes.status,
    final_status: capped ? "timeout" : status,
    polls,
    total_ms: capped ? null : r1(tEnd - t0),
    first_response_ms: r1(t202 - t0),
    // 202 answered → the crawler's first request (robots.txt): negative when the crawl, started in the 202's own
    // waitUntil, reached the fixture web before the 202 reached the client.
    to_first_fetch_ms: firstFetch ? r1(firstFetch.arrived - t202) : null,
    // The job's clock (workerd's Date) at its start, seen from the client: a cross-check of to_first_fetch_ms.
    indexed_at_after_202_ms: indexedAt ? r1(Date.parse(indexedAt) - epoch(t202)) : null,
    // First request → last response: fetches plus the decoding and encoding between them.
    crawl_ms: firstFetch ? r1(lastFinished - firstFetch.arrived) : null,
    // Last response → describe answers 200: the last decode, R2 and D1 writes, and the wait for the next poll.
    after_crawl_ms: firstFetch && !capped ? r1(tEnd - lastFinished) : null,
    // The crawler's first request → the 200: the job itself, seen within finePollMs. A poll that arrives while the
    // job decodes waits for it (same isolate), so the 200 comes right after the job's last write.
    job_ms: firstFetch && !capped ? r1(tEnd - firstFetch.arrived) : null,
    fetches: entries.map((e) => ({
      path: e.path,
      status: e.status,
      bytes: e.bytes,
      at_ms: r1(e.arrived - t0),
      ms: e.finished == null ? null : r1(e.finished - e.arrived),
    })),
    final_body: status === 200 ? undefined : finalBody?.slice(0, 300),
    // Storage trips (null: the Worker was rebuilt meanwhile): the first describe's before its 202, and the job's: every
    // trip off a response's path until the 200 (waitUntil work, where a request's crawl runs, and queue consumers).
    trips: {
      answer_202: to202?.trips.response ?? null,
      job: toEnd && addTallies(toEnd.trips.background, toEnd.trips.queue),
      queue_batches: toEnd ? (toEnd.handled.queue_batches ?? 0) : null,
    },
  };
}

async function timedFetches(baselineUrl, urls) {
  const query = urls.map((u) => `url=${encodeURIComponent(u)}`).join("&");
  const res = await fetch(`${baselineUrl}/fetch?${query}`);
  if (res.status !== 200) throw new Error(`baseline /fetch answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

