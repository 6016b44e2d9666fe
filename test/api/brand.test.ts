// GET /brand/{domain}: the profile, 5 credits on 200 only, 402 under concurrency, and no charge for 202 or 404.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { addLedgerEntry } from "@brand/core/billing/credits";
import { seedBrandId } from "@brand/core/seed/write";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";
import { crawlsSettled } from "../../workers/api/src/indexing.ts";

beforeAll(async () => {
  await seedBrand(
    {
      domain: "stripe.com",
      name: "Stripe",
      colors: ["#635bff"],
      socials: { github: "https://github.com/stripe" },
      listings: [{ symbol: "STRP", mic: "XNYS" }],
      isins: ["US0378331005"],
    },
    await logoPng(256, 256),
  );
  await seedBrand({ domain: "parentco.com", name: "ParentCo" }, await logoPng(64, 64));
  await env.DB.prepare("INSERT INTO parents (child_id, parent_id, source) VALUES (?, ?, 'test')")
    .bind(await seedBrandId("stripe.com"), await seedBrandId("parentco.com"))
    .run();
});

const balance = async (id: string) =>
  (await env.DB.prepare("SELECT credits FROM accounts WHERE id = ?").bind(id).first<number>("credits"))!;
const brand = (domain: string, key: string) => call(`/brand/${domain}`, { headers: bearer(key) });

describe("brand profile", () => {
  it("has the design's fields, and costs 5 credits", async () => {
    const account = await newAccount("free");
    const response = await brand("stripe.com", account.secret);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, any>;
    expect(Object.keys(body).sort()).toEqual(
      ["banners", "brandmark", "colors", "description", "domain", "icon", "id", "identifiers", "indexed_at", "logo", "name", "parent", "socials"].sort(),
    );
    expect(body).toMatchObject({
      id: await seedBrandId("stripe.com"),
      domain: "stripe.com",
      name: "Stripe",
      colors: [{ hex: "#635bff", r: 99, g: 91, b: 255, type: "brand" }],
      socials: { github: "https://github.com/stripe" },
      identifiers: { tickers: [{ symbol: "STRP", mic: "XNYS" }], isins: ["US0378331005"] },
      parent: { domain: "parentco.com", name: "ParentCo", id: await seedBrandId("parentco.com") },
      brandmark: null,
      banners: [],
    });
    expect(body.logo).toMatchObject({ cdn_url: "https://img.test/stripe.com?type=logo", format: "png", svg_url: null });
    // No brandmark: the image host's default (the icon) is the logo.
    expect(body.icon).toMatchObject({ cdn_url: "https://img.test/stripe.com", width: body.logo.width, height: body.logo.height });
    expect(body.logo.url).toMatch(/^https:\/\/worker\.test\/files\/logos\/[0-9a-f]{64}\.png\?exp=\d+&sig=/);
    expect(await balance(account.id)).toBe(495);
    expect(await countRows("credit_ledger", "account_id = ? AND kind = 'charge' AND amount = -5", account.id)).toBe(1);
  });

  it("charges nothing for 202 (not indexed) or 404 (no data), or a 400", async () => {
    const account = await newAccount("free");
    expect((await brand("not-yet-indexed.com", account.secret)).status).toBe(202);
    // Its crawl, started by that request, finds no site: no data.
    await crawlsSettled();
    expect((await brand("not-yet-indexed.com", account.secret)).status).toBe(404);
    await env.DB.prepare(
      "INSERT INTO domains (domain, state, requested_at, updated_at) VALUES ('nothing-here.com', 'no_data', '2026-01-01', '2026-01-01')",
    ).run();
    expect((await brand("nothing-here.com", account.secret)).status).toBe(404);
    expect((await brand("not_a_domain", account.secret)).status).toBe(400);
    expect(await balance(account.id)).toBe(500);
  });

  it("answers 402 msg when the balance is below 5, and charges nothing", async () => {
    const account = await newAccount("free");
    await addLedgerEntry(env.DB, account.id, "adjust", -496, "test", new Date());
    const response = await brand("stripe.com", account.secret);
    expect(response.status).toBe(402);
    expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
    expect(await balance(account.id)).toBe(4);
  });

  it("never overdraws under concurrent brand requests", async () => {
    const account = await newAccount("free");
    await addLedgerEntry(env.DB, account.id, "adjust", -475, "test", new Date()); // 25 credits: five requests
    const statuses = (await Promise.all(Array.from({ length: 12 }, () => brand("stripe.com", account.secret)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    expect(await balance(account.id)).toBe(0);
  });

  it("needs a secret key", async () => {
    const account = await newAccount("pro");
    expect((await brand("stripe.com", account.publishable)).status).toBe(401);
    expect((await call("/brand/stripe.com")).status).toBe(401);
  });
});
