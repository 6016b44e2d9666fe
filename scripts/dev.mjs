// npm start: migrations, seed, demo account, then the three Workers on local ports sharing one state folder.
import { spawn } from "node:child_process";
import { ensureDemoAccount } from "./lib/demo-account.mjs";
import { applyLocalMigrations, openLocalEnv, PERSIST_TO, ROOT } from "./lib/local-env.mjs";
import { seed } from "./seed.mjs";

const HOST = "127.0.0.1";
// Offline, wrangler cannot fetch the Request.cf template and says so with a stack trace; it is harmless.
const OFFLINE_NOISE = /Request\.cf|ENOTFOUND workers\.cloudflare\.com|GetAddrInfoReqWrap/;
const WORKERS = [
  { name: "img", port: 8787, inspector: 9230 },
  { name: "api", port: 8788, inspector: 9231 },
  { name: "beta", port: 8789, inspector: 9232 },
];
const url = (w) => `http://localhost:${w.port}`;
const urls = { img_url: url(WORKERS[0]), api_url: url(WORKERS[1]), beta_url: url(WORKERS[2]) };
const wrangler = `${ROOT}node_modules/.bin/wrangler`;
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1" };

if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node} is too old: wrangler needs Node 22 or later.`);
  process.exit(1);
}

console.log("Applying D1 migrations…");
applyLocalMigrations();

const local = await openLocalEnv();
let demo;
try {
  console.log("Seeding the corpus (logo masters are cached after the first run)…");
  await seed(local.env);
  demo = await ensureDemoAccount(local.env, urls);
} finally {
  await local.dispose();
}

const children = WORKERS.map((w) =>
  spawn(
    wrangler,
    [
      "dev",
      "-c", `workers/${w.name}/wrangler.toml`,
      "--ip", HOST,
      "--port", String(w.port),
      "--inspector-port", String(w.inspector),
      "--persist-to", PERSIST_TO,
      "--var", `ADMIN_TOKEN:${demo.admin_token}`,
      "--var", `VARIANT_SIGNING_KEY:${demo.variant_signing_key}`,
      "--var", `FILE_SIGNING_KEY:${demo.file_signing_key}`,
      ...(process.env.CRAWL_PROXY ? ["--var", `CRAWL_PROXY:${process.env.CRAWL_PROXY}`] : []),
      "--var", `IMG_BASE_URL:${urls.img_url}`,
      "--show-interactive-dev-session=false",
      // The JSON host's cron (re-indexing) can be run by hand: GET /__scheduled. Local development also lets webhooks
      // go to http://127.0.0.1:PORT receivers (never set in production; docs/webhooks.md).
      ...(w.name === "api" ? ["--test-scheduled", "--var", "WEBHOOK_ALLOW_LOOPBACK:1"] : []),
    ],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  ),
);
children.forEach((child, i) => {
  const tag = `[${WORKERS[i].name}] `;
  const relay = (stream) => (chunk) => {
    for (const line of chunk.toString().split("\n")) if (line.trim() && !OFFLINE_NOISE.test(line)) stream.write(tag + line + "\n");
  };
  child.stdout.on("data", relay(process.stdout));
  child.stderr.on("data", relay(process.stderr));
  child.on("exit", (code) => {
    console.error(`${tag}exited (${code}); stopping.`);
    stop(code ?? 1);
  });
});

function stop(code = 0) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

await Promise.all(WORKERS.map((w) => waitUntilUp(`${url(w)}/openapi.json`)));

console.log(`
Brand Asset Service is running locally (state in .wrangler/state, keys in .dev/demo.json).

  image host   ${urls.img_url}
  JSON host    ${urls.api_url}
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
