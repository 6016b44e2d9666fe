// Debian's Chromium driven by playwright-core. Nothing is downloaded: the browser is the system's (/usr/bin/chromium,
// or CHROMIUM_PATH), started with the flags this machine needs (no background networking: its closed network refuses
// those connections; no sandbox as root).
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    chromiumSandbox: process.getuid?.() !== 0,
    args: [
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/**
 * A page that records what would be a bug in the dashboard: uncaught errors, console errors (CSP violations among
 * them) and failed requests to our own hosts.
 * @param {import("playwright-core").Browser} browser
 * @param {import("playwright-core").BrowserContextOptions} [options]
 */
export async function openPage(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    // Answers the page expects show up as console "Failed to load resource" lines: 401/404 (a wrong key in a test, an
    // image with fallback=404). Every other console error, a 500 included, is a problem.
    if (message.type() === "error" && !/Failed to load resource: the server responded with a status of (401|404)/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return { context, page, problems };
}

/** Signs in on the dashboard with a secret key. @param {import("playwright-core").Page} page */
export async function signIn(page, apiUrl, secretKey) {
  await page.goto(`${apiUrl}/dashboard`);
  await page.getByLabel("Secret key").fill(secretKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
}
