// The enrichment provider stage against a fake Ntropy (test/fixtures/fake-ntropy.mjs): what is sent and nothing more,
// each kind of answer, the spec's platform case, the merchant checks on provider answers, and every failure mode
// falling through to our own stages.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ntropyProvider } from "@brand/core/beta/ntropy";
import { CONFIDENCE_FLOOR } from "@brand/core/beta/confidence";
import type { IdentityRow } from "@brand/core/beta/row";
import { newAccount } from "../helpers/accounts.ts";
import { context, postTransaction } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";

type Recorded = { method: string; path: string; headers: Record<string, string>; body: string };

/** What the fake provider received whose body contains `text`. */
async function sentToProvider(text: string): Promise<Recorded[]> {
  return (await fetch(`${env.ENRICHMENT_URL}/__requests?contains=${encodeURIComponent(text)}`)).json();
}

let account: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  await seedCorpus();
  account = await newAccount("pro", { beta: true });
});

async function lookup(body: Record<string, unknown>): Promise<IdentityRow> {
  const response = await postTransaction(body, account.beta);
  expect(response.status).toBe(200);
  return response.json();
}

const withHolder = (name: string) => ({ ...context, account_holder: { type: "consumer", name } });

describe("what is sent to the provider", () => {
  it("with context: the account holder under a hashed id, then the transaction, with the API key and nothing else", async () => {
    const holder = "Priya Raman-Whitfield";
    await lookup({ transaction: "STARBUCKS STORE 0042 WIRE CHECK", transaction_context: withHolder(holder), country_code: "us" });
    const holders = (await sentToProvider(holder)).filter((r) => r.path === "/v3/account_holders");
    expect(holders).toHaveLength(1);
    const created = JSON.parse(holders[0].body);
    expect(Object.keys(created).sort()).toEqual(["id", "name", "type"]);
    expect(created.id).toMatch(/^ah_[0-9a-f]{32}$/);
    expect(created.id).not.toContain("Priya");
    expect(created).toMatchObject({ type: "consumer", name: holder });

    const [sent] = (await sentToProvider("STARBUCKS STORE 0042 WIRE CHECK")).filter((r) => r.path === "/v3/transactions");
    expect(JSON.parse(sent.body)).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{64}$/),
      description: "STARBUCKS STORE 0042 WIRE CHECK",
      date: context.date,
      amount: context.amount,
      entry_type: context.entry_type,
      currency: context.currency,
      account_holder_id: created.id,
    });
    expect(sent.headers["x-api-key"]).toBe(env.ENRICHMENT_API_KEY);
    // Neither our key, nor the account, nor the country leaves the service.
    const everything = JSON.stringify(await sentToProvider("WIRE CHECK"));
    expect(everything).not.toContain(account.beta);
    expect(everything).not.toContain(account.id);
    expect(everything).not.toContain('"country');
  });

  it("creates an account holder once per holder, not per lookup", async () => {
    const holder = "Oyelaran Fitzgerald-Okafor";
    await lookup({ transaction: "CORNER NEWSAGENT ONE", transaction_context: withHolder(holder) });
    await lookup({ transaction: "CORNER NEWSAGENT TWO", transaction_context: withHolder(holder) });
    expect((await sentToProvider(holder)).filter((r) => r.path === "/v3/account_holders")).toHaveLength(1);
  });

  it("without context: the descriptor alone to /v3/entities/resolve", async () => {
    await lookup({ transaction: "STARBUCKS RESOLVE ONLY", country_code: "GB" });
    const sent = await sentToProvider("STARBUCKS RESOLVE ONLY");
    expect(sent.map((r) => r.path)).toEqual(["/v3/entities/resolve"]);
    expect(JSON.parse(sent[0].body)).toEqual({ name: "STARBUCKS RESOLVE ONLY" });
  });

  it("works against the provider client directly, with a time budget", async () => {
    const provider = ntropyProvider({ baseUrl: env.ENRICHMENT_URL, apiKey: "wrong-key" });
    expect(await provider.resolve("STARBUCKS")).toEqual({ found: false }); // 401: identified nobody
    const good = ntropyProvider({ baseUrl: env.ENRICHMENT_URL, apiKey: env.ENRICHMENT_API_KEY, timeoutMs: 100 });
    const started = Date.now();
    expect(await good.resolve("TIMEOUT TEST")).toEqual({ found: false });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe("provider answers", () => {
  it("an organisation with a website: matched, the brand's name and id, enriched_context with context", async () => {
    const row = await lookup({ transaction: "STARBUCKS 800-782-7282", transaction_context: context });
    expect(row).toMatchObject({
      status: "matched",
      match_type: "enriched_context",
      domain: "starbucks.com",
      name: "Starbucks",
      entity_type: "organization",
      entity_id: expect.stringMatching(/^brd_/),
      logo_url: "https://img.test/starbucks.com",
      intermediary: null,
    });
  });

  it("the same without context: resolved_entity, no entity_type key", async () => {
    const row = await lookup({ transaction: "STARBUCKS CARD RELOAD" });
    expect(row).toMatchObject({ status: "matched", match_type: "resolved_entity", domain: "starbucks.com" });
    expect(row).not.toHaveProperty("entity_type");
  });

  it("a person: always cleaned, entity_type person, the floor score", async () => {
    const row = await lookup({ transaction: "TRANSFER PERSON JANE DOE", transaction_context: context });
    expect(row).toMatchObject({ status: "cleaned", entity_type: "person", domain: null, entity_id: null, parent: null });
    expect(row.logo_url).toBeNull();
    expect(row.confidence).toBe(CONFIDENCE_FLOOR);
  });

  it("an organisation without a website: cleaned, the tidied descriptor as name", async () => {
    const row = await lookup({ transaction: "JOES DINER 4471 AUSTIN TX", transaction_context: context });
    expect(row).toMatchObject({ status: "cleaned", name: "Joes Diner", entity_type: "organization", domain: null });
  });

  it("an intermediary with context: the merchant stays in domain, the platform beside it with all four keys", async () => {
    const row = await lookup({ transaction: "PAYPAL *SPOTIFY", transaction_context: context });
    expect(row).toMatchObject({ status: "matched", domain: "spotify.com", name: "Spotify" });
    expect(row.intermediary).toEqual({
      domain: "paypal.com",
      name: "PayPal",
      entity_id: expect.stringMatching(/^brd_/),
      logo_url: "https://img.test/paypal.com",
    });
  });

  it("the spec's case without context: the provider answers with the platform, which is refused as seller, and the text after the prefix is looked up alone", async () => {
    const row = await lookup({ transaction: "PAYPAL *SPOTIFY" });
    expect(row).toMatchObject({ status: "matched", match_type: "resolved_entity", domain: "spotify.com" });
    expect(row.intermediary).toMatchObject({ domain: "paypal.com", name: "PayPal" });
    const paths = (await sentToProvider("SPOTIFY")).filter((r) => r.path === "/v3/entities/resolve").map((r) => JSON.parse(r.body).name);
    expect(paths).toEqual(expect.arrayContaining(["PAYPAL *SPOTIFY", "SPOTIFY"]));
  });

  it("…and when the text after the prefix identifies nobody, our stages answer and the platform stays", async () => {
    const row = await lookup({ transaction: "PAYPAL *JOES DINER" });
    expect(row).toMatchObject({ status: "cleaned", name: "Joes Diner", domain: null });
    expect(row.intermediary).toMatchObject({ domain: "paypal.com" });
  });
});

describe("merchant checks on provider answers", () => {
  const cases: [string, string][] = [
    ["a directory profile as website", "CORNER BISTRO YELP LISTED"],
    ["a repeated hostname", "SHOPSHOP BOUTIQUE"],
    ["the parent company's domain for its brand", "INSTAGRAM"],
    ["a known descriptor conflict", "DELTA DENTAL OF CA"],
    ["a payment processor in the merchant's place", "CORNER BAKERY VIA STRIPE"],
  ];
  for (const [what, transaction] of cases) {
    it(`refuses ${what}: cleaned, no domain, the floor score`, async () => {
      const row = await lookup({ transaction, transaction_context: context });
      expect(row).toMatchObject({ status: "cleaned", domain: null, entity_id: null, logo_url: null, parent: null });
      expect(row.match_type).toBe("enriched_context");
      expect(row.confidence).toBe(CONFIDENCE_FLOOR);
    });
  }

  it("a refused row takes the company's own spelling of the name, and only the name changes", async () => {
    const row = await lookup({ transaction: "MCDONALDS", transaction_context: context });
    expect(row).toMatchObject({ status: "cleaned", name: "McDonald's", domain: null, entity_id: null });
  });
});

describe("provider failures count as identified nobody", () => {
  for (const failure of ["ERROR 500", "RATE LIMITED", "BAD JSON", "ERROR FIELD", "TIMEOUT"]) {
    it(`${failure}: our own stages answer`, async () => {
      const row = await lookup({ transaction: `NETFLIX.COM ${failure}`, transaction_context: context });
      expect(row).toMatchObject({ status: "matched", match_type: "descriptor_domain", domain: "netflix.com" });
    });
  }
});
