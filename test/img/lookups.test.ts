// The seven lookups: good, malformed (400 err) and unknown (the fallback).
import { beforeAll, describe, expect, it } from "vitest";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { seedImageFixtures } from "../helpers/fixtures.ts";
import { decodeImage, pixel } from "../helpers/images.ts";

import { call } from "../helpers/http.ts";

let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedImageFixtures();
});

const get = (path: string, query = "") => call(`${path}?token=${token}&format=png${query}`);

const RED = "red";
const BLUE = "blue";
const ORANGE = "orange";
const FIXTURE_COLOURS = { [RED]: [220, 20, 60], [BLUE]: [0, 90, 200], [ORANGE]: [247, 147, 26] };

/** Which fixture logo came back: the colour at the centre of the image (resampling may move a channel by one). */
async function centreColour(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("X-Logo-Fallback")).toBeNull();
  const image = await decodeImage(response);
  const p = pixel(image, Math.floor(image.width / 2), Math.floor(image.height / 2));
  const match = Object.entries(FIXTURE_COLOURS).find(([, [r, g, b]]) =>
    Math.max(Math.abs(p.r - r), Math.abs(p.g - g), Math.abs(p.b - b)) <= 3,
  );
  return match?.[0] ?? `${p.r},${p.g},${p.b}`;
}

async function expectFallback(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
}

async function expectBadRequest(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as Record<string, string>;
  expect(Object.keys(body)).toEqual(["err"]);
  expect(body.err.length).toBeGreaterThan(10);
}

describe("by domain", () => {
  it("normalises case, www., a pasted scheme or path", async () => {
    for (const spelling of ["acme.com", "ACME.com", "www.acme.com", encodeURIComponent("https://www.acme.com/about")]) {
      expect(await centreColour(await get(`/${spelling}`))).toBe(RED);
    }
  });

  it("refuses IPs, localhost and non-registrable names", async () => {
    for (const bad of ["127.0.0.1", "localhost", "com", "acme_com"]) await expectBadRequest(await get(`/${bad}`));
  });
});

describe("by name", () => {
  it("match returns the closest name: an exact name beats a more popular prefix match", async () => {
    expect(await centreColour(await get("/name/acme"))).toBe(RED);
    expect(await centreColour(await get("/name/Acme%20Corporation"))).toBe(RED);
  });

  it("suggest returns the most popular prefix match", async () => {
    expect(await centreColour(await get("/name/acm", "&strategy=suggest"))).toBe(BLUE);
  });

  it("answers the fallback for a name nobody has, and 400 for one with no letters", async () => {
    await expectFallback(await get("/name/zzqx%20unheard%20of"));
    await expectBadRequest(await get(`/name/${encodeURIComponent("!!! ***")}`));
    await expectBadRequest(await get(`/name/${"a".repeat(101)}`));
  });

  it("treats FTS syntax in a name as plain words", async () => {
    for (const hostile of ['"acme', "acme OR nologo", "acme*", "NEAR(acme", "acme)"]) {
      expect((await get(`/name/${encodeURIComponent(hostile)}`)).status).toBe(200);
    }
  });

  it("refuses an unknown strategy", async () => {
    await expectBadRequest(await get("/name/acme", "&strategy=best"));
  });
});

describe("by ticker", () => {
  it("finds a US listing, case-insensitively", async () => {
    expect(await centreColour(await get("/ticker/acme"))).toBe(RED);
  });

  it("selects another exchange by suffix, by letter or acronym", async () => {
    expect(await centreColour(await get("/ticker/ACM.L"))).toBe(RED);
    expect(await centreColour(await get("/ticker/ACM.LSE"))).toBe(RED);
  });

  it("answers the fallback for a known brand without a logo and for an unknown ticker", async () => {
    await expectFallback(await get("/ticker/NOLO"));
    await expectFallback(await get("/ticker/ZZZZ"));
    await expectFallback(await get("/ticker/ACME.TO"));
  });

  it("refuses malformed tickers", async () => {
    for (const bad of ["TOOLONGX", "A$PL", "AAPL..L", "-AAPL", ".L"]) await expectBadRequest(await get(`/ticker/${encodeURIComponent(bad)}`));
  });
});

describe("by ISIN", () => {
  it("finds a brand by ISIN", async () => {
    expect(await centreColour(await get("/isin/US0378331005"))).toBe(RED);
  });

  it("answers the fallback for a valid unknown ISIN and 400 for a bad check digit", async () => {
    await expectFallback(await get("/isin/US5949181045"));
    await expectBadRequest(await get("/isin/US0378331006"));
    await expectBadRequest(await get("/isin/US03783310"));
  });
});

describe("by crypto symbol", () => {
  it("finds an asset, case-insensitively", async () => {
    expect(await centreColour(await get("/crypto/btc"))).toBe(ORANGE);
  });

  it("answers the fallback for an unknown symbol and 400 for a malformed one", async () => {
    await expectFallback(await get("/crypto/ZZZQ"));
    await expectBadRequest(await get("/crypto/B"));
    await expectBadRequest(await get("/crypto/BTC-USD"));
  });
});

describe("by exchange and index", () => {
  it("finds an exchange by MIC or acronym, and an index by symbol or alias", async () => {
    expect(await centreColour(await get("/exchange/XNAS"))).toBe(RED);
    expect(await centreColour(await get("/exchange/nasdaq"))).toBe(RED);
    expect(await centreColour(await get("/index/SPX"))).toBe(RED);
    expect(await centreColour(await get(`/index/${encodeURIComponent("^GSPC")}`))).toBe(RED);
  });

  it("indexes the domain of an exchange or index whose brand is unknown, answering the fallback meanwhile", async () => {
    await expectFallback(await get("/exchange/LSE"));
    expect(await countRows("domains", "domain = 'londonstockexchange.com' AND state = 'pending'")).toBe(1);
    await expectFallback(await get("/index/DAX"));
    expect(await countRows("domains", "domain = 'stoxx-unknown.com' AND state = 'pending'")).toBe(1);
  });

  it("answers the fallback for unknown codes and 400 for malformed ones", async () => {
    await expectFallback(await get("/exchange/XXXX"));
    await expectFallback(await get("/index/ZZZ"));
    await expectBadRequest(await get("/exchange/N"));
    await expectBadRequest(await get(`/exchange/${encodeURIComponent("NY SE")}`));
    await expectBadRequest(await get(`/index/${encodeURIComponent("^^SPX")}`));
  });
});
