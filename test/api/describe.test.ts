// GET /describe/{domain}: the record's shape and the spec's indexing states.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { blockDomain } from "@brand/core/brands/store";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";

let key: string;
const describeOf = (domain: string) => call(`/describe/${domain}`, { headers: bearer(key) });

beforeAll(async () => {
  const account = await newAccount("pro");
  key = account.secret;
  await seedBrand(
    {
      domain: "stripe.com",
      name: "Stripe",
      description: "Stripe builds payments infrastructure for the internet.",
      colors: ["#635bff", "#0a2540"],
      socials: { twitter: "https://x.com/stripe", github: "https://github.com/stripe" },
    },
    await logoPng(512, 256),
  );
});

describe("describe record", () => {
  it("has exactly the spec's fields and types", async () => {
    const response = await describeOf("stripe.com");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ["blurhash", "colors", "description", "domain", "indexed_at", "logo", "name", "socials"].sort(),
    );
    expect(body).toMatchObject({
      name: "Stripe",
      domain: "stripe.com",
      description: "Stripe builds payments infrastructure for the internet.",
      socials: { twitter: "https://x.com/stripe", github: "https://github.com/stripe" },
      logo: "https://img.test/stripe.com",
      colors: [
        { r: 99, g: 91, b: 255, hex: "#635bff" },
        { r: 10, g: 37, b: 64, hex: "#0a2540" },
      ],
    });
    expect(new Date(body.indexed_at as string).toISOString()).toBe(body.indexed_at);
    expect((body.blurhash as string).length).toBeGreaterThanOrEqual(20);
  });

  it("answers for the domain as the client spelled it, once normalised", async () => {
    const response = await describeOf("WWW.Stripe.COM");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { domain: string }).domain).toBe("stripe.com");
  });
});

describe("indexing states", () => {
  it("starts indexing an unknown domain once: 202 with msg, then 202 again while it runs", async () => {
    const first = await describeOf("brand-new-shop.slow.test");
    expect(first.status).toBe(202);
    expect(Object.keys((await first.json()) as object)).toEqual(["msg"]);
    const second = await describeOf("brand-new-shop.slow.test");
    expect(second.status).toBe(202);
    expect(await countRows("domains", "domain = ? AND state = 'pending'", "brand-new-shop.slow.test")).toBe(1);
  });

  it("starts one job when first requests arrive together", async () => {
    const responses = await Promise.all(Array.from({ length: 8 }, () => describeOf("concurrent-shop.slow.test")));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(202));
    expect(await countRows("domains", "domain = ?", "concurrent-shop.slow.test")).toBe(1);
  });

  it("answers 404 with err for a domain known to have no data", async () => {
    await env.DB.prepare(
      "INSERT INTO domains (domain, state, requested_at, updated_at) VALUES ('empty-site.com', 'no_data', '2026-01-01', '2026-01-01')",
    ).run();
    const response = await describeOf("empty-site.com");
    expect(response.status).toBe(404);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
  });

  it("answers 404 for a blocked domain, even one with a brand", async () => {
    await seedBrand({ domain: "blocked-brand.com", name: "Blocked" }, await logoPng(64, 64));
    await blockDomain(env.DB, "blocked-brand.com", "owner asked", new Date());
    expect((await describeOf("blocked-brand.com")).status).toBe(404);
  });

  it("counts every call, 202s included, as one request", async () => {
    const account = await newAccount("pro");
    const counted = async () =>
      (await env.DB.prepare("SELECT SUM(count) AS n FROM usage_daily WHERE account_id = ? AND surface = 'api'")
        .bind(account.id)
        .first<number>("n")) ?? 0;
    for (const domain of ["another-new-shop.com", "another-new-shop.com", "stripe.com"]) {
      await call(`/describe/${domain}`, { headers: bearer(account.secret) });
    }
    // Counting runs after the response (waitUntil, coalesced for a moment); give it time.
    await expect.poll(counted, { timeout: 3000 }).toBe(3);
  });
});

describe("bad domains", () => {
  for (const bad of ["not a domain", "localhost", "127.0.0.1", "com", "-bad-.com", "x".repeat(300) + ".com"]) {
    it(`answers 400 with err for ${JSON.stringify(bad.slice(0, 20))}, and records nothing`, async () => {
      const before = await countRows("domains");
      const response = await describeOf(encodeURIComponent(bad));
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
      expect(await countRows("domains")).toBe(before);
    });
  }
});

describe("OpenAPI", () => {
  it("serves an OpenAPI 3.1 document, version 2.0.0, describing describe and hiding admin", async () => {
    const response = await call("/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; info: { version: string }; paths: object };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("2.0.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/describe/{domain}", "/brand/{domain}", "/logos/{domain}", "/search", "/files/{folder}/{name}"]),
    );
    const schemas = Object.keys((doc as unknown as { components: { schemas: object } }).components.schemas);
    expect(schemas).toEqual(expect.arrayContaining(["DescribeRecord", "BrandProfile", "LogoRecord", "SearchResult"]));
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/admin"))).toBe(false);
  });
});
