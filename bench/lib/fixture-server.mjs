// The fixture web (test/fixtures/site-router.mjs) served on 127.0.0.1 from the bench process, as
// `node test/fixtures/site-router.mjs <port>` serves it, plus a log of every request: when it arrived, when its last
// byte was written, what it was. The indexing part of bench/api.mjs reads the log to split an index job's time into
// queue wait (202 → the crawler's first request), crawl (first request → last response) and the rest.
import { createServer } from "node:http";
import { Readable } from "node:stream";
import { fixtureResponse } from "../../test/fixtures/site-router.mjs";
import { listen } from "./http-server.mjs";
import { assertPortFree } from "./procs.mjs";

/** @returns {Promise<{ url: string, log: object[], stop: () => Promise<void> }>} */
export async function startFixtureServer(port) {
  await assertPortFree(port);
  const log = [];
  const server = createServer(async (req, res) => {
    const entry = { path: req.url, arrived: performance.now(), status: null, bytes: 0, finished: null };
    log.push(entry);
    const controller = new AbortController();
    res.on("close", () => {
      controller.abort();
      entry.finished ??= performance.now();
    });
    res.on("finish", () => (entry.finished = performance.now()));
    try {
      const response = await fixtureResponse(
        new Request(`http://127.0.0.1:${port}${req.url}`, { method: req.method, signal: controller.signal }),
      );
      entry.status = response.status;
      entry.bytes = Number(response.headers.get("content-length") ?? 0);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body).pipe(res);
      else res.end();
    } catch (error) {
      entry.status = 502;
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end(`${error instanceof Error ? error.message : error}\n`);
    }
  });
  const stop = await listen(server, port);
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    stop,
  };
}
