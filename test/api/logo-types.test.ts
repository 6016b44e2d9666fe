// Logo types and SVG masters on the JSON host (design §5): /logos?type=logo|brandmark|icon&format=png|svg and the
// profile's logo, brandmark and icon, each with its real aspect ratio; SVG downloads that cannot run anything.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";
import { forgetIsolateCaches } from "../helpers/caches.ts";

const WORDMARK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 150"><rect x="150" y="37" width="300" height="75" fill="#dc143c"/></svg>';

let key: string;
beforeAll(async () => {
  key = (await newAccount("pro")).secret;
  await seedBrand({ domain: "types.com", name: "Types" }, await logoPng(600, 150), {
    brandmark: await logoPng(256, 256, { r: 0, g: 90, b: 200 }),
    svg: WORDMARK_SVG,
  });
  await seedBrand({ domain: "rasteronly.com", name: "Raster Only" }, await logoPng(300, 300));
});

const api = (path: string) => call(path, { headers: bearer(key) });
const relative = (url: string) => url.replace("https://worker.test", "");
const json = async (response: Response) => {
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, any>;
};

describe("logos endpoint types", () => {
  it("answers the wordmark as the logo, the square symbol as brandmark and icon, each at its real size", async () => {
    expect(await json(await api("/logos/types.com"))).toMatchObject({ type: "logo", width: 600, height: 150, format: "png" });
    expect(await json(await api("/logos/types.com?type=brandmark"))).toMatchObject({ type: "brandmark", width: 256, height: 256 });
    const icon = await json(await api("/logos/types.com?type=icon"));
    const brandmark = await json(await api("/logos/types.com?type=brandmark"));
    expect(icon).toMatchObject({ type: "icon", width: 256, height: 256, bytes: brandmark.bytes });
  });

  it("falls back to the logo as the icon of a brand without a brandmark", async () => {
    expect(await json(await api("/logos/rasteronly.com?type=icon"))).toMatchObject({ type: "icon", width: 300, height: 300 });
    expect((await api("/logos/rasteronly.com?type=brandmark")).status).toBe(404);
  });

  it("serves the sanitised SVG master as a download that cannot run anything", async () => {
    const record = await json(await api("/logos/types.com?format=svg"));
    expect(record).toMatchObject({ type: "logo", format: "svg", width: 600, height: 150, bytes: WORDMARK_SVG.length });
    const file = await call(relative(record.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/svg+xml");
    expect(file.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await file.text()).toBe(WORDMARK_SVG);
  });

  it("answers 404 for an SVG of a raster source, and 400 for an unknown type or format", async () => {
    const missing = await api("/logos/rasteronly.com?format=svg");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { err: string }).err).toMatch(/raster/);
    for (const query of ["type=wordmark", "format=jpg", "format="]) {
      const response = await api(`/logos/types.com?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
    }
  });
});

describe("brand profile types", () => {
  it("carries the logo, the brandmark and the icon, with image-host URLs per type", async () => {
    const profile = await json(await api("/brand/types.com"));
    expect(profile.logo).toMatchObject({ width: 600, height: 150, cdn_url: "https://img.test/types.com?type=logo" });
    expect(profile.logo.svg_url).toMatch(/\/files\/logos\/[0-9a-f]{64}\.svg\?exp=/);
    expect(profile.brandmark).toMatchObject({ width: 256, height: 256, svg_url: null, cdn_url: "https://img.test/types.com?type=brandmark" });
    expect(profile.icon).toMatchObject({ width: 256, height: 256, cdn_url: "https://img.test/types.com" });
    expect(profile.icon.url.split("?")[0]).toBe(profile.brandmark.url.split("?")[0]);
  });

  it("describes the icon's blurhash", async () => {
    await env.DB.prepare("UPDATE brands SET brandmark_blurhash = 'LBRANDMARKhash' WHERE domain = 'types.com'").run();
    forgetIsolateCaches();
    expect((await json(await api("/describe/types.com"))).blurhash).toBe("LBRANDMARKhash");
  });
});
