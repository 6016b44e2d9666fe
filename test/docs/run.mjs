// npm run test:docs: the documentation checks that need the running services. Starts them on a fresh state with the
// fixture web (services.mjs), runs the README's and the webhook guide's examples and compares their output with the
// text (readme-examples.mjs), saves each host's OpenAPI document as served to dist/openapi/, lints the three with
// Redocly's recommended rules (redocly.yaml), checks that the typed client's generated types (packages/client) match
// them (`-- --write` regenerates them instead), runs the client and the operator CLI against the services
// (client.test.ts, admin-cli.test.mjs), and stops the services. Exits non-zero when a check fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { checkExamples } from "./readme-examples.mjs";
import { LOG_FILE, ROOT, startDocsServices } from "./services.mjs";

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

console.log("docs: starting the local services (npm start, fresh state, the fixture web)…");
const services = await startDocsServices();
let failed = false;
try {
  const { demo } = services;
  // First, while the state is as fresh as a clean clone's: the examples assume it (a domain's first describe is a 202).
  const examples = checkExamples({ root: ROOT, demo, cwd: mkdtempSync(`${tmpdir()}/readme-examples-`) });
  console.log(`docs: ${examples.count} examples run, ${examples.failures.length} differ from the text`);
  for (const failure of examples.failures) console.error(failure);
  failed ||= examples.failures.length > 0;

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
  const tests = ["readme-examples.test.mjs", "client.test.ts", "admin-cli.test.mjs"].map((file) => `${ROOT}test/docs/${file}`);
  failed ||= run("--test", ["--test-concurrency=1", "--test-reporter=spec", ...tests]) !== 0;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  if (failed) console.error(`docs checks failed; the services' log is ${LOG_FILE}`);
  await services.stop();
}
process.exit(failed ? 1 : 0);
