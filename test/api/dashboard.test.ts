// The dashboard page and its files: served by the JSON host itself, with a strict CSP and the other security
// headers, nothing from another origin, and no data or secret in the markup.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/http.ts";

const ASSET_NAMES = [
  "app.js",
  "api.js",
  "chart.js",
  "dom.js",
  "session.js",
  "ui.js",
  "pages/keys.js",
  "pages/overview.js",
  "pages/playground.js",
  "pages/sign-in.js",
  "pages/webhooks.js",
  "dashboard.css",
  "favicon.svg",
];

/** The CSP as a map of directive → sources. */
function csp(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy") ?? "";
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(response: Response) {
  const policy = csp(response);
  expect(policy.get("default-src")).toEqual(["'self'"]);
  expect(policy.get("script-src")).toEqual(["'self'"]);
  expect(policy.get("style-src")).toEqual(["'self'"]);
  expect(policy.get("connect-src")).toEqual(["'self'"]);
  expect(policy.get("img-src")).toEqual(["'self'", "https://img.test"]); // the image host (IMG_BASE_URL in tests)
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  for (const sources of policy.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain("*");
  }
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("no-referrer");
  expect(response.headers.get("x-frame-options")).toBe("DENY");
}

describe("GET /dashboard", () => {
  it("serves the page with a strict CSP and the security headers, uncached", async () => {
    const response = await call("/dashboard");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expectSecurityHeaders(response);
    const html = await response.text();
    expect(html).toContain('<script type="module" src="/dashboard/assets/app.js"></script>');
    expect(html).toContain('<meta name="img-base-url" content="https://img.test">');
  });

  it("has no inline script or style, and loads nothing from another origin", async () => {
    const html = await (await call("/dashboard")).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // every script has a src
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(url.startsWith("/dashboard/") || url === "#main").toBe(true);
    }
  });

  it("redirects /dashboard/ to /dashboard", async () => {
    const response = await call("/dashboard/", { redirect: "manual" });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  it("needs no key: the page is public, the data behind it is not", async () => {
    expect((await call("/dashboard")).status).toBe(200);
    expect((await call("/account")).status).toBe(401);
  });
});

describe("GET /dashboard/assets/*", () => {
  it.each(ASSET_NAMES)("serves %s with its type, the headers and an ETag", async (name) => {
    const response = await call(`/dashboard/assets/${name}`);
    expect(response.status).toBe(200);
    const type = name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css" : "image/svg+xml";
    expect(response.headers.get("content-type")).toContain(type);
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expectSecurityHeaders(response);
    expect((await response.text()).length).toBeGreaterThan(100);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await call("/dashboard/assets/app.js");
    const etag = first.headers.get("etag")!;
    const again = await call("/dashboard/assets/app.js", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
  });

  it("answers 404 for anything else, including paths that climb out", async () => {
    for (const path of ["nope.js", "../index.ts", "%2e%2e/index.ts", "constructor", "__proto__", "index.html"]) {
      const response = await call(`/dashboard/assets/${path}`);
      expect(response.status).toBe(404);
      expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
    }
  });

  it("the scripts build the page with DOM nodes only: no innerHTML, eval or string-built markup", async () => {
    for (const name of ASSET_NAMES.filter((n) => n.endsWith(".js"))) {
      const source = await (await call(`/dashboard/assets/${name}`)).text();
      expect(source, name).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
      // The key is only ever read from sessionStorage and sent as a header, never put in a URL or the console.
      expect(source, name).not.toMatch(/localStorage|console\.|document\.cookie/);
    }
  });

  it("is not in the OpenAPI document; the /account routes are", async () => {
    const doc = (await (await call("/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/dashboard"))).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/account", "/account/usage", "/account/keys", "/account/keys/{id}", "/account/keys/{id}/referrers"]),
    );
  });
});
