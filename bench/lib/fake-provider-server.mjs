// The fake enrichment provider (test/fixtures/fake-ntropy.mjs: Ntropy API v3's wire format) served on 127.0.0.1 from
// the bench process, answering every request after `delayMs` (the provider's own latency), with a count of the
// requests by path and status. bench/beta.mjs points the beta host's ENRICHMENT_URL at it.
import { createServer } from "node:http";
import { ntropyResponse } from "../../test/fixtures/fake-ntropy.mjs";
import { listen } from "./http-server.mjs";
import { assertPortFree } from "./procs.mjs";

/** @returns {Promise<{ url: string, counts: () => Record<string, number>, stop: () => Promise<void> }>} */
export async function startFakeProvider(port, { delayMs }) {
  await assertPortFree(port);
  const counts = {};
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    let status = 502;
    try {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, String(value));
      const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      const response = await ntropyResponse(request, { delayMs });
      status = response.status;
      const bytes = Buffer.from(await response.arrayBuffer());
      res.writeHead(response.status, { ...Object.fromEntries(response.headers), "content-length": String(bytes.length) });
      res.end(bytes);
    } catch (error) {
      if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
      res.end(`${error instanceof Error ? error.message : error}\n`);
    }
    const key = `${req.method} ${req.url?.split("?")[0]} ${status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  });
  const stop = await listen(server, port);
  return {
    url: `http://127.0.0.1:${port}`,
    delayMs,
    /** Requests answered so far, by "METHOD /path status". */
    counts: () => ({ ...counts }),
    stop,
  };
}
