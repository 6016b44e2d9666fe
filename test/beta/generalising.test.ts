// Issue 14's generalising matchers: names cut short by the bank's field width, names without vowels, platform
// prefixes as banks really print them, and platform domains that never become the merchant. Each rule beside the local
// shops it must leave alone.
import { beforeAll, describe, expect, it } from "vitest";
import { abbreviation, buildLooseIndex, domainBrand, skeleton, truncatedName } from "@brand/core/descriptor/loose-match";
import { prefixSpellings } from "@brand/core/descriptor/platforms";
import { identify } from "@brand/core/beta/identify";
import { transactionRequestSchema } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";
import { context, ownStageDeps } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";

const index = buildLooseIndex(
  [
    { raw: "Southwest Airlines", brandId: "southwest" },
    { raw: "British Airways", brandId: "ba" },
    { raw: "British Gas", brandId: "britishgas" },
    { raw: "The Home Depot", brandId: "homedepot" },
    { raw: "Home Depot", brandId: "homedepot" },
    { raw: "Southwest", brandId: "southwest" },
    { raw: "Walgreens", brandId: "walgreens" },
    { raw: "Trader Joe's", brandId: "traderjoes" },
    { raw: "American Airlines", brandId: "aa" },
    { raw: "American Eagle", brandId: "ae" },
    { raw: "Sunshine Coast Council", brandId: "sunshine" },
    { raw: "Target", brandId: "target" },
    { raw: "Comcast", brandId: "comcast" },
    { raw: "Bergen", brandId: "bergen" },
    { raw: "Burgen", brandId: "burgen" },
  ],
  [
    { domain: "homedepot.com", brandId: "homedepot", own: true },
    { domain: "macys.com", brandId: "macys", own: true },
    { domain: "macys.co.uk", brandId: "macysuk", own: true },
    { domain: "walgreens.com", brandId: "walgreens", own: true },
    { domain: "amazon.com", brandId: "amazon", own: true },
    { domain: "amazon.co.jp", brandId: "amazon", own: false },
    { domain: "ee.co.uk", brandId: "ee", own: true },
  ],
);

describe("a name cut short", () => {
  it("is the one brand whose name it begins, cut inside a word", () => {
    expect(truncatedName(index, ["SOUTHWEST", "AIRL"])).toBe("southwest");
    expect(truncatedName(index, ["WALGREEN"])).toBe("walgreens");
    expect(truncatedName(index, ["TRADER", "JO"])).toBe("traderjoes");
    expect(truncatedName(index, ["BRIT", "AIRWAYS"])).toBe("ba"); // a word before the last shortened
    expect(truncatedName(index, ["BRIT", "GAS"])).toBe("britishgas");
  });

  it("is no brand when several fit, the cut falls between words, or too little is left", () => {
    expect(truncatedName(index, ["AMERICAN", "A"])).toBeNull(); // Airlines or Eagle
    expect(truncatedName(index, ["AMERICAN"])).toBeNull();
    expect(truncatedName(index, ["SUNSHINE"])).toBeNull(); // a whole word: a shop called Sunshine, not the council
    expect(truncatedName(index, ["SUNSHINE", "C"])).toBeNull(); // under half of the name
    expect(truncatedName(index, ["TRADER", "BOBS"])).toBeNull();
    expect(truncatedName(index, ["WALG"])).toBeNull(); // too short to be sure
    expect(truncatedName(index, ["BRIT", "PUB"])).toBeNull();
    expect(truncatedName(index, ["BR", "AIRWAYS"])).toBeNull(); // two letters of a word before the last
  });

  it("finds the brand of a printed domain cut short, or of a country storefront, when one brand fits", () => {
    expect(domainBrand(index, "homedepot.co")).toBe("homedepot");
    expect(domainBrand(index, "amazon.co")).toBe("amazon"); // amazon.com or amazon.co.jp: one brand
    expect(domainBrand(index, "macys.co")).toBeNull(); // macys.com or macys.co.uk: two
    expect(domainBrand(index, "amazon.ca")).toBe("amazon"); // a storefront under another suffix
    expect(domainBrand(index, "ee.com")).toBeNull(); // too short a name to be sure
    expect(domainBrand(index, "walgreensclinic.org")).toBeNull();
  });
});

describe("a name without vowels", () => {
  it("is the one brand with that consonant skeleton", () => {
    expect(skeleton("walgreens")).toBe("wlgrns");
    expect(abbreviation(index, ["TRGT"])).toBe("target");
    expect(abbreviation(index, ["CMCST"])).toBe("comcast");
    expect(abbreviation(index, ["WLGRNS"])).toBe("walgreens");
    expect(abbreviation(index, ["HM", "DPT"])).toBe("homedepot"); // spaces kept, vowels dropped
    expect(abbreviation(index, ["WALGRENS"])).toBe("walgreens"); // some vowels dropped, in a long word
  });

  it("is no brand when it has vowels, is short, or is ambiguous", () => {
    expect(abbreviation(index, ["TARGT"])).toBeNull(); // a short word with a vowel: a word, not an abbreviation
    expect(abbreviation(index, ["TGT"])).toBeNull(); // three letters name too many things
    expect(abbreviation(index, ["BRGN"])).toBeNull(); // Bergen or Burgen
  });
});

describe("platform prefixes as banks print them", () => {
  it("without the star, and a name of several words run together", () => {
    const payments = { kind: "pos", sellsItself: false };
    expect(prefixSpellings("SQ *", payments)).toEqual(["SQ*", "SQ "]);
    expect(prefixSpellings("UBER EATS", { kind: "delivery", sellsItself: true })).toEqual(["UBER EATS", "UBEREATS"]);
    expect(prefixSpellings("CASH APP*", { kind: "p2p", sellsItself: false })).toEqual(["CASH APP*", "CASH APP ", "CASHAPP*", "CASHAPP "]);
    // A platform selling itself keeps its star: "UBER CLEAN LAUNDROMAT" is a laundromat.
    expect(prefixSpellings("UBER *", { kind: "ride", sellsItself: true })).toEqual(["UBER*"]);
  });
});

describe("on the seeded corpus", () => {
  beforeAll(seedCorpus);
  const row = async (transaction: string, withContext = false): Promise<IdentityRow> =>
    identify(await ownStageDeps(), transactionRequestSchema().parse({ transaction, ...(withContext && { transaction_context: context }) }), {
      transactionId: transaction,
      accountId: "acc_generalising",
    });

  it("never makes a payment platform the merchant by any of its domains", async () => {
    for (const descriptor of ["PAYPAL.COM 4029357733 CA", "PAYPAL.ME/JOHNSMITH", "SQUAREUP.COM JOES PIZZA"]) {
      expect(await row(descriptor), descriptor).toMatchObject({ status: "cleaned", domain: null });
    }
  });

  it("answers a brand's other domain with the brand's own site", async () => {
    expect(await row("ITUNES.COM/BILL 866-712-7753 CA")).toMatchObject({ status: "matched", domain: "apple.com", name: "Apple" });
  });

  it("splits a platform printed without its star, keeping it as the intermediary with context", async () => {
    expect(await row("PAYPAL NETFLIX 4029357733", true)).toMatchObject({ domain: "netflix.com", intermediary: { domain: "paypal.com" } });
    expect(await row("DD DOORDASH CHIPOTLE", true)).toMatchObject({ domain: "chipotle.com", intermediary: { domain: "doordash.com" } });
    expect(await row("UBEREATS UBER EATS 8005928996 CA")).toMatchObject({ status: "matched", domain: "ubereats.com" });
  });

  it("finds a brand behind a glued store number, a store code or a hyphenated city", async () => {
    for (const descriptor of ["STARBUCKS12345 SEATTLE WA", "STARBUCKS-SEATTLE WA", "MCDONALDS F12345 CHICAGO IL"]) {
      expect((await row(descriptor)).status, descriptor).toBe("matched");
    }
  });

  it("leaves shops that only look like a cut or abbreviated brand cleaned", async () => {
    for (const descriptor of ["SOUTHWEST DENTAL GROUP PHOENIX AZ", "STARBUCK CAFE LLC", "KRGR FAMILY FARM", "TRADER BOBS ANTIQUES", "BLUE-DOOR BAKERY PORTLAND OR"]) {
      expect(await row(descriptor), descriptor).toMatchObject({ status: "cleaned", domain: null });
    }
  });
});
