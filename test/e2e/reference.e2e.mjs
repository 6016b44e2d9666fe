// End-to-end: the API reference (/docs on the JSON host) in headless Chromium against `npm start`'s local services
// (started by test/e2e/run.mjs): Scalar renders every operation of each host's live OpenAPI document, with no page
// error, console error or CSP violation.
import { describe, it } from "node:test";
import { pagesForFile } from "./lib/pages.mjs";
import { readDemo } from "./lib/services.mjs";

const demo = readDemo();
const withPage = pagesForFile();

/** The summaries of a host's operations, from the document it serves. */
async function summaries(hostUrl) {
  const doc = await (await fetch(`${hostUrl}/openapi.json`)).json();
  return Object.values(doc.paths).flatMap((methods) => Object.values(methods).map((op) => op.summary));
}

describe("the API reference", () => {
  for (const [slug, key, title] of [
    ["json", "api_url", "JSON host"],
    ["image", "img_url", "Image host"],
    ["beta", "beta_url", "Beta host"],
  ]) {
    it(`renders every operation of the ${title.toLowerCase()}'s document`, () =>
      withPage(async (page) => {
        await page.goto(`${demo.api_url}/docs?api=${slug}`);
        await page.getByText(title, { exact: true }).first().waitFor();
        // Closed groups list their operations once opened; open them all (each click renames its button).
        const closed = page.getByRole("button", { name: /^Open Group - / });
        for (let tries = 0; (await closed.count()) > 0 && tries < 20; tries++) await closed.first().click();
        for (const summary of await summaries(demo[key])) {
          await page.getByText(summary, { exact: true }).first().waitFor({ timeout: 10_000 });
        }
      }));
  }
});
