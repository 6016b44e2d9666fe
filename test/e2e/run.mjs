// npm run test:e2e (and npm run screenshots): type-checks the dashboard's browser code, starts the local services
// (npm start's launcher), runs the Chromium tests (or takes the screenshots), and stops the services.
import { spawn, spawnSync } from "node:child_process";
import { CHROMIUM } from "./lib/browser.mjs";
import { LOG_FILE, ROOT, startServices } from "./lib/services.mjs";
import { existsSync } from "node:fs";

const screenshots = process.argv.includes("--screenshots");

const check = spawnSync(process.execPath, [`${ROOT}node_modules/typescript/bin/tsc`, "-p", "workers/api/src/dashboard/tsconfig.client.json"], {
  cwd: ROOT,
  stdio: "inherit",
});
if (check.status !== 0) process.exit(check.status ?? 1);

if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}. Install Debian's: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}

console.log("e2e: starting the local services (npm start)…");
const services = await startServices();
let code = 1;
const stopAndExit = async () => {
  await services.stop();
  process.exit(code);
};
process.on("SIGINT", stopAndExit);
process.on("SIGTERM", stopAndExit);
try {
  const args = screenshots
    ? ["test/e2e/screenshots.mjs"]
    : ["--test", "--test-concurrency=1", "--test-reporter=spec", "test/e2e/dashboard.e2e.mjs", "test/e2e/reference.e2e.mjs"];
  code = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
    child.on("exit", (status) => resolve(status ?? 1));
  });
} finally {
  if (code !== 0) console.error(`e2e failed; the services' log is ${LOG_FILE}`);
  await stopAndExit();
}
