// Baseline for the image and JSON host benches: the same runtime, the same response bytes and headers, no work at all
// (GET /). bench/img.mjs and bench/api.mjs copy this folder into their bench state folder and write payload.bin (the
// measured Worker's response body for the measured URL: a logo, or a describe record) and payload-headers.json (its
// headers) beside it before starting `wrangler dev`.
//
// Diagnostic paths add, one at a time, the platform work a request of the measured Worker does, so a gap between it
// and the baseline can be split into "the runtime's (here: local emulation's) cost" and "our code's":
//   GET /cache     the bytes from a Cache API hit (caches.default.match), as serve-logo's edge-cache path;
//   GET /cache-d1  the same plus one D1 upsert in waitUntil, as the per-request usage metering does.
//   GET /d1-reads?n=2  the bytes after n sequential D1 reads (describe makes two: the key, then the domain's brand).
// And one helper of the indexing part of bench/api.mjs, which is not a load path:
//   GET /fetch?url=…&url=…  fetches each URL in turn (127.0.0.1 only), reads its body, and answers JSON with the time
//                           of each fetch as the Worker saw it: what the crawler's network part alone costs here.
// @ts-ignore wrangler bundles .bin through the Data rule in wrangler.toml as an ArrayBuffer
import BODY from "./payload.bin";
// @ts-ignore generated at bench time
import HEADERS from "./payload-headers.json";

type Env = { DB: D1Database };

const CACHE_KEY = new Request("https://bench-baseline.invalid/payload");
let tableReady: Promise<unknown> | null = null;

function memory(): Response {
  return new Response(BODY as ArrayBuffer, { headers: HEADERS as Record<string, string> });
}

async function fromCache(): Promise<Response> {
  const hit = await caches.default.match(CACHE_KEY);
  if (hit) return new Response(hit.body, hit);
  const response = memory();
  const stored = new Response(BODY as ArrayBuffer, response);
  stored.headers.set("Cache-Control", "public, max-age=3600");
  await caches.default.put(CACHE_KEY, stored);
  return response;
}

async function meter(db: D1Database): Promise<void> {
  tableReady ??= db
    .prepare("CREATE TABLE IF NOT EXISTS usage_daily (account_id TEXT, day TEXT, surface TEXT, count INTEGER, PRIMARY KEY (account_id, day, surface))")
    .run();
  await tableReady;
  await db
    .prepare(
      `INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (account_id, day, surface) DO UPDATE SET count = count + 1`,
    )
    .bind("acc_bench", new Date().toISOString().slice(0, 10), "img")
    .run();
}

async function d1Reads(db: D1Database, n: number): Promise<Response> {
  for (let i = 0; i < n; i++) await db.prepare("SELECT ?1 AS n").bind(i).first();
  return memory();
}

async function timedFetches(urls: string[]): Promise<Response> {
  const fetches = [];
  const started = Date.now(); // workerd's clock moves on I/O, so it measures each fetch's wait
  for (const url of urls) {
    if (new URL(url).hostname !== "127.0.0.1") return new Response("127.0.0.1 only\n", { status: 400 });
    const t0 = Date.now();
    const res = await fetch(url);
    const bytes = (await res.arrayBuffer()).byteLength;
    fetches.push({ url, status: res.status, bytes, ms: Date.now() - t0 });
  }
  return Response.json({ total_ms: Date.now() - started, fetches });
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/cache") return fromCache();
    if (pathname === "/d1-reads") return d1Reads(env.DB, Number(new URL(request.url).searchParams.get("n") ?? 1));
    if (pathname === "/fetch") return timedFetches(new URL(request.url).searchParams.getAll("url"));
    if (pathname === "/cache-d1") {
      ctx.waitUntil(meter(env.DB));
      return fromCache();
    }
    return memory();
  },
};
