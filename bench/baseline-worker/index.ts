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
// For the beta bench (bench/beta.mjs), whose measured Worker takes POST /transaction with a JSON body:
//   POST /transaction           reads and parses the JSON body, then the bytes (accepting the POST as the beta does);
//   POST /transaction-provider  the same plus one call to the enrichment provider at PROVIDER_URL (the bench's fake
//                               Ntropy, answering in 50 ms), the one the beta makes for that body: /v3/transactions
//                               with a transaction_context, /v3/entities/resolve without. The provider's floor.
//   POST /transaction-do        the same as /transaction plus the Durable Object calls a fresh beta lookup makes: one on
//                               a shared counter (the account's day), then begin and finish (a put and an alarm) on a
//                               lock never used before (one per transaction). Needs the LOCKS binding, which
//                               bench/beta.mjs adds to its copy of wrangler.toml.
// And one helper of the indexing part of bench/api.mjs, which is not a load path:
//   GET /fetch?url=…&url=…  fetches each URL in turn (127.0.0.1 only), reads its body, and answers JSON with the time
//                           of each fetch as the Worker saw it: what the crawler's network part alone costs here.
import { DurableObject } from "cloudflare:workers";
// @ts-ignore wrangler bundles .bin through the Data rule in wrangler.toml as an ArrayBuffer
import BODY from "./payload.bin";
// @ts-ignore generated at bench time
import HEADERS from "./payload-headers.json";

type Env = { DB: D1Database; PROVIDER_URL?: string; PROVIDER_KEY?: string; LOCKS?: DurableObjectNamespace<BenchLock> };

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

type TransactionBody = {
  transaction: string;
  transaction_context?: { date: string; amount: number; currency: string; entry_type: string };
};

async function transaction(request: Request, env: Env, provider: boolean): Promise<Response> {
  const body = (await request.json()) as TransactionBody;
  if (provider) {
    if (!env.PROVIDER_URL) return new Response("PROVIDER_URL is not set\n", { status: 500 });
    const context = body.transaction_context;
    const [path, payload] = context
      ? [
          "/v3/transactions",
          {
            id: crypto.randomUUID(),
            description: body.transaction,
            date: context.date,
            amount: context.amount,
            entry_type: context.entry_type,
            currency: context.currency,
            account_holder_id: null,
          },
        ]
      : ["/v3/entities/resolve", { name: body.transaction }];
    const res = await fetch(`${env.PROVIDER_URL}${path}`, {
      method: "POST",
      headers: { "X-API-Key": env.PROVIDER_KEY ?? "", "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(payload),
    });
    if (!res.ok) return new Response(`provider answered ${res.status}\n`, { status: 502 });
    await res.json();
  }
  return memory();
}

/** The storage work of workers/beta's DailyCounter and TransactionLock, in one class (bound only by the beta bench). */
export class BenchLock extends DurableObject {
  consume(day: string): number {
    const used = (this.ctx.storage.kv.get<number>(day) ?? 0) + 1;
    this.ctx.storage.kv.put(day, used);
    return used;
  }

  begin(now: number): boolean {
    if (this.ctx.storage.kv.get("lookup")) return false;
    this.ctx.storage.kv.put("lookup", { state: "running", since: now });
    return true;
  }

  async finish(row: string, now: number): Promise<void> {
    this.ctx.storage.kv.put("lookup", { state: "done", at: now, row });
    await this.ctx.storage.setAlarm(now + 24 * 60 * 60 * 1000);
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

async function durableObjects(request: Request, env: Env): Promise<Response> {
  await request.json();
  if (!env.LOCKS) return new Response("LOCKS is not bound\n", { status: 500 });
  const now = Date.now();
  await env.LOCKS.get(env.LOCKS.idFromName("bench-account")).consume(new Date(now).toISOString().slice(0, 10));
  const lock = env.LOCKS.get(env.LOCKS.idFromName(crypto.randomUUID()));
  if (!(await lock.begin(now))) return new Response("lock taken\n", { status: 409 });
  await lock.finish(new TextDecoder().decode(BODY as ArrayBuffer), now);
  return memory();
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/cache") return fromCache();
    if (pathname === "/d1-reads") return d1Reads(env.DB, Number(new URL(request.url).searchParams.get("n") ?? 1));
    if (pathname === "/fetch") return timedFetches(new URL(request.url).searchParams.getAll("url"));
    if (pathname === "/transaction") return transaction(request, env, false);
    if (pathname === "/transaction-provider") return transaction(request, env, true);
    if (pathname === "/transaction-do") return durableObjects(request, env);
    if (pathname === "/cache-d1") {
      ctx.waitUntil(meter(env.DB));
      return fromCache();
    }
    return memory();
  },
};
