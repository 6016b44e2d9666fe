// npm start: migrations, seed, demo account, then the three Workers in one `wrangler dev` on local ports.
//
// One process, not three: the three Workers share one D1 database, R2 bucket, KV namespace and queues, and three
// `wrangler dev` processes on one state folder meet "database is locked" as soon as two of them write at once. So one
// `wrangler dev` runs a small gateway Worker (scripts/dev-gateway) with the three as auxiliary Workers, and this
// script listens on each host's port and hands every request to the gateway, saying which host it was for. In one
// runtime the image host's indexing jobs also reach the JSON host's queue consumer, as in production.
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { ensureDemoAccount } from "./lib/demo-account.mjs";
import { applyLocalMigrations, openLocalEnv, PERSIST_TO, ROOT } from "./lib/local-env.mjs";
import { seedLocal } from "./seed.mjs";

const HOST = "127.0.0.1";
// Offline, wrangler cannot fetch the Request.cf template and says so with a stack trace; it is harmless.
const OFFLINE_NOISE = /Request\.cf|ENOTFOUND workers\.cloudflare\.com|GetAddrInfoReqWrap/;
const HOSTS = [
  { name: "img", port: 8787 },
  { name: "api", port: 8788 },
  { name: "beta", port: 8789 },
];
const GATEWAY = { port: 8790, inspector: 9230 };
const url = (h) => `http://localhost:${h.port}`;
const urls = { img_url: url(HOSTS[0]), api_url: url(HOSTS[1]), beta_url: url(HOSTS[2]) };
const wrangler = `${ROOT}node_modules/.bin/wrangler`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node} is too old: wrangler needs Node 22 or later.`);
  process.exit(1);
}

console.log("Applying D1 migrations…");
applyLocalMigrations();

console.log("Seeding the corpus (logo masters are cached after the first run)…");
await seedLocal();

const local = await openLocalEnv();
let demo;
try {
  demo = await ensureDemoAccount(local.env, urls);
} finally {
  await local.dispose();
}

writeDevVars(demo);
const child = spawn(
  wrangler,
  [
    "dev",
    "-c", "scripts/dev-gateway/wrangler.toml",
    ...HOSTS.flatMap((h) => ["-c", `workers/${h.name}/wrangler.toml`]),
    "--ip", HOST,
    "--port", String(GATEWAY.port),
    "--inspector-port", String(GATEWAY.inspector),
    "--persist-to", PERSIST_TO,
    "--show-interactive-dev-session=false",
  ],
  { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
);
const relay = (stream) => (chunk) => {
  for (const line of chunk.toString().split("\n")) if (line.trim() && !OFFLINE_NOISE.test(line)) stream.write(`[workers] ${line}\n`);
};
child.stdout.on("data", relay(process.stdout));
child.stderr.on("data", relay(process.stderr));
child.on("exit", (code) => {
  console.error(`[workers] wrangler dev exited (${code}); stopping.`);
  stop(code ?? 1);
});

const servers = HOSTS.map((h) => http.createServer((req, res) => forward(h, req, res)).listen(h.port, HOST));

function stop(code = 0) {
  for (const server of servers) server.close();
  removeDevVars();
  if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

await Promise.all(HOSTS.map((h) => waitUntilUp(`${url(h)}/openapi.json`)));

console.log(`
Brand Asset Service is running locally (state in .wrangler/state, keys in .dev/demo.json).

  image host   ${urls.img_url}
  JSON host    ${urls.api_url}     dashboard ${urls.api_url}/dashboard
  beta host    ${urls.beta_url}

  publishable key  ${demo.publishable_key}
  secret key       ${demo.secret_key}
  beta key         ${demo.beta_key}
  admin token      ${demo.admin_token}

Try:
  curl -o logo.jpg "${urls.img_url}/ethereum.org?token=${demo.publishable_key}"
  curl -H "Authorization: Bearer ${demo.secret_key}" ${urls.api_url}/describe/ethereum.org
  curl -X POST ${urls.beta_url}/transaction -H "Authorization: Bearer ${demo.beta_key}" \\
       -H "Content-Type: application/json" -d '{"transaction":"POS PURCHASE JOES COFFEE #1234"}'

Ctrl-C stops all three.
`);

/**
 * The Workers' local variables, in the `.dev.vars` wrangler reads beside each config (git ignores them): the demo's
 * secrets, the image host's URL, and the offline crawl proxy when CRAWL_PROXY is set. Webhooks may go to loopback
 * receivers in local development only.
 */
function writeDevVars(demo) {
  const shared = { IMG_BASE_URL: urls.img_url, ...(process.env.CRAWL_PROXY ? { CRAWL_PROXY: process.env.CRAWL_PROXY } : {}) };
  const vars = {
    img: { ...shared, VARIANT_SIGNING_KEY: demo.variant_signing_key },
    api: { ...shared, ADMIN_TOKEN: demo.admin_token, FILE_SIGNING_KEY: demo.file_signing_key, WEBHOOK_ALLOW_LOOPBACK: "1" },
    beta: shared,
  };
  for (const [name, values] of Object.entries(vars)) {
    const text = Object.entries(values).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join("\n");
    writeFileSync(`${ROOT}workers/${name}/.dev.vars`, `# Written by npm start (scripts/dev.mjs); local only.\n${text}\n`, { mode: 0o600 });
  }
}

function removeDevVars() {
  for (const { name } of HOSTS) rmSync(`${ROOT}workers/${name}/.dev.vars`, { force: true });
}

/** Hands one request to the gateway, with the host it was for and its URL as the client sent it, and streams back. */
function forward(host, req, res) {
  const upstream = http.request(
    {
      host: HOST,
      port: GATEWAY.port,
      method: req.method,
      path: "/",
      headers: { ...req.headers, "x-dev-target": host.name, "x-dev-url": `${url(host)}${req.url}` },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end("The local Workers are not answering (still starting, or stopped).\n");
  });
  req.pipe(upstream);
}

async function waitUntilUp(target, timeoutMs = 90_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(target)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(`${target} did not come up within ${timeoutMs / 1000}s`);
  stop(1);
}
