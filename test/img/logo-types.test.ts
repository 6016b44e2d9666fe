// Logo types on the image host (design §4): the icon by default, the full logo at its real aspect ratio with
// type=logo, the brandmark alone with type=brandmark; and a text mark of the code, not one letter, for exchanges,
// indices, tickers and crypto symbols without a logo.
import { beforeAll, describe, expect, it } from "vitest";
import { MONOGRAM_FONT } from "@brand/core/render/font-module";
import { ImageQuery, imageOptions } from "@brand/core/render/params";
import { renderMonogramVariant, renderTextMarkVariant } from "@brand/core/render/render";
import { env } from "cloudflare:workers";
import { indexStatements, prepareAll } from "@brand/core/seed/write";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { seedImageFixtures } from "../helpers/fixtures.ts";
import { call } from "../helpers/http.ts";
import { decodeImage, pixel } from "../helpers/images.ts";

let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedImageFixtures();
  // A wide red wordmark (600×150) and a square blue brandmark.
  await seedBrand({ domain: "wordmark.com", name: "Wordmark" }, await logoPng(600, 150), {
    brandmark: await logoPng(256, 256, { r: 0, g: 90, b: 200 }),
  });
  await env.DB.batch(
    prepareAll(env.DB, await indexStatements({ symbol: "N225", aliases: ["^N225"], name: "Nikkei 225", domain: "nikkei-unknown.com" }, new Set())),
  );
});

const get = (path: string, query = "") => call(`${path}?token=${token}&format=png${query}`);

/** The image's size and its centre colour, rounded to tens (resampling may move a channel by one). */
async function centre(response: Response) {
  expect(response.status).toBe(200);
  const image = await decodeImage(response);
  const { r, g, b } = pixel(image, image.width >> 1, image.height >> 1);
  const round = (v: number) => Math.round(v / 10) * 10;
  return { r: round(r), g: round(g), b: round(b), width: image.width, height: image.height };
}

describe("logo types", () => {
  it("serves the brandmark by default, as type=icon, and as type=brandmark", async () => {
    for (const query of ["", "&type=icon", "&type=brandmark", "&type=ICON"]) {
      const px = await centre(await get("/wordmark.com", query));
      expect([px.r, px.g, px.b, px.width, px.height]).toEqual([0, 90, 200, 128, 128]);
    }
  });

  it("serves the full logo at its real aspect ratio with type=logo: width alone gives a wide image", async () => {
    const wide = await centre(await get("/wordmark.com", "&type=logo&width=400"));
    expect([wide.r, wide.g, wide.b, wide.width, wide.height]).toEqual([220, 20, 60, 400, 100]);
    const tall = await centre(await get("/wordmark.com", "&type=logo&height=50"));
    expect([tall.width, tall.height]).toEqual([200, 50]);
  });

  it("serves the logo as the icon of a brand without a brandmark, and the fallback for its missing brandmark", async () => {
    expect((await centre(await get("/acme.com"))).r).toBe(220);
    const missing = await get("/acme.com", "&type=brandmark");
    expect(missing.headers.get("X-Logo-Fallback")).toBe("monogram");
    expect((await get("/acme.com", "&type=brandmark&fallback=404")).status).toBe(404);
  });

  it("refuses an unknown type with 400 err", async () => {
    const response = await get("/wordmark.com", "&type=wordmark");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { err: string }).err).toMatch(/type must be icon, logo or brandmark/);
  });
});

describe("text marks for codes without a logo", () => {
  const spec = imageOptions(ImageQuery.parse({ format: "png" })).spec;
  const textMark = async (code: string, seed: string) => new Uint8Array((await renderTextMarkVariant(code, seed, spec, MONOGRAM_FONT)).bytes);
  const letter = async (text: string, seed: string) => new Uint8Array((await renderMonogramVariant(text, seed, spec, MONOGRAM_FONT)).bytes);
  const body = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
    return new Uint8Array(await response.arrayBuffer());
  };

  it("draws the whole exchange code, coloured by the operator's domain", async () => {
    const got = await body(await get("/exchange/LSE"));
    expect(got).toEqual(await textMark("LSE", "londonstockexchange.com"));
    expect(got).not.toEqual(await letter("LSE", "londonstockexchange.com"));
  });

  it("draws an exchange named by its MIC as its common acronym", async () => {
    expect(await body(await get("/exchange/XLON"))).toEqual(await textMark("LSE", "londonstockexchange.com"));
  });

  it("draws the index symbol without its caret, and an unknown well-formed code whole", async () => {
    expect(await body(await get(`/index/${encodeURIComponent("^N225")}`))).toEqual(await textMark("N225", "nikkei-unknown.com"));
    expect(await body(await get("/exchange/XXXX"))).toEqual(await textMark("XXXX", "xxxx"));
    expect(await body(await get("/crypto/ZZZ"))).toEqual(await textMark("ZZZ", "zzz"));
  });

  it("draws the ticker of a company without a logo, not the first letter of its name", async () => {
    expect(await body(await get("/ticker/NOLO"))).toEqual(await textMark("NOLO", "nologo.com"));
    expect(await body(await get("/ticker/ZZZZ"))).toEqual(await textMark("ZZZZ", "zzzz"));
  });

  it("keeps the letter monogram for an ISIN and a domain", async () => {
    expect(await body(await get("/isin/GB0002634946"))).toEqual(await letter("GB0002634946", "gb0002634946"));
    expect(await body(await get("/nologo.com"))).toEqual(await letter("No Logo Inc", "nologo.com"));
  });
});
