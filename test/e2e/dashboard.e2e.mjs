// End-to-end: the dashboard in headless Chromium against `npm start`'s local services (started by test/e2e/run.mjs).
// Sign in and out; usage goes up after an image request; rotate keys; add a webhook endpoint and a subscription; the
// logo playground. Tests that change keys or webhooks use a fresh account, so the demo account stays as it was.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { signIn } from "./lib/browser.mjs";
import { pagesForFile } from "./lib/pages.mjs";
import { newAccount, readDemo } from "./lib/services.mjs";

const demo = readDemo();
const withPage = pagesForFile();

const accountStatus = async (key) =>
  (await fetch(`${demo.api_url}/account`, { headers: { Authorization: `Bearer ${key}` } })).status;
const imageStatus = async (path, token) => {
  const response = await fetch(`${demo.img_url}${path}?token=${encodeURIComponent(token)}`);
  await response.arrayBuffer();
  return response.status;
};
const number = (text) => Number(text.replace(/[^0-9]/g, ""));

describe("sign-in", () => {
  it("signs in with the secret key, keeps it in sessionStorage only, and signs out", () =>
    withPage(async (page) => {
      await signIn(page, demo.api_url, demo.secret_key);
      assert.ok(!page.url().includes(demo.secret_key), "the key is not in the URL");
      assert.equal(await page.evaluate(() => localStorage.length), 0);
      assert.equal(await page.evaluate(() => document.cookie), "");
      assert.equal(await page.evaluate(() => sessionStorage.getItem("bas.secret_key")), demo.secret_key);
      assert.equal(await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link").count(), 4);

      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByRole("heading", { name: "Sign in to your dashboard" }).waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.length), 0);
      await page.reload();
      await page.getByLabel("Secret key").waitFor(); // still signed out after a reload
    }));

  it("refuses a publishable key, and a wrong secret key, with a message", () =>
    withPage(async (page) => {
      await page.goto(`${demo.api_url}/dashboard`);
      const input = page.getByLabel("Secret key");
      await input.fill(demo.publishable_key);
      await input.press("Enter");
      await page.getByRole("alert").filter({ hasText: "publishable or beta key" }).waitFor();
      await input.fill(`sk_${"Q".repeat(32)}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("alert").filter({ hasText: "Unknown or revoked key" }).waitFor();
      assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    }));

  it("is usable from the keyboard alone", () =>
    withPage(async (page) => {
      await page.goto(`${demo.api_url}/dashboard`);
      await page.getByLabel("Secret key").waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.id), "secret-key");
      await page.keyboard.type(demo.secret_key);
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor();
      // Tab into the navigation and open the Keys page with Enter.
      await page.getByRole("link", { name: "API keys" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.id), "page-title", "focus moves to the new page's heading");
    }));
});

describe("overview", () => {
  it("shows the request count go up after an image request with the publishable key", () =>
    withPage(async (page) => {
      await signIn(page, demo.api_url, demo.secret_key);
      const used = page.locator("#requests-used");
      const before = number(await used.innerText());
      assert.equal(await imageStatus("/stripe.com", demo.publishable_key), 200);
      // Counting happens after the response (coalesced for 250 ms); refresh until it shows.
      const deadline = Date.now() + 20_000;
      let now = before;
      while (now <= before && Date.now() < deadline) {
        await page.waitForTimeout(500);
        await page.getByRole("button", { name: "Refresh" }).click();
        await page.getByRole("status").filter({ hasText: "Usage refreshed." }).or(used).first().waitFor();
        now = number(await used.innerText());
      }
      assert.ok(now >= before + 1, `requests this month went from ${before} to ${now}`);
      // The chart's table has today's image requests.
      await page.getByText("Show the numbers as a table").click();
      const todayRow = page.locator(".chart-data tbody tr").last();
      assert.ok(number(await todayRow.locator("td").first().innerText()) >= 1);
      await page.getByRole("img", { name: /Requests by day/ }).waitFor();
    }));
});

describe("keys", () => {
  it("rotates the publishable key: the new one is shown once and works, the old one is refused", () =>
    withPage(async (page) => {
      const account = await newAccount(demo, "E2E keys");
      assert.equal(await imageStatus("/stripe.com", account.publishable), 200);
      await signIn(page, demo.api_url, account.secret);
      await page.getByRole("link", { name: "API keys" }).click();
      await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
      const oldPrefix = account.publishable.slice(0, 7);
      await page.getByText(`${oldPrefix}…`).waitFor();

      await page.locator('[data-action="rotate-publishable"]').click();
      const dialog = page.getByRole("dialog", { name: "Rotate your publishable key?" });
      await dialog.getByRole("button", { name: "Rotate key" }).click();
      const value = page.locator("#new-key-value");
      await value.waitFor();
      const fresh = await value.inputValue();
      assert.match(fresh, /^pk_[0-9A-Za-z]{24}$/);
      await page.getByText(`${fresh.slice(0, 7)}…`).waitFor();
      assert.equal(await page.getByText(`${oldPrefix}…`).count(), 0);
      assert.equal(await imageStatus("/stripe.com", fresh), 200);
      // The image host caches a key's check for up to 10 s (docs/decisions.md), so the old key stops within that.
      const deadline = Date.now() + 15_000;
      while ((await imageStatus("/stripe.com", account.publishable)) !== 401 && Date.now() < deadline) await page.waitForTimeout(500);
      assert.equal(await imageStatus("/stripe.com", account.publishable), 401);
      // Shown once: after a reload only the prefix is left.
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
      assert.equal(await page.locator("#new-key-value").count(), 0);
      assert.ok(!(await page.content()).includes(fresh));
    }));

  it("rotates the secret key: the session ends, the new key signs in, the old one is refused", () =>
    withPage(async (page) => {
      const account = await newAccount(demo, "E2E secret rotation");
      await signIn(page, demo.api_url, account.secret);
      await page.getByRole("link", { name: "API keys" }).click();
      await page.locator('[data-action="rotate-secret"]').click();
      const dialog = page.getByRole("dialog", { name: "Rotate your secret key?" });
      await dialog.getByText("this dashboard signs out").waitFor();
      await dialog.getByRole("button", { name: "Rotate key" }).click();
      await page.getByRole("heading", { level: 1, name: "Secret key rotated" }).waitFor();
      const fresh = await page.locator("#new-key-value").inputValue();
      assert.match(fresh, /^sk_[0-9A-Za-z]{32}$/);
      assert.equal(await page.evaluate(() => sessionStorage.length), 0, "signed out");
      assert.equal(await accountStatus(account.secret), 401);

      await page.getByRole("button", { name: "Sign in with the new key" }).click();
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor(); // back where the user was
      assert.equal(await page.locator("#new-key-value").count(), 0, "the new key is not shown again");
      assert.equal(await accountStatus(fresh), 200);
    }));

  it("revokes the beta key and restricts the publishable key to referrers", () =>
    withPage(async (page) => {
      const account = await newAccount(demo, "E2E revoke");
      await signIn(page, demo.api_url, account.secret);
      await page.getByRole("link", { name: "API keys" }).click();
      await page.locator('[data-action="revoke-beta"]').click();
      await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
      await page.locator('[data-action="rotate-beta"]', { hasText: "Issue key" }).waitFor();
      // The secret key in use has no Revoke button.
      assert.equal(await page.locator('[data-action="revoke-secret"]').count(), 0);

      await page.getByLabel("Hosts, one per line").fill("shop.example.com\n*.example.com");
      await page.getByRole("button", { name: "Save referrers" }).click();
      await page.getByText("Works only from: shop.example.com, *.example.com").waitFor();
      const fromShop = await fetch(`${demo.img_url}/stripe.com?token=${account.publishable}`, { headers: { Referer: "https://shop.example.com/" } });
      assert.equal(fromShop.status, 200);
      const elsewhere = await fetch(`${demo.img_url}/stripe.com?token=${account.publishable}`, { headers: { Referer: "https://evil.test/" } });
      assert.equal(elsewhere.status, 401);
    }));
});

describe("webhooks", () => {
  it("adds a webhook endpoint (secret shown once) and a subscription, sends a test event, deletes the endpoint", () =>
    withPage(async (page) => {
      const account = await newAccount(demo, "E2E webhooks");
      await signIn(page, demo.api_url, account.secret);
      await page.getByRole("link", { name: "Webhooks" }).click();
      await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();

      await page.getByLabel("Brand domain").fill("stripe.com");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await page.locator("#subscriptions").getByRole("cell", { name: "stripe.com", exact: true }).waitFor();

      const url = "http://127.0.0.1:9/hooks/e2e"; // loopback is allowed by npm start; nothing listens there
      await page.getByLabel("Endpoint URL").fill(url);
      await page.getByLabel("Description (optional)").fill("e2e receiver");
      await page.getByLabel("logo.updated").uncheck();
      await page.getByRole("button", { name: "Add endpoint" }).click();
      const secret = await page.locator("#new-webhook-secret");
      await secret.waitFor();
      assert.match(await secret.inputValue(), /^whsec_/);
      const item = page.getByRole("article", { name: `Endpoint ${url}` });
      await item.getByText("brand.indexed, brand.updated").waitFor();

      const listed = await fetch(`${demo.api_url}/webhooks`, { headers: { Authorization: `Bearer ${account.secret}` } });
      const { data } = await listed.json();
      assert.deepEqual(data.map((e) => e.url), [url]);

      await item.getByRole("button", { name: "Send test event" }).click();
      await item.getByRole("cell", { name: "webhook.test" }).waitFor();

      await item.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete endpoint" }).click();
      await page.getByText("No webhook endpoints yet.").waitFor();
    }));
});

describe("logo playground", () => {
  it("shows the logo from the image host and the exact URL to copy", () =>
    withPage(async (page) => {
      await signIn(page, demo.api_url, demo.secret_key);
      await page.getByRole("link", { name: "Logo playground" }).click();
      await page.getByLabel("Publishable key").fill(demo.publishable_key);
      await page.getByLabel("Value").fill("spotify.com");
      await page.getByLabel("Size (px)").fill("96");
      await page.getByLabel("Greyscale").check();
      await page.getByRole("button", { name: "Show logo" }).click();
      await page.getByText("Loaded: 96 × 96 pixels.").waitFor();
      const url = await page.getByLabel("Image URL").inputValue();
      assert.equal(url, `${demo.img_url}/spotify.com?token=${demo.publishable_key}&size=96&format=png&greyscale=true`);
      assert.equal(await imageStatus(new URL(url).pathname, demo.publishable_key), 200);
      const natural = await page.locator("#pg-image").evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth);
      assert.equal(natural, 96);
    }));
});

describe("small screens", () => {
  it("fits a phone: no horizontal scrolling, navigation still reachable", () =>
    withPage(
      async (page) => {
        await signIn(page, demo.api_url, demo.secret_key);
        for (const name of ["Overview", "API keys", "Logo playground", "Webhooks"]) {
          await page.getByRole("link", { name }).click();
          await page.getByRole("heading", { level: 1, name: name === "Logo playground" ? "Logo playground" : name }).waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `${name} scrolls sideways by ${overflow}px`);
        }
      },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    ));
});
