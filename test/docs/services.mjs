// The services the documentation checks run against: npm start's launcher on its own state in .dev/docs, started
// fresh each time (the README's examples begin where a clean clone begins), with the fixture web as its crawl proxy
// (the README's "Indexing on demand, offline" section), so a run never touches, nor depends on, another npm start.
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { once } from "node:events";
import { launch } from "../../scripts/lib/launcher.mjs";

export const ROOT = new URL("../../", import.meta.url).pathname;
export const DOCS_DIR = `${ROOT}.dev/docs`;
export const LOG_FILE = `${DOCS_DIR}/services.log`;

/** @returns {Record<"img_url" | "api_url" | "beta_url" | "publishable_key" | "secret_key" | "beta_key" | "admin_token", string>} */
export const readDocsDemo = () => JSON.parse(readFileSync(`${DOCS_DIR}/demo.json`, "utf8"));

async function freePort() {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  server.close();
  return port;
}

/** The fixture web (test/fixtures/site-router.mjs) on a free port, once it listens. */
async function startFixtureWeb() {
  const port = await freePort();
  const child = spawn(process.execPath, [`${ROOT}test/fixtures/site-router.mjs`, String(port)], { stdio: ["ignore", "pipe", "inherit"] });
  await once(child.stdout, "data"); // its "fixture sites on …" line
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Fresh state, the fixture web, then the three hosts; `stop` ends both. */
export async function startDocsServices() {
  rmSync(`${DOCS_DIR}/state`, { recursive: true, force: true });
  const web = await startFixtureWeb();
  process.env.CRAWL_PROXY = web.url;
  try {
    const services = await launch({ dir: DOCS_DIR, logFile: LOG_FILE });
    return { demo: services.demo, stop: async () => (await services.stop(), web.stop()) };
  } catch (error) {
    web.stop();
    throw error;
  }
}
