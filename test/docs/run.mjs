// npm run test:docs: the documentation checks that need the running services. Starts them (npm start's launcher on
// the e2e state), saves each host's OpenAPI document as served to dist/openapi/, lints the three with Redocly's
// recommended rules (redocly.yaml), checks that the typed client's generated types (packages/client) match them
// (`-- --write` regenerates them instead), runs the client and the operator CLI against the services (client.test.ts,
// admin-cli.test.mjs), and stops the services. Exits non-zero when a check fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { LOG_FILE, readDemo, ROOT, startServices } from "../e2e/lib/services.mjs";

const OUT = `${ROOT}dist/openapi`;
const WRITE = process.argv.includes("--write");

/** Runs a Node script (or Node with flags) from the repository's root; its exit status. */
const run = (script, args) =>
  spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).status;
const HOSTS = { img: "img_url", api: "api_url", beta: "beta_url" };

console.log("docs: starting the local services (npm start)…");
const services = await startServices();
let failed = false;
try {
  const demo = readDemo();
  mkdirSync(OUT, { recursive: true });
  for (const [host, key] of Object.entries(HOSTS)) {
    const response = await fetch(`${demo[key]}/openapi.json`);
    if (!response.ok) throw new Error(`${host}: GET /openapi.json answered ${response.status}`);
    writeFileSync(`${OUT}/${host}.json`, `${JSON.stringify(await response.json(), null, 2)}\n`);
  }
  const files = Object.keys(HOSTS).map((host) => `${OUT}/${host}.json`);
  failed ||= run(`${ROOT}node_modules/@redocly/cli/bin/cli.js`, ["lint", "--config", `${ROOT}redocly.yaml`, ...files]) !== 0;
  for (const host of Object.keys(HOSTS)) {
    const types = `${ROOT}packages/client/src/generated/${host}.ts`;
    const generated = run(`${ROOT}node_modules/openapi-typescript/bin/cli.js`, [`${OUT}/${host}.json`, "-o", types, ...(WRITE ? [] : ["--check"])]);
    if (generated !== 0) console.error(`${types} does not match the ${host} host's document: npm run test:docs -- --write`);
    failed ||= generated !== 0;
  }
  failed ||= run("--test", ["--test-concurrency=1", "--test-reporter=spec", `${ROOT}test/docs/client.test.ts`, `${ROOT}test/docs/admin-cli.test.mjs`]) !== 0;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  if (failed) console.error(`docs checks failed; the services' log is ${LOG_FILE}`);
  await services.stop();
}
process.exit(failed ? 1 : 0);
