// The storage trips one request makes (D1 queries, Durable Object calls, KV/R2 reads and writes, queue sends, Cache
// API calls), counted by the bench's own counter (bench/trip-counter/count.ts) around the Worker under test: the same
// figures `npm run bench` reports, here held to each host's budget.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { countTrips, TRIPS_PATH, type Snapshot, type Tally } from "../../bench/trip-counter/count.ts";

/** A Worker's default export, for its fetch handler (whatever env type it declares). */
type Worker = { fetch?: (request: Request, env: never, ctx: ExecutionContext) => Response | Promise<Response> };
/**
 * `response`: trips answered before the Worker returned its response; `background`: its waitUntil work's; `object`:
 * the trips out of the Worker's Durable Object its calls made (the beta project runs the object counted, see
 * test/beta/counted-main.ts).
 */
export type Trips = { response: Tally; background: Tally; object: Tally };

const difference = (after: Tally, before: Tally) =>
  Object.fromEntries(Object.entries(after).flatMap(([key, n]) => (n - (before[key] ?? 0) ? [[key, n - (before[key] ?? 0)]] : [])));

/** Calls `worker` with `env`, each request's trips counted once its waitUntil work is done. */
export function countingWorker(worker: Worker, env: object) {
  const counted = countTrips({ fetch: worker.fetch as never });
  const snapshot = async (): Promise<Snapshot> =>
    (await counted.fetch!(new Request(`https://worker.test${TRIPS_PATH}`), env, createExecutionContext())).json();

  return async function request(path: string, init: RequestInit = {}): Promise<{ response: Response; trips: Trips }> {
    const before = await snapshot();
    const ctx = createExecutionContext();
    const response = await counted.fetch!(new Request(`https://worker.test${path}`, init), env, ctx);
    await waitOnExecutionContext(ctx);
    const after = await snapshot();
    const trips = {
      response: difference(after.trips.response, before.trips.response),
      background: difference(after.trips.background, before.trips.background),
      object: difference(after.trips.object, before.trips.object),
    };
    return { response, trips };
  };
}
