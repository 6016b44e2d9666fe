// Baseline for the image bench: the same runtime, the same response bytes and headers, no work at all (GET /).
// bench/img.mjs copies this folder into the bench state folder and writes payload.bin (the image Worker's response
// body for the measured URL) and payload-headers.json (its headers) beside it before starting `wrangler dev`.
//
// Two diagnostic paths add, one at a time, the platform work a cached logo request does, so a gap between the image
// Worker and the baseline can be split into "the runtime's (here: local emulation's) cost" and "our code's":
//   GET /cache     the bytes from a Cache API hit (caches.default.match), as serve-logo's edge-cache path;
//   GET /cache-d1  the same plus one D1 upsert in waitUntil, as the per-request usage metering does.
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

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/cache") return fromCache();
    if (pathname === "/cache-d1") {
      ctx.waitUntil(meter(env.DB));
      return fromCache();
    }
    return memory();
  },
};
