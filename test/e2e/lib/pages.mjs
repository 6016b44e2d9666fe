// One Chromium per e2e test file, and pages that fail their test on any error they recorded.
import assert from "node:assert/strict";
import { after, before } from "node:test";
import { launch, openPage } from "./browser.mjs";

/**
 * Launches Chromium before the file's tests and closes it after them. Returns `withPage(fn, options)`: runs `fn` with a
 * fresh page and fails on any page error, console error or CSP violation it recorded.
 */
export function pagesForFile() {
  /** @type {import("playwright-core").Browser} */
  let browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });
  /**
   * @param {(page: import("playwright-core").Page) => Promise<void>} fn
   * @param {import("playwright-core").BrowserContextOptions} [options]
   */
  return async function withPage(fn, options) {
    const { context, page, problems } = await openPage(browser, options);
    try {
      await fn(page);
      assert.deepEqual(problems, [], "the page logged errors");
    } finally {
      await context.close();
    }
  };
}
