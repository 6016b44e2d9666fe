// The spec's row rules on our own stages (no provider): brand name and id, parent, entity_type, intermediary, the
// merchant checks, indexing of unknown domains, and the confidence table's orderings.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { CONFIDENCE_FLOOR, CONFIDENCE_TABLE, confidenceFor } from "@brand/core/beta/confidence";
import { identify } from "@brand/core/beta/identify";
import { canonicalRequest, transactionRequestSchema } from "@brand/core/beta/request";
import { MATCH_TYPES, type IdentityRow } from "@brand/core/beta/row";
import { sha256Hex } from "@brand/core/ids";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { context, lookUpWithRow, ownStageDeps, postTransaction } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";

const indexed: string[] = [];

async function row(transaction: string, withContext = false, extra: Record<string, unknown> = {}): Promise<IdentityRow> {
  const request = transactionRequestSchema().parse({ transaction, ...(withContext && { transaction_context: { ...context, ...extra } }) });
  return identify(await ownStageDeps(indexed), request, { transactionId: transaction, accountId: "acc_rows" });
}

beforeAll(seedCorpus);

describe("matched rows", () => {
  it("take the brand's name, id and logo URL (no token) when a brand resolves", async () => {
    const r = await row("WM SUPERCENTER #1700");
    const brandId = await env.DB.prepare("SELECT brand_id FROM domains WHERE domain = 'walmart.com'").first<string>("brand_id");
    expect(r).toMatchObject({
      status: "matched",
      domain: "walmart.com",
      name: "Walmart",
      entity_id: brandId,
      logo_url: "https://img.test/walmart.com",
      match_type: "searched_name",
    });
    expect(r.logo_url).not.toContain("token");
  });

  it("carry the verified parent beside the merchant, with all four keys", async () => {
    const r = await row("WHOLEFDS MKT 10234 AUSTIN TX");
    expect(r.domain).toBe("wholefoodsmarket.com");
    const amazonId = await env.DB.prepare("SELECT brand_id FROM domains WHERE domain = 'amazon.com'").first<string>("brand_id");
    expect(r.parent).toEqual({ domain: "amazon.com", name: "Amazon", entity_id: amazonId, logo_url: "https://img.test/amazon.com" });
  });

  it("have parent null when the owner is not on the verified list", async () => {
    expect((await row("NETFLIX.COM")).parent).toBeNull();
  });

  it("of a domain not indexed yet have entity_id null, score lower, and start its indexing", async () => {
    const r = await row("WWW.TINYCOFFEEROASTERS.IO ORDER 55123");
    expect(r).toMatchObject({ status: "matched", domain: "tinycoffeeroasters.io", entity_id: null, match_type: "descriptor_domain" });
    expect(r.confidence).toBe(CONFIDENCE_TABLE.descriptor_domain.noBrand);
    expect(indexed).toContain("tinycoffeeroasters.io");
  });

  it("never give a processor's or a parent's domain for the merchant's", async () => {
    expect((await row("INSTAGRAM")).domain).toBe("instagram.com");
    expect((await row("WHOLEFDS MKT 10234")).domain).toBe("wholefoodsmarket.com");
  });
});

describe("entity_type", () => {
  it("is absent without context", async () => {
    expect(await row("NETFLIX.COM")).not.toHaveProperty("entity_type");
    expect(await row("ZELLE TO JOHN SMITH")).not.toHaveProperty("entity_type");
  });

  it("is organization when a brand resolves, null when nobody was classified", async () => {
    expect((await row("NETFLIX.COM", true)).entity_type).toBe("organization");
    expect((await row("WWW.TINYCOFFEEROASTERS.IO", true)).entity_type).toBeNull();
    expect((await row("CORNER FLOWER STALL", true)).entity_type).toBeNull();
  });

  it("is person for a transfer to a person with context, and that row is always cleaned", async () => {
    const r = await row("ZELLE TO JOHN SMITH", true);
    expect(r).toMatchObject({ status: "cleaned", entity_type: "person", name: "John Smith", domain: null, entity_id: null });
    expect(r.confidence).toBe(CONFIDENCE_FLOOR);
  });

  it("is person for a payee named as people are after a wallet: a given name and a surname, apart or run together", async () => {
    // A surname that is a common word after a given name of four letters or more ("EMILYSTONE").
    for (const transaction of ["PAYPAL *JOSE DIAZ 402-935-2050 CA", "PAYPAL *ANNAKOWALSKI 402-935-7733 CA", "PAYPAL *MIKEHUANG88", "PAYPAL *EMILYSTONE"]) {
      expect(await row(transaction, true), transaction).toMatchObject({ status: "cleaned", domain: null, entity_type: "person" });
    }
    // A kind of business, or a common word after a short given name, is a shop's name; a brand's whole name is the brand.
    for (const transaction of ["PAYPAL *ROSEFLORIST", "PAYPAL *LILYFLOWERS", "PAYPAL *MIASTYLE", "PAYPAL *MARKTOYS"]) {
      expect((await row(transaction, true)).entity_type, transaction).toBeNull();
    }
    expect(await row("PAYPAL *JOHNLEWIS", true)).toMatchObject({ domain: "johnlewis.com", entity_type: "organization" });
  });

  it("is person when the descriptor names the account holder", async () => {
    const r = await row("ALEX CHEN SAVINGS XFER", true, { account_holder: { type: "consumer", name: "Alex Chen" } });
    expect(r.entity_type).toBe("person");
  });

  it("without context, a personal name is a merchant name like any other, and never a brand", async () => {
    const r = await row("ZELLE TO JOHN SMITH");
    expect(r).toMatchObject({ status: "cleaned", name: "John Smith", domain: null });
  });
});

describe("intermediary", () => {
  it("with context: the platform beside the merchant when it did not sell the item", async () => {
    const r = await row("SQ *BLUE BOTTLE COFFEE", true);
    expect(r.domain).toBe("bluebottlecoffee.com");
    expect(r.intermediary).toMatchObject({ domain: "squareup.com", name: "Square" });
    expect(Object.keys(r.intermediary!).sort()).toEqual(["domain", "entity_id", "logo_url", "name"]);
  });

  it("with context: kept on a cleaned row (a local shop paid through a platform)", async () => {
    const r = await row("SQ *JOES COFFEE CART", true);
    expect(r).toMatchObject({ status: "cleaned", name: "Joes Coffee Cart" });
    expect(r.intermediary?.domain).toBe("squareup.com");
  });

  it("is null when the platform sold the item itself, or owns the merchant", async () => {
    expect(await row("UBER *TRIP HELP.UBER.COM", true)).toMatchObject({ domain: "uber.com", intermediary: null });
    expect(await row("APPLE.COM/BILL", true)).toMatchObject({ domain: "apple.com", intermediary: null, match_type: "descriptor_domain" });
    expect(await row("GOOGLE *YouTube", true)).toMatchObject({ domain: "youtube.com", intermediary: null });
  });

  it("without context: null when the seller is resolved directly from a prefixed descriptor", async () => {
    expect(await row("SQ *BLUE BOTTLE COFFEE")).toMatchObject({ domain: "bluebottlecoffee.com", intermediary: null });
    expect(await row("SQ *JOES COFFEE CART")).toMatchObject({ status: "cleaned", intermediary: null });
  });
});

describe("merchant checks on our own stages", () => {
  it("refuse a directory host printed in the descriptor", async () => {
    expect(await row("WWW.YELP.COM/BIZ JOES PIZZA")).toMatchObject({ status: "cleaned", domain: null });
  });

  it("refuse a repeated hostname", async () => {
    expect(await row("SHOP.SHOP.COM ORDER")).toMatchObject({ status: "cleaned", domain: null });
  });

  it("let a directory or platform be the merchant when the descriptor names it", async () => {
    expect(await row("YELP.COM ADS 415-908-3801")).toMatchObject({ status: "matched", domain: "yelp.com" });
  });

  it("are applied to saved rows: a stored row whose domain now fails comes back cleaned", async () => {
    const account = await newAccount("pro", { beta: true });
    const body = { transaction: "WWW.YELP.COM BISTRO" };
    const id = await sha256Hex(`${account.id}\n${canonicalRequest(transactionRequestSchema().parse(body))}`);
    const stale: IdentityRow = { ...(await row("NETFLIX.COM")), domain: "yelp.com", name: "Yelp" };
    await lookUpWithRow(account.id, id, JSON.stringify(stale));
    const response = await postTransaction(body, account.beta);
    expect(await response.json()).toMatchObject({ status: "cleaned", domain: null, entity_id: null, name: "Bistro" });
  });
});

describe("names", () => {
  it("a matched brand not indexed yet keeps the company's name, without an id", async () => {
    await env.DB.prepare("UPDATE domains SET state = 'pending' WHERE domain = 'amazon.com'").run();
    try {
      expect(await row("AMZN Mktp US*2K4L54JQ0")).toMatchObject({ domain: "amazon.com", name: "Amazon", entity_id: null });
    } finally {
      await env.DB.prepare("UPDATE domains SET state = 'indexed' WHERE domain = 'amazon.com'").run();
    }
  });

  it("cleaned rows are the tidied descriptor, without bank noise or the place", async () => {
    expect((await row("POS PURCHASE JOES PIZZA #0042 BROOKLYN NY 12/03")).name).toBe("Joes Pizza");
    expect((await row("CHECKCARD 0322 MARIAS TAQUERIA")).name).toBe("Marias Taqueria");
  });
});

describe("confidence", () => {
  it("orders the match types as the spec says, with and without a brand", () => {
    for (const key of ["brand", "noBrand"] as const) {
      expect(CONFIDENCE_TABLE.enriched_context[key]).toBeGreaterThan(CONFIDENCE_TABLE.descriptor_domain[key]);
      expect(CONFIDENCE_TABLE.descriptor_domain[key]).toBeGreaterThan(CONFIDENCE_TABLE.resolved_entity[key]);
      expect(CONFIDENCE_TABLE.resolved_entity[key]).toBeGreaterThan(CONFIDENCE_TABLE.searched_name[key]);
    }
    for (const type of Object.keys(CONFIDENCE_TABLE) as (keyof typeof CONFIDENCE_TABLE)[]) {
      expect(CONFIDENCE_TABLE[type].noBrand).toBeLessThan(CONFIDENCE_TABLE[type].brand);
      expect(CONFIDENCE_TABLE[type].noBrand).toBeGreaterThan(CONFIDENCE_FLOOR);
    }
  });

  it("puts every cleaned row at the floor, whatever stage decided it", () => {
    for (const type of MATCH_TYPES) expect(confidenceFor(type, { matched: false })).toBe(CONFIDENCE_FLOOR);
  });

  it("is in [0, 1] and the same for the same input, in the rows themselves", async () => {
    const first = await row("TARGET 00012345 MINNEAPOLIS MN");
    const again = await row("TARGET 00012345 MINNEAPOLIS MN");
    expect(first.confidence).toBe(CONFIDENCE_TABLE.searched_name.brand);
    expect(again.confidence).toBe(first.confidence);
    expect((await row("NETFLIX.COM")).confidence).toBe(CONFIDENCE_TABLE.descriptor_domain.brand);
    expect((await row("NETFLIX.COM")).confidence).toBeGreaterThan(first.confidence);
  });
});

describe("indexing of matched domains", () => {
  it("queues a crawl for a matched domain never seen, through the beta host", async () => {
    const account = await newAccount("pro", { beta: true });
    const response = await postTransaction({ transaction: "WWW.FRESHLY-NEW-MERCHANT.COM 8841" }, account.beta);
    expect(await response.json()).toMatchObject({ domain: "freshly-new-merchant.com", entity_id: null });
    expect(await countRows("domains", "domain = ? AND state = 'pending'", "freshly-new-merchant.com")).toBe(1);
  });
});
