// npm run screenshots: docs/img/dashboard-*.png, taken in Chromium against the local services (started by run.mjs).
// A sample account ("Acme Inc") gets some real traffic (logos, JSON calls, brand profiles, beta lookups, a credit
// purchase, subscriptions, a webhook endpoint with delivered test events) plus earlier days of this month's request
// counts written straight into the local D1, so the chart has a month to show. Only the local state is touched.
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync } from "node:fs";
import { launch, signIn } from "./lib/browser.mjs";
import { admin as fetch, newAccount, readDemo, ROOT } from "./lib/services.mjs";

const OUT = `${ROOT}docs/img`;
const demo = readDemo();
mkdirSync(OUT, { recursive: true });

const account = await newAccount(demo, "Acme Inc");
const bearer = { Authorization: `Bearer ${account.secret}` };
const json = (method, path, body) =>
  fetch(`${demo.api_url}${path}`, { method, headers: { ...bearer, "Content-Type": "application/json" }, body: body && JSON.stringify(body) }).then((r) => r.json());

// Real traffic today.
for (const path of ["/stripe.com", "/spotify.com", "/airbnb.com", "/ticker/AAPL", "/name/notion", "/crypto/btc", "/stripe.com?size=64&format=png"]) {
  await (await fetch(`${demo.img_url}${path}${path.includes("?") ? "&" : "?"}token=${account.publishable}`)).arrayBuffer();
}
for (const domain of ["stripe.com", "spotify.com", "nike.com"]) await fetch(`${demo.api_url}/brand/${domain}`, { headers: bearer }).then((r) => r.arrayBuffer());
await fetch(`${demo.api_url}/search?q=coffee`, { headers: bearer }).then((r) => r.arrayBuffer());
await admin(demo, "POST", `/admin/accounts/${account.id}/credits`, { kind: "purchase", amount: 5000, reason: "Credit pack (5,000)" });
for (const transaction of ["SQ *BLUE BOTTLE COFFEE", "AMZN Mktp US*2K4", "UBER *TRIP HELP.UBER.COM"]) {
  await fetch(`${demo.beta_url}/transaction`, {
    method: "POST",
    headers: { Authorization: `Bearer ${account.beta}`, "Content-Type": "application/json" },
    body: JSON.stringify({ transaction }),
  }).then((r) => r.arrayBuffer());
}

// Earlier days of the month: a steady week-day pattern, growing a little.
const now = new Date();
const rows = [];
for (let day = 1; day < now.getUTCDate(); day++) {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day));
  const weekend = [0, 6].includes(date.getUTCDay());
  const base = (weekend ? 900 : 2_400) + day * 45;
  const wobble = ((day * 7919) % 23) * 31;
  const iso = date.toISOString().slice(0, 10);
  rows.push(`('${account.id}', '${iso}', 'img', ${base + wobble})`, `('${account.id}', '${iso}', 'api', ${Math.round((base + wobble) / 6)})`);
}
if (!/^acc_[0-9A-Za-z]{20}$/.test(account.id)) throw new Error("unexpected account id");
if (rows.length) {
  const sql = `INSERT INTO usage_daily (account_id, day, surface, count) VALUES ${rows.join(", ")};`;
  const run = spawnSync(`${ROOT}node_modules/.bin/wrangler`, ["d1", "execute", "brand-db", "--local", "--persist-to", `${ROOT}.wrangler/state`, "--command", sql], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`writing the sample history failed:\n${run.stdout}\n${run.stderr}`);
}

// Subscriptions, and an endpoint on a local receiver that answers 204, with two test events delivered.
const receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(204).end()));
await new Promise((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${/** @type {import("node:net").AddressInfo} */ (receiver.address()).port}/hooks/brands`;
for (const domain of ["stripe.com", "spotify.com", "airbnb.com"]) await json("POST", "/subscriptions", { domain });
const endpoint = await json("POST", "/webhooks", { url: hookUrl, description: "Brand sync worker", events: ["brand.updated", "logo.updated"] });
await json("POST", `/webhooks/${endpoint.id}/test`);
await json("POST", `/webhooks/${endpoint.id}/test`);
await new Promise((resolve) => setTimeout(resolve, 4_000)); // the delivery queue's batch timeout, and counting

const browser = await launch();
const shot = async (page, name, fullPage = true) => {
  await page.screenshot({ path: `${OUT}/dashboard-${name}.png`, fullPage, animations: "disabled" });
  console.log(`docs/img/dashboard-${name}.png`);
};
try {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 820 } });
  const page = await desktop.newPage();

  await page.goto(`${demo.api_url}/dashboard`);
  await page.getByLabel("Secret key").waitFor();
  await shot(page, "sign-in", false);

  await signIn(page, demo.api_url, account.secret);
  await page.locator(".chart-svg").waitFor();
  await page.mouse.move(0, 0);
  await shot(page, "overview");

  await page.getByRole("link", { name: "Logo playground" }).click();
  await page.getByLabel("Publishable key").fill(account.publishable);
  await page.getByLabel("Value").fill("spotify.com");
  await page.getByLabel("Size (px)").fill("160");
  await page.getByRole("button", { name: "Show logo" }).click();
  await page.getByText("Loaded:").waitFor();
  await page.locator("h1").focus();
  await shot(page, "playground");

  const keys = await json("GET", "/account/keys");
  const pk = keys.data.find((k) => k.kind === "publishable");
  await json("PUT", `/account/keys/${pk.id}/referrers`, { referrers: ["acme.com", "*.acme.com"] });
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
  await shot(page, "keys");

  await page.getByRole("link", { name: "Webhooks" }).click();
  await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
  await page.getByRole("button", { name: "Deliveries" }).click();
  await page.getByRole("cell", { name: "webhook.test" }).first().waitFor();
  await page.locator("h1").focus();
  await shot(page, "webhooks");

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const mobile = await phone.newPage();
  await signIn(mobile, demo.api_url, account.secret);
  await mobile.locator(".chart-svg").waitFor();
  await shot(mobile, "mobile", false);
} finally {
  await browser.close();
  receiver.close();
}
