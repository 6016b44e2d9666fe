// The seven lookups: good, malformed (400 err) and unknown (the fallback).
import { beforeAll, describe, expect, it } from "vitest";
import { normaliseDomain, unicodeDomain } from "@brand/core/brands/domain";
import { decodePunycode } from "@brand/core/identifiers/punycode";
import { MONOGRAM_FONT } from "@brand/core/render/font-module";
import type { Pixels } from "@brand/core/render/image-data";
import { renderMonogram } from "@brand/core/render/monogram";
import { ImageQuery, imageOptions } from "@brand/core/render/params";
import { logoRequestKey } from "../../workers/img/src/routes/logo.ts";
import { hotDelete, hotGet } from "../../workers/img/src/hot-cache.ts";
import { edgeCacheRequest } from "../../workers/img/src/serve-logo.ts";
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

  it("takes www.com as a domain: www. goes only when something registrable remains", async () => {
    expect(normaliseDomain("www.com")).toEqual({ ok: true, domain: "www.com" });
    expect(normaliseDomain("www.co.uk")).toEqual({ ok: true, domain: "www.co.uk" });
    expect(normaliseDomain("www2.acme.com")).toEqual({ ok: true, domain: "acme.com" });
    await expectFallback(await get("/www.com"));
  });
});

describe("by domain, as people paste it", () => {
  const pngOptions = imageOptions(ImageQuery.parse({ format: "png" }));
  const pngKey = (domain: string) => logoRequestKey(`domain:${domain}`, pngOptions, false);

  /** Requests `path` with the short-lived caches of `domain` emptied; true when the answer landed under its key. */
  async function answeredAs(path: string, domain: string) {
    const key = pngKey(domain);
    hotDelete(key);
    await caches.default.delete(edgeCacheRequest(key));
    const response = await get(path);
    return { response, shared: hotGet(key, Date.now()) !== null };
  }

  const PASTED = [
    "/acme.com/",
    "/acme.com/about/us",
    "/https://www.acme.com/about",
    "/HTTP://WWW.ACME.COM",
    "/https:/www.acme.com/", // a proxy that merges slashes
    "/acme.com:443/about",
    `/${encodeURIComponent("https://www.acme.com/about")}`,
  ];

  it("serves the normalised domain's logo for a trailing slash, a path or a pasted scheme, from one cache entry", async () => {
    const etag = (await get("/acme.com")).headers.get("ETag");
    for (const path of PASTED) {
      const { response, shared } = await answeredAs(path, "acme.com");
      expect(response.headers.get("ETag"), path).toBe(etag);
      expect(await centreColour(response), path).toBe(RED);
      expect(shared, path).toBe(true);
    }
  });

  it("normalises an IDN, encoded or not, to one punycode domain", async () => {
    for (const path of ["/münchen.de", `/${encodeURIComponent("münchen.de")}`, "/https://www.MÜNCHEN.de/stadt/"]) {
      const { response, shared } = await answeredAs(path, "xn--mnchen-3ya.de");
      await expectFallback(response);
      expect(shared, path).toBe(true);
    }
  });

  it("keeps the prefixed lookups first, and refuses what is no domain", async () => {
    expect(await centreColour(await get("/name/acme"))).toBe(RED);
    for (const bad of ["/ticker/ACME/extra", "/https://acme_com/about", "/127.0.0.1/x", "/acme/", "/https://"]) {
      await expectBadRequest(await get(bad));
    }
  });

  it("asks for a key on every path but a signed variant's", async () => {
    for (const path of ["/acme.com/about", `/v/${"0".repeat(32)}.png/x`, "/openapi.json/x"]) {
      expect((await call(path)).status, path).toBe(401);
    }
  });
});

describe("IDN names", () => {
  it("decode from punycode, for the monogram's letter", () => {
    expect(decodePunycode("mnchen-3ya")).toBe("münchen");
    expect(decodePunycode("fiqs8s")).toBe("中国");
    expect(decodePunycode("e1afmkfd")).toBe("пример");
    expect(decodePunycode("not!valid")).toBeNull();
    expect(unicodeDomain("xn--mnchen-3ya.de")).toBe("münchen.de");
    expect(unicodeDomain("shop.xn--bcher-kva.example.com")).toBe("shop.bücher.example.com");
    expect(unicodeDomain("xn--zz!.de")).toBe("xn--zz!.de");
  });

  it("show their Unicode first letter on an unknown domain's monogram: M for münchen.de, not the punycode's X", async () => {
    const served = await decodeImage(await get("/münchen.de", "&size=64"));
    const tile = (text: string) =>
      renderMonogram({ text, seed: "xn--mnchen-3ya.de", width: 64, height: 64, theme: "auto" }, MONOGRAM_FONT);
    const same = (a: Pixels, b: Pixels) => a.data.every((v, i) => v === b.data[i]);
    expect(same(served, tile("M"))).toBe(true);
    expect(same(served, tile("X"))).toBe(false);
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

  it("takes strategy in any letter case, like the other parameters", async () => {
    expect(await centreColour(await get("/name/acm", "&strategy=Suggest"))).toBe(BLUE);
    expect(await centreColour(await get("/name/acme", "&strategy=MATCH"))).toBe(RED);
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

  it("takes any 1 to 4 letter suffix as well-formed: an unknown one is looked up as part of the ticker", async () => {
    await expectFallback(await get("/ticker/ACME.ZZZZ"));
    await expectFallback(await get("/ticker/BRK.B.ZZ"));
    await expectBadRequest(await get("/ticker/ACME.ZZZZZ"));
    await expectBadRequest(await get("/ticker/ACME.ZZ.9"));
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

  // Shape, not list, decides (docs/decisions.md): a well-formed code nobody seeded is the fallback, not a 400.
  it("answers the fallback for well-formed unknown codes: 2 to 10 letters or digits, any index shape", async () => {
    for (const code of ["XXXX", "ZZ", "ABCDEFGHIJ", "x9q"]) await expectFallback(await get(`/exchange/${code}`));
    for (const symbol of ["ZZZ", "^ZZZ", "ZZ.MI", "Q1234567890"]) {
      await expectFallback(await get(`/index/${encodeURIComponent(symbol)}`));
    }
  });

  it("answers 400 for malformed codes", async () => {
    for (const code of ["N", "ABCDEFGHIJK", "NY SE", "NY-SE", "XNYS.US"]) {
      await expectBadRequest(await get(`/exchange/${encodeURIComponent(code)}`));
    }
    for (const symbol of ["^^SPX", "S", "^S", "ABCDEFGHIJKLM", "SPX.", "SP X", "SPX.MI.X"]) {
      await expectBadRequest(await get(`/index/${encodeURIComponent(symbol)}`));
    }
  });
});
