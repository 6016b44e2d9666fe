// The monogram fallback (design §4): the letter rules, the colours (deterministic, varied, WCAG >= 4.5 in every theme)
// and the rendered tile itself (exact size, glyph drawn anti-aliased, centred, legible at 16 px), with the bundled font.
import { beforeAll, describe, expect, it } from "vitest";
import { contrastRatio, luminance } from "@brand/core/brands/colors";
import type { Rgb } from "@brand/core/render/compose";
import { MONOGRAM_FONT } from "@brand/core/render/font-module";
import type { Pixels } from "@brand/core/render/image-data";
import { monogramColors, monogramLetter, renderMonogram, type MonogramTheme } from "@brand/core/render/monogram";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { glyphCoverage } from "../helpers/images.ts";

const THEMES: MonogramTheme[] = ["auto", "light", "dark"];

beforeAll(async () => {
  await initWorkerCodecs();
});

const render = (text: string, seed: string, width = 128, height = width, theme: MonogramTheme = "auto") =>
  renderMonogram({ text, seed, width, height, theme }, MONOGRAM_FONT);

/** 200 made-up domains, the same on every run. */
function domains(count: number): string[] {
  const letters = "abcdefghijklmnopqrstuvwxyz0123456789";
  const tlds = ["com", "io", "co.uk", "de", "app", "org", "fr", "net"];
  let state = 12345;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  return Array.from({ length: count }, () => {
    const label = Array.from({ length: 3 + next(10) }, () => letters[next(letters.length)]).join("");
    return `${label}.${tlds[next(tlds.length)]}`;
  });
}

/** Whether two images are the same pixels (toEqual on a whole image is slow). */
const same = (a: Pixels, b: Pixels) =>
  a.width === b.width && a.height === b.height && a.data.every((value, i) => value === b.data[i]);

/** Hue in degrees (HSL), for telling colours apart. */
function hue({ r, g, b }: Rgb): number {
  const [max, min] = [Math.max(r, g, b), Math.min(r, g, b)];
  if (max === min) return 0;
  const d = max - min;
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

/** The glyph as the pixels at least half covered: their bounding box and count, and how many are partly covered. */
function glyphStats(image: Pixels, background: Rgb, glyph: Rgb) {
  const cover = glyphCoverage(image, background, glyph);
  let [minX, minY, maxX, maxY, solid, partial] = [Infinity, Infinity, -Infinity, -Infinity, 0, 0];
  for (let i = 0; i < cover.length; i++) {
    if (cover[i] > 0.1 && cover[i] < 0.9) partial++;
    if (cover[i] < 0.5) continue;
    solid++;
    const [x, y] = [i % image.width, Math.floor(i / image.width)];
    [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
  }
  return {
    solid,
    partial,
    width: maxX - minX + 1,
    height: maxY - minY + 1,
    centreX: (minX + maxX + 1) / 2,
    centreY: (minY + maxY + 1) / 2,
  };
}

describe("monogram letter", () => {
  it.each([
    ["Stripe", "S"],
    ["stripe", "S"],
    ["Ørsted", "Ø"],
    ["éclair", "É"],
    ["e\u0301clair", "É"], // a combining accent counts with its letter
    ["@home", "H"],
    ["3M", "3"],
    ["(RED)", "R"],
    ["  .io labs", "I"],
    ["7-Eleven", "7"],
    ["Акме", "А"],
    ["ßeta", "ß"], // no one-letter capital: kept as written
  ])("%s → %s", (text, letter) => {
    expect(monogramLetter(text)).toBe(letter);
  });

  it.each(["", "   ", "???", "@#$%", "🙂", "—"])("has no letter in %j, so draws #, never ?", (text) => {
    expect(monogramLetter(text)).toBe("#");
  });
});

describe("monogram colours", () => {
  it("are the same for the same seed, whatever its case", () => {
    for (const theme of THEMES) {
      expect(monogramColors("stripe.com", theme)).toEqual(monogramColors("stripe.com", theme));
      expect(monogramColors("Stripe.com", theme)).toEqual(monogramColors("stripe.com", theme));
    }
  });

  it("spread over the hue circle for different seeds", () => {
    const hues = domains(60).map((d) => hue(monogramColors(d, "auto").background));
    const buckets = new Set(hues.map((h) => Math.floor(h / 30)));
    expect(buckets.size).toBeGreaterThanOrEqual(8);
    expect(hue(monogramColors("stripe.com", "auto").background)).not.toBeCloseTo(
      hue(monogramColors("github.com", "auto").background),
      0,
    );
  });

  it("give white-ish glyphs WCAG contrast >= 4.5 for 200 domains in every theme", () => {
    for (const domain of domains(200)) {
      for (const theme of THEMES) {
        const { background, glyph } = monogramColors(domain, theme);
        expect(Math.min(glyph.r, glyph.g, glyph.b)).toBeGreaterThanOrEqual(240);
        for (const channel of [background.r, background.g, background.b, glyph.r, glyph.g, glyph.b]) {
          expect(Number.isInteger(channel) && channel >= 0 && channel <= 255).toBe(true);
        }
        expect(contrastRatio(glyph, background), `${domain} ${theme}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("are deeper on a dark page", () => {
    for (const domain of domains(50)) {
      expect(luminance(monogramColors(domain, "dark").background)).toBeLessThan(
        luminance(monogramColors(domain, "light").background),
      );
    }
  });
});

describe("monogram image", () => {
  it.each([
    [16, 16],
    [128, 128],
    [800, 800],
    [300, 100],
  ])("is exactly %i×%i, opaque, with the glyph centred and anti-aliased", (width, height) => {
    const image = render("Acme", "acme.com", width, height);
    expect([image.width, image.height, image.data.length]).toEqual([width, height, width * height * 4]);
    expect(image.data.filter((_, i) => i % 4 === 3 && image.data[i] !== 255).length).toBe(0);

    const { background, glyph } = monogramColors("acme.com", "auto");
    expect(Array.from(image.data.subarray(0, 3))).toEqual([background.r, background.g, background.b]);
    const stats = glyphStats(image, background, glyph);
    expect(stats.solid).toBeGreaterThan(Math.min(width, height) ** 2 * 0.05);
    expect(stats.partial).toBeGreaterThan(0);
    expect(Math.abs(stats.centreX - width / 2)).toBeLessThanOrEqual(width * 0.06);
    expect(Math.abs(stats.centreY - height / 2)).toBeLessThanOrEqual(height * 0.06);
  });

  it.each(["Stripe", "Joes Coffee", "Lyft", "7-Eleven", "Ørsted", "Wise", "3M", "Google", "Tesla"])(
    "centres the ink of %s in both axes",
    (text) => {
      const image = render(text, "example.com", 256);
      const { background, glyph } = monogramColors("example.com", "auto");
      const stats = glyphStats(image, background, glyph);
      expect(Math.abs(stats.centreX - 128)).toBeLessThanOrEqual(256 * 0.06);
      expect(Math.abs(stats.centreY - 128)).toBeLessThanOrEqual(256 * 0.06);
    },
  );

  it("is legible at 16 px: the letter spans at least 40% of the tile's height", () => {
    for (const [text, seed] of [["Acme", "acme.com"], ["Hooli", "hooli.xyz"], ["Tesla", "tesla.com"], ["Ørsted", "orsted.com"]]) {
      const { background, glyph } = monogramColors(seed, "light");
      const stats = glyphStats(render(text, seed, 16, 16, "light"), background, glyph);
      expect(stats.height, text).toBeGreaterThanOrEqual(16 * 0.4);
      expect(stats.width, text).toBeGreaterThanOrEqual(3);
    }
  });

  it("is the same pixels for the same input", () => {
    const [a, b] = [render("Stripe", "stripe.com"), render("Stripe", "stripe.com")];
    expect(same(a, b)).toBe(true);
    expect(same(a, render("Stripe", "stripe.dev"))).toBe(false);
  });

  it("draws the theme's colours", () => {
    for (const theme of THEMES) {
      const { background } = monogramColors("stripe.com", theme);
      const image = render("Stripe", "stripe.com", 64, 64, theme);
      expect(Array.from(image.data.subarray(0, 3))).toEqual([background.r, background.g, background.b]);
    }
  });

  it("falls back to the seed's letter when the font has no glyph for the name's, then to #", () => {
    // Inter has no CJK: 東京電力 at tepco.co.jp is drawn as its domain's T.
    expect(same(render("東京電力", "tepco.co.jp"), render("T", "tepco.co.jp"))).toBe(true);
    expect(same(render("東京電力", "tepco.co.jp"), render("#", "tepco.co.jp"))).toBe(false);
    // A punycode domain's "X" says nothing about the brand.
    expect(same(render("東京", "xn--1lq90i.jp"), render("#", "xn--1lq90i.jp"))).toBe(true);
    expect(same(render("!!!", "bang.io"), render("#", "bang.io"))).toBe(true);
  });

  it("draws markup-like text safely, as #", () => {
    const image = render("<&>", "markup.dev", 64);
    const { background, glyph } = monogramColors("markup.dev", "auto");
    expect(glyphStats(image, background, glyph).solid).toBeGreaterThan(20);
    expect(same(image, render("#", "markup.dev", 64))).toBe(true);
  });
});
