// GET /docs: the API reference of the three hosts, Scalar's renderer served from this Worker (nothing from a CDN),
// reading each host's /openapi.json. test/e2e/dashboard.e2e.mjs renders it in Chromium.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http.ts";

describe("the API reference", () => {
  it("is a page that loads the renderer and its configuration from this host only", async () => {
    const page = await call("/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])).toEqual(["/docs/scalar.js", "/docs/init.js"]);
    expect(html).not.toMatch(/https?:\/\//); // no CDN, no font host
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://worker.test https://img.test https://beta.test");
  });

  it("configures the three hosts' documents, with no fonts or telemetry from elsewhere", async () => {
    const init = await (await call("/docs/init.js")).text();
    const config = JSON.parse(init.match(/createApiReference\("#app", (.*)\);/)![1]);
    expect(config.sources.map((s: { url: string }) => s.url)).toEqual([
      "https://worker.test/openapi.json",
      "https://img.test/openapi.json",
      "https://beta.test/openapi.json",
    ]);
    expect(config).toMatchObject({ withDefaultFonts: false, telemetry: false });
  });

  it("serves Scalar's browser build with a validator, and each document readable from the page's origin", async () => {
    const script = await call("/docs/scalar.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(1_000_000);
    const again = await call("/docs/scalar.js", { headers: { "If-None-Match": script.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect((await call("/openapi.json")).headers.get("access-control-allow-origin")).toBe("*");
  });

  it("is linked from the host's root", async () => {
    expect(await (await call("/")).json()).toMatchObject({ docs: "https://api.test/docs" });
  });
});
