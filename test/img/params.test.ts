// Every image parameter (design §4), its rejects, and what the decoded bytes really are.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { storeImmutable } from "@brand/core/render/variant-store";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { seedImageFixtures } from "../helpers/fixtures.ts";
import { decodeImage, magic, pixel } from "../helpers/images.ts";

import { call } from "../helpers/http.ts";
import { otherSpellings } from "../helpers/signatures.ts";

let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedImageFixtures();
  await seedBrand({ domain: "whitemark.com", name: "White Mark" }, await logoPng(256, 256, { r: 255, g: 255, b: 255 }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

// acme.com is a 2:1 logo (512×256): a red block over the middle half, transparent around it.
// `redirect: "manual"`, so a 302 is seen as such rather than followed.
const get = (query: string, path = "/acme.com") =>
  call(`${path}?token=${token}${query ? `&${query}` : ""}`, { redirect: "manual" });

async function size(query: string, path?: string) {
  const response = await get(query, path);
  expect(response.status).toBe(200);
  const image = await decodeImage(response);
  return [image.width, image.height];
}

async function expectBadRequest(query: string) {
  const response = await get(query);
  expect(response.status, query).toBe(400);
  const body = (await response.json()) as Record<string, string>;
  expect(Object.keys(body)).toEqual(["err"]);
  // A message a person can act on: it names the parameter once.
  const name = query.split("=")[0];
  expect(body.err.split(name).length - 1, body.err).toBe(1);
}

describe("size, width, height", () => {
  it("default to a 128×128 box", async () => {
    expect(await size("")).toEqual([128, 128]);
  });

  it("size sets both sides; width and height set one each", async () => {
    expect(await size("size=64")).toEqual([64, 64]);
    expect(await size("width=300&height=100")).toEqual([300, 100]);
    expect(await size("size=1")).toEqual([1, 1]);
    expect(await size("size=800")).toEqual([800, 800]);
  });

  it("with one side only, the other follows the source's aspect ratio", async () => {
    expect(await size("width=200")).toEqual([200, 100]);
    expect(await size("height=50")).toEqual([100, 50]);
    expect(await size("height=600")).toEqual([800, 600]);
  });

  it("fits the logo inside the box, centred, never cropped or stretched", async () => {
    const response = await get("width=300&height=100&format=png");
    const image = await decodeImage(response);
    // The 2:1 logo fits as 200×100 in the middle; its red block covers x 100..200 of the 300-wide box.
    expect(pixel(image, 150, 50)).toMatchObject({ a: 255 });
    expect(pixel(image, 60, 50).a).toBe(0);
    expect(pixel(image, 240, 50).a).toBe(0);
    expect(pixel(image, 150, 10).a).toBe(0);
  });

  it("refuses anything but a whole number from 1 to 800", async () => {
    for (const q of ["size=0", "size=801", "width=-1", "height=1.5", "size=abc", "size=", "width=1e2", "size=99999"]) {
      await expectBadRequest(q);
    }
  });
});

describe("retina", () => {
  it("doubles the pixels, up to 1600", async () => {
    expect(await size("retina")).toEqual([256, 256]);
    expect(await size("size=100&retina=true")).toEqual([200, 200]);
    expect(await size("width=800&retina=1")).toEqual([1600, 800]);
    expect(await size("size=100&retina=false")).toEqual([100, 100]);
  });

  it("refuses values other than true/false/1/0", async () => {
    await expectBadRequest("retina=yes");
    await expectBadRequest("retina=2");
  });
});

describe("format", () => {
  it("defaults to jpg: no alpha, flattened on white", async () => {
    const response = await get("");
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const bytes = await response.clone().arrayBuffer();
    expect(magic(bytes)).toBe("jpg");
    const corner = pixel(await decodeImage(response), 1, 1);
    expect(Math.min(corner.r, corner.g, corner.b)).toBeGreaterThan(245);
  });

  it("flattens jpg on near-black with theme=dark", async () => {
    const corner = pixel(await decodeImage(await get("theme=dark")), 1, 1);
    expect(Math.max(corner.r, corner.g, corner.b)).toBeLessThan(30);
  });

  for (const format of ["png", "webp"] as const) {
    it(`${format} keeps transparency and says so in Content-Type`, async () => {
      const response = await get(`format=${format}`);
      expect(response.headers.get("content-type")).toBe(`image/${format}`);
      expect(magic(await response.clone().arrayBuffer())).toBe(format);
      const image = await decodeImage(response);
      expect(pixel(image, 1, 1).a).toBe(0);
      expect(pixel(image, 64, 64).a).toBe(255);
    });
  }

  for (const format of ["png", "webp"] as const) {
    it(`${format} decodes to the box asked for, retina doubled`, async () => {
      expect(await size(`format=${format}`)).toEqual([128, 128]);
      expect(await size(`format=${format}&size=64`)).toEqual([64, 64]);
      expect(await size(`format=${format}&width=200`)).toEqual([200, 100]);
      expect(await size(`format=${format}&size=64&retina`)).toEqual([128, 128]);
      expect(await size(`format=${format}&width=300&height=100&retina=1`)).toEqual([600, 200]);
    });
  }

  it("accepts jpeg and upper case as spellings of jpg", async () => {
    expect((await get("format=jpeg")).headers.get("content-type")).toBe("image/jpeg");
    expect((await get("format=PNG")).headers.get("content-type")).toBe("image/png");
  });

  it("refuses other formats", async () => {
    await expectBadRequest("format=gif");
    await expectBadRequest("format=svg");
  });
});

describe("greyscale", () => {
  it("makes every pixel grey, and takes the US spelling too", async () => {
    for (const q of ["greyscale&format=png", "greyscale=1&format=png", "grayscale=true&format=png"]) {
      const image = await decodeImage(await get(q));
      for (let i = 0; i < image.data.length; i += 4) {
        expect(image.data[i]).toBe(image.data[i + 1]);
        expect(image.data[i + 1]).toBe(image.data[i + 2]);
      }
    }
  });

  it("leaves colour alone when off, and refuses other values", async () => {
    const p = pixel(await decodeImage(await get("greyscale=0&format=png")), 64, 64);
    expect(p.r).toBeGreaterThan(p.g + 100);
    await expectBadRequest("greyscale=grey");
  });
});

describe("theme", () => {
  const centre = async (query: string, path: string) => pixel(await decodeImage(await get(query, path)), 64, 64);

  it("dark recolours a black mark white", async () => {
    const p = await centre("theme=dark&format=png", "/blackmark.com");
    expect(Math.min(p.r, p.g, p.b)).toBeGreaterThan(230);
    expect(p.a).toBe(255);
  });

  it("light and auto leave a black mark black", async () => {
    for (const q of ["theme=light&format=png", "theme=auto&format=png", "format=png"]) {
      const p = await centre(q, "/blackmark.com");
      expect(Math.max(p.r, p.g, p.b)).toBeLessThan(20);
    }
  });

  it("light recolours a white mark dark, and auto leaves it white", async () => {
    const light = await centre("theme=light&format=png", "/whitemark.com");
    expect(Math.max(light.r, light.g, light.b)).toBeLessThan(30);
    expect(light.a).toBe(255);
    const auto = await centre("format=png", "/whitemark.com");
    expect(Math.min(auto.r, auto.g, auto.b)).toBeGreaterThan(240);
  });

  it("dark leaves a colourful logo with enough contrast untouched", async () => {
    const p = await centre("theme=dark&format=png", "/acme.com");
    expect(p.r).toBeGreaterThan(200);
    expect(p.g).toBeLessThan(40);
  });

  it("refuses other themes", async () => {
    await expectBadRequest("theme=sepia");
  });
});

describe("fallback", () => {
  it("is a monogram by default: 200, X-Logo-Fallback, a short cache life", async () => {
    const response = await get("", "/nologo.com");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("X-Logo-Fallback")).toBe("monogram");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=900");
    expect(await size("size=48&format=webp", "/nologo.com")).toEqual([48, 48]);
  });

  it("is a 404 err with fallback=404", async () => {
    const response = await get("fallback=404", "/nologo.com");
    expect(response.status).toBe(404);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
  });

  it("does not change a real logo, and refuses other values", async () => {
    expect((await get("fallback=404")).status).toBe(200);
    await expectBadRequest("fallback=blank");
  });

  it("takes its value in any letter case, like the other parameters", async () => {
    expect((await get("fallback=MONOGRAM", "/nologo.com")).headers.get("X-Logo-Fallback")).toBe("monogram");
    expect((await get("Fallback=404", "/nologo.com")).status).toBe(200); // parameter names stay exact
    expect((await get("theme=Dark&format=Png", "/nologo.com")).headers.get("content-type")).toBe("image/png");
  });
});

describe("redirect", () => {
  async function redirected(query: string) {
    const response = await get(`redirect&${query}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin).toBe("https://img.test");
    expect(location.pathname).toMatch(/^\/v\/[0-9a-f]{32}\.(jpg|png|webp)$/);
    return location;
  }

  it("points at an immutable URL that serves the same bytes without a token", async () => {
    const location = await redirected("format=png&size=64");
    const direct = await (await get("format=png&size=64")).arrayBuffer();
    const served = await call(location.pathname + location.search);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(direct));
  });

  it("cannot be forged: a wrong or missing signature, or another file under a real one, is refused", async () => {
    const location = await redirected("format=webp&size=32");
    const file = location.pathname;
    const sig = location.searchParams.get("sig")!;
    const flipped = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    expect((await call(`${file}?sig=${flipped}`)).status).toBe(403);
    expect((await call(file)).status).toBe(403);
    expect((await call(`${file.replace(".webp", ".png")}?sig=${sig}`)).status).toBe(403);
    const otherHash = file.replace(/[0-9a-f]{32}/, "0".repeat(32));
    expect((await call(`${otherHash}?sig=${sig}`)).status).toBe(403);
  });

  it("accepts the signature only as issued, not its other base64url spellings of the same bytes", async () => {
    const location = await redirected("format=webp&size=33");
    const sig = location.searchParams.get("sig")!;
    expect((await call(`${location.pathname}?sig=${sig}`)).status).toBe(200);
    for (const spelling of otherSpellings(sig)) expect((await call(`${location.pathname}?sig=${spelling}`)).status, spelling).toBe(403);
  });

  it("writes the immutable copy to KV once, not on every request (about one write a second per key)", async () => {
    const put = vi.spyOn(env.VARIANTS, "put");
    const first = await redirected("format=webp&size=57");
    const second = await redirected("format=webp&size=57");
    expect(second.href).toBe(first.href);
    const immutableWrites = put.mock.calls.filter(([key]) => key.startsWith("i:"));
    expect(immutableWrites.map(([key]) => key)).toEqual([`i:${first.pathname.slice(3, 35)}`]);
  });

  it("does not write an immutable copy that another isolate already stored", async () => {
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const variant = { bytes, contentType: "image/png", etag: "e".repeat(32), fallback: false };
    await env.VARIANTS.put(`i:${variant.etag}`, variant.bytes);
    const put = vi.spyOn(env.VARIANTS, "put");
    await storeImmutable(env.VARIANTS, variant);
    expect(put).not.toHaveBeenCalled();
  });

  it("answers from the caches in front of KV, like any other request", async () => {
    await get("format=png&size=58"); // the image, now in this isolate's memory and the edge cache
    const reads = [vi.spyOn(env.VARIANTS, "get"), vi.spyOn(env.VARIANTS, "getWithMetadata")];
    await redirected("format=png&size=58"); // its immutable copy is not there yet: one look, one write
    await redirected("format=png&size=58");
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([1, 0]);
  });

  it("is off with redirect=0 and refuses other values", async () => {
    expect((await get("redirect=0")).status).toBe(200);
    await expectBadRequest("redirect=maybe");
  });
});

describe("parameter spellings", () => {
  it("map to one cached variant", async () => {
    const variants = async () => (await env.VARIANTS.list({ prefix: "v:" })).keys.length;
    const first = await get("size=72&format=webp&greyscale");
    const before = await variants();
    const etag = first.headers.get("ETag");
    for (const q of [
      "width=72&height=72&format=webp&greyscale=1",
      "greyscale=true&format=WEBP&size=72",
      "format=webp&size=72&grayscale&theme=auto&fallback=monogram&retina=0&unknown=ignored",
    ]) {
      const response = await get(q);
      expect(response.headers.get("ETag")).toBe(etag);
    }
    expect(await variants()).toBe(before);
  });

  it("check the key before the parameters: no token is a 401 even with bad parameters", async () => {
    const response = await call("/acme.com?size=9999&format=gif");
    expect(response.status).toBe(401);
  });

  // Percent-encoded control characters decode into the path; every path under a lookup still reaches auth first.
  it.each(["/apple.com%0d%0aX:1", "/apple.com%0aevil", "/apple.com/%0d", "/ticker/AAPL%0d%0a", "/name/app%0ale"])(
    "a path with CR or LF (%s): 401 without a key, 400 with one",
    async (path) => {
      const anonymous = await call(path);
      expect(anonymous.status).toBe(401);
      expect(Object.keys(await anonymous.json())).toEqual(["msg"]);
      const keyed = await call(`${path}?token=${token}`);
      expect(keyed.status).toBe(400);
      expect(Object.keys(await keyed.json())).toEqual(["err"]);
    },
  );
});
