// A bounded closed-loop HTTP load: `concurrency` clients over keep-alive connections, each sending its next request
// when the previous one is answered, until `requests` have been sent or `timeCapMs` has passed. 127.0.0.1 only.
// Headers (the JSON host's `Authorization: Bearer sk_…`), a method and a body per request (the beta's
// POST /transaction) are optional.
import http from "node:http";
import { summarise } from "./stats.mjs";

/**
 * @param {object} o
 * @param {string} o.base          e.g. http://127.0.0.1:8803
 * @param {(i: number) => string} o.path  path (and query) of request i
 * @param {Record<string, string>} [o.headers]  sent with every request
 * @param {string} [o.method="GET"]
 * @param {(i: number) => string} [o.body]  body of request i (sent with its Content-Length)
 * @param {number} o.requests      how many requests at most
 * @param {number} o.concurrency   clients (= keep-alive connections)
 * @param {number} o.timeCapMs     stop sending after this long; what is in flight completes
 * @param {number} [o.expectStatus=200]
 */
export async function runLoad({ base, path, headers = {}, method = "GET", body, requests, concurrency, timeCapMs, expectStatus = 200 }) {
  const target = new URL(base);
  if (target.hostname !== "127.0.0.1") throw new Error(`load target must be 127.0.0.1, got ${target.hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const latencies = [];
  const statuses = {};
  const errors = [];
  let next = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + timeCapMs;

  const one = (i) =>
    new Promise((resolve) => {
      const payload = body ? Buffer.from(body(i)) : null;
      const t0 = performance.now();
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          method,
          path: path(i),
          headers: payload ? { ...headers, "Content-Length": String(payload.length) } : headers,
          agent,
          timeout: 30_000,
        },
        (res) => {
          let size = 0;
          res.on("data", (chunk) => (size += chunk.length));
          res.on("end", () => {
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
            if (res.statusCode === expectStatus) {
              latencies.push(performance.now() - t0);
              bytes += size;
            }
            resolve();
          });
          res.on("error", (err) => {
            errors.push(err.message);
            resolve();
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error("request timed out after 30s")));
      req.on("error", (err) => {
        errors.push(err.message);
        resolve();
      });
      req.end(payload ?? undefined);
    });

  const client = async () => {
    while (next < requests && performance.now() < deadline) await one(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsedMs = performance.now() - started;
  agent.destroy();

  const ok = latencies.length;
  return {
    requests_planned: requests,
    requests_sent: next,
    ok,
    errors: errors.length,
    first_error: errors[0] ?? null,
    statuses,
    capped: next < requests,
    concurrency,
    elapsed_ms: round(elapsedMs),
    rps: round((ok / elapsedMs) * 1000),
    bytes_per_response: ok ? Math.round(bytes / ok) : 0,
    latency_ms: summarise(latencies),
  };
}

const round = (x) => Math.round(x * 10) / 10;
