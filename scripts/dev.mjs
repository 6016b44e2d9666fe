// npm start: migrations, seed, demo account, then the three Workers on local ports (scripts/lib/local-services.mjs).
//
// A second copy can run beside it on its own state and ports, as the e2e run does:
//   node scripts/dev.mjs --dir .dev/e2e --persist-to .dev/e2e/state --ports auto
// --dir holds demo.json and the generated Worker configs (default .dev), --persist-to the local D1, R2, KV, queues and
// Durable Objects (default .wrangler/state), --ports auto picks free ports (default 8787-8789, gateway 8790).
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { ensureDemoAccount } from "./lib/demo-account.mjs";
import { openLocalEnv, PERSIST_TO, ROOT } from "./lib/local-env.mjs";
import { applyLocalMigrations } from "./lib/migrations.mjs";
import { DEFAULT_PORTS, freePorts, hostUrls, startLocalServices } from "./lib/local-services.mjs";
import { sharedResources, workerConfig, writeWorkerConfigs } from "./lib/worker-configs.mjs";
import { seedLocal } from "./seed.mjs";

if (Number(process.versions.node.split(".")[0]) < 22) {
  console.error(`Node ${process.versions.node} is too old: wrangler needs Node 22 or later.`);
  process.exit(1);
}
const { values: options } = parseArgs({
  options: { dir: { type: "string", default: `${ROOT}.dev` }, "persist-to": { type: "string", default: PERSIST_TO }, ports: { type: "string" } },
});
const dir = resolve(options.dir);
const persistTo = resolve(options["persist-to"]);
const ports = options.ports === "auto" ? await freePorts() : DEFAULT_PORTS;
const urls = hostUrls(ports);

console.log("Applying D1 migrations…");
await applyLocalMigrations(persistTo);
console.log("Seeding the corpus (logo masters are cached after the first run)…");
await seedLocal({ persistTo });

const local = await openLocalEnv(persistTo);
let demo;
try {
  demo = await ensureDemoAccount(local.env, { img_url: urls.img, api_url: urls.api, beta_url: urls.beta }, `${dir}/demo.json`);
} finally {
  await local.dispose();
}

const configs = writeWorkerConfigs(`${dir}/workers`, (worker, configDir) => workerConfig(worker, { ...localPlace(), dir: configDir }), {
  img: { VARIANT_SIGNING_KEY: demo.variant_signing_key },
  api: { ADMIN_TOKEN: demo.admin_token, FILE_SIGNING_KEY: demo.file_signing_key, WEBHOOK_SECRET_KEYS: demo.webhook_secret_keys },
});
const services = await startLocalServices({ configs, persistTo, ports });
services.exited.then((code) => {
  console.error(`[workers] wrangler dev exited (${code}); stopping.`);
  process.exit(code || 1);
});
const stop = () => services.stop().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

console.log(`
Brand Asset Service is running locally (state in ${relativeToRoot(persistTo)}, keys in ${relativeToRoot(dir)}/demo.json).

  image host   ${urls.img}
  JSON host    ${urls.api}     dashboard ${urls.api}/dashboard
  beta host    ${urls.beta}

  publishable key  ${demo.publishable_key}
  secret key       ${demo.secret_key}
  beta key         ${demo.beta_key}
  admin token      ${demo.admin_token}

Try:
  curl -o logo.jpg "${urls.img}/ethereum.org?token=${demo.publishable_key}"
  curl -H "Authorization: Bearer ${demo.secret_key}" ${urls.api}/describe/ethereum.org
  curl -X POST ${urls.beta}/transaction -H "Authorization: Bearer ${demo.beta_key}" \\
       -H "Content-Type: application/json" -d '{"transaction":"POS PURCHASE JOES COFFEE #1234"}'

Ctrl-C stops all three.
`);

/**
 * Local development's place: the local resource ids, the local image host's URL, the offline crawl proxy when
 * CRAWL_PROXY is set, and webhooks to loopback receivers. Local only: a deploy refuses both of the last two.
 */
function localPlace() {
  const { localIds } = sharedResources("brand");
  const devOnly = {
    // The fixture web's `.test` names exist in no DNS (and the machine may be offline): with the proxy, hosts are not
    // resolved first. Without it, crawls and webhooks resolve every host as in production.
    ...(process.env.CRAWL_PROXY ? { CRAWL_PROXY: process.env.CRAWL_PROXY, DNS_RESOLVER_URL: "off" } : {}),
    WEBHOOK_ALLOW_LOOPBACK: "1",
  };
  return { prefix: "brand", ids: localIds, vars: { IMG_BASE_URL: urls.img, API_BASE_URL: urls.api, BETA_BASE_URL: urls.beta, ...devOnly } };
}

function relativeToRoot(path) {
  return path.startsWith(ROOT) ? path.slice(ROOT.length) : path;
}
