// The text mark for codes (exchanges, indices, tickers): what is drawn (markText), and the rendered tile itself: exact
// size, WCAG contrast in every theme, the whole code centred and as large as fits, with the bundled font.
import { beforeAll, describe, expect, it } from "vitest";
import { contrastRatio } from "@brand/core/brands/colors";
import { decodePng } from "@brand/core/render/codecs";
import type { Rgb } from "@brand/core/render/compose";
import { MONOGRAM_FONT } from "@brand/core/render/font-module";
import { fontMetrics } from "@brand/core/render/font-metrics";
import type { Pixels } from "@brand/core/render/image-data";
import { monogramColors, renderMonogram, type MonogramTheme } from "@brand/core/render/monogram";
import type { VariantSpec } from "@brand/core/render/params";
import { renderMonogramVariant, renderTextMarkVariant } from "@brand/core/render/render";
import { markText, renderTextMark } from "@brand/core/render/text-mark";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { glyphCoverage } from "../helpers/images.ts";

const THEMES: MonogramTheme[] = ["auto", "light", "dark"];
const CODES = ["NYSE", "FTSE", "N225", "NASDAQ", "BRK.B", "7203", "IBEX35", "STOXX50E"];

beforeAll(async () => {
  await initWorkerCodecs();
});

const render = (code: string, seed = code, width = 128, height = width, theme: MonogramTheme = "auto") =>
  renderTextMark({ text: code, seed, width, height, theme }, MONOGRAM_FONT);

/** Whether two images are the same pixels (toEqual on a whole image is slow). */
const same = (a: Pixels, b: Pixels) =>
  a.width === b.width && a.height === b.height && a.data.every((value, i) => value === b.data[i]);

/** The ink as the pixels at least half covered: its bounding box, centre and pixel count; and any ink at all. */
function inkStats(image: Pixels, seed: string, theme: MonogramTheme = "auto") {
  const { background, glyph } = monogramColors(seed, theme);
  const cover = glyphCoverage(image, background, glyph);
  let [minX, minY, maxX, maxY, solid] = [Infinity, Infinity, -Infinity, -Infinity, 0];
  let [anyMinX, anyMinY, anyMaxX, anyMaxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < cover.length; i++) {
    const [x, y] = [i % image.width, Math.floor(i / image.width)];
    if (cover[i] > 0.02) {
      [anyMinX, anyMinY, anyMaxX, anyMaxY] = [Math.min(anyMinX, x), Math.min(anyMinY, y), Math.max(anyMaxX, x), Math.max(anyMaxY, y)];
    }
    if (cover[i] < 0.5) continue;
    solid++;
    [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
  }
  return {
    solid,
    width: maxX - minX + 1,
    height: maxY - minY + 1,
    centreX: (minX + maxX + 1) / 2,
    centreY: (minY + maxY + 1) / 2,
    /** Every pixel touched by ink at all, however faintly. */
    extent: { left: anyMinX, top: anyMinY, right: anyMaxX + 1, bottom: anyMaxY + 1 },
  };
}

/** How many separate runs of ink a row crosses: each letter adds at least one. */
function inkRuns(image: Pixels, seed: string, row: number): number {
  const { background, glyph } = monogramColors(seed, "auto");
  const cover = glyphCoverage(image, background, glyph);
  let [runs, inside] = [0, false];
  for (let x = 0; x < image.width; x++) {
    const ink = cover[row * image.width + x] >= 0.5;
    if (ink && !inside) runs++;
    inside = ink;
  }
  return runs;
}

const spec = (width: number, height: number, theme: MonogramTheme = "auto"): VariantSpec => ({
  width,
  height,
  format: "png",
  theme,
  greyscale: false,
  retina: false,
});

describe("mark text", () => {
  it.each([
    ["NYSE", "NYSE"],
    ["^N225", "N225"],
    ["^^N225", "N225"],
    ["brk.b", "BRK.B"],
    ["BF-B", "BF-B"],
    ["at&t", "AT&T"],
    ["7203", "7203"],
    ["  ^ftse ", "FTSE"],
    ["S&P 500", "S&P500"],
    ["IBEX 35", "IBEX35"],
    ["^STOXX50E", "STOXX50E"],
    ["0700.HK", "0700.HK"],
    ["x", "X"],
  ])("%j → %s", (code, text) => {
    expect(markText(code)).toBe(text);
  });

  it("cuts a long code to 8 characters, never to one", () => {
    expect(markText("ABCDEFGHIJKLMNOP")).toBe("ABCDEFGH");
    expect(markText("^GSPTSE-INDEX-LONG")).toBe("GSPTSE-I");
    // No separator is left dangling at the cut.
    expect(markText("ABCDEFG.HIJ")).toBe("ABCDEFG");
  });

  it.each(["^^^", "", "   ", "^", "...", "-&-", "🙂🙂"])("has nothing to show in %j: null", (code) => {
    expect(markText(code)).toBeNull();
  });
});

describe("text mark image", () => {
  it.each([
    [128, 128],
    [400, 128],
    [16, 16],
    [300, 100],
  ])("is exactly %i×%i and opaque, with the theme's tile colour", (width, height) => {
    const image = render("NYSE", "nyse", width, height);
    expect([image.width, image.height, image.data.length]).toEqual([width, height, width * height * 4]);
    expect(image.data.filter((_, i) => i % 4 === 3 && image.data[i] !== 255).length).toBe(0);
    const { background } = monogramColors("nyse", "auto");
    expect(Array.from(image.data.subarray(0, 3))).toEqual([background.r, background.g, background.b]);
    expect(inkStats(image, "nyse").solid).toBeGreaterThan(0);
  });

  it("draws glyph and tile at contrast >= 4.5 in every theme", () => {
    for (const code of CODES) {
      for (const theme of THEMES) {
        const { background, glyph } = monogramColors(code, theme);
        expect(contrastRatio(glyph, background), `${code} ${theme}`).toBeGreaterThanOrEqual(4.5);
        const image = render(code, code, 64, 64, theme);
        expect(Array.from(image.data.subarray(0, 3))).toEqual([background.r, background.g, background.b]);
        // The glyph colour itself is drawn (stems are solid), not only blends of it.
        const stats = inkStats(image, code, theme);
        expect(stats.solid, `${code} ${theme}`).toBeGreaterThan(40);
      }
    }
  });

  it.each(["NYSE", "N225", "BRK.B", "NASDAQ", "7203", "FTSE", "IBEX35", "STOXX50E"])(
    "centres the ink of %s in both axes",
    (code) => {
      const stats = inkStats(render(code), code);
      const tolerance = Math.max(2, 128 * 0.03);
      expect(Math.abs(stats.centreX - 64)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(stats.centreY - 64)).toBeLessThanOrEqual(tolerance);
    },
  );

  it("puts the ink where the font's metrics say: centred to within a pixel", () => {
    for (const code of ["NYSE", "N225", "BRK.B", "7203", "AT&T"]) {
      const stats = inkStats(render(code, code, 256), code);
      expect(Math.abs(stats.centreX - 128), code).toBeLessThanOrEqual(1);
    }
  });

  it.each(["NYSE", "FTSE", "N225", "NASDAQ", "7203", "IBEX35", "STOXX50E"])(
    "spreads %s across the tile, clear of a 6% margin",
    (code) => {
      const image = render(code);
      const stats = inkStats(image, code);
      expect(stats.width).toBeGreaterThanOrEqual(128 * 0.55);
      const margin = 128 * 0.06;
      expect(stats.extent.left).toBeGreaterThanOrEqual(margin);
      expect(stats.extent.top).toBeGreaterThanOrEqual(margin);
      expect(stats.extent.right).toBeLessThanOrEqual(128 - margin);
      expect(stats.extent.bottom).toBeLessThanOrEqual(128 - margin);
    },
  );

  it("shows every letter, never a single one: a row through the middle crosses at least one stroke per character", () => {
    for (const code of ["NYSE", "NASDAQ", "FTSE", "IBEX35"]) {
      const image = render(code);
      const row = Math.round(inkStats(image, code).centreY);
      expect(inkRuns(image, code, row), code).toBeGreaterThanOrEqual(code.length);
      expect(same(image, renderMonogram({ text: code, seed: code, width: 128, height: 128, theme: "auto" }, MONOGRAM_FONT))).toBe(false);
    }
  });

  it("gives a longer code a smaller cap height in the same box", () => {
    const height = (code: string) => inkStats(render(code, "same.seed"), "same.seed").height;
    expect(height("STOXX50E")).toBeLessThan(height("NYSE"));
    expect(height("NASDAQ")).toBeLessThan(height("FTSE"));
  });

  it("caps a short code at the monogram's share of the shorter side", () => {
    const capHeight = fontMetrics(MONOGRAM_FONT).capHeight;
    expect(capHeight).toBeGreaterThan(0.6);
    // "X" alone has room to spare sideways; its cap height is the monogram's 0.44 of 128.
    expect(inkStats(render("X", "x", 128), "x").height).toBeLessThanOrEqual(Math.round(128 * 0.44) + 1);
    expect(inkStats(render("X", "x", 128), "x").height).toBeGreaterThanOrEqual(Math.round(128 * 0.44) - 1);
  });

  it("gives taller text in a wide box than in a square one", () => {
    for (const code of ["NYSE", "NASDAQ", "BRK.B"]) {
      const square = inkStats(render(code, code, 128, 128), code);
      const wide = inkStats(render(code, code, 400, 128), code);
      expect(wide.height, code).toBeGreaterThan(square.height);
      expect(Math.abs(wide.centreX - 200), code).toBeLessThanOrEqual(2);
      expect(wide.width, code).toBeLessThanOrEqual(400 * 0.8);
    }
  });

  it("stays within the tile at 16 px", () => {
    for (const code of CODES) {
      const stats = inkStats(render(code, code, 16), code);
      expect(stats.extent.left, code).toBeGreaterThanOrEqual(1);
      expect(stats.extent.right, code).toBeLessThanOrEqual(15);
    }
  });

  it("is the same pixels for the same code, different ones for different codes", () => {
    expect(same(render("NYSE", "nyse"), render("NYSE", "nyse"))).toBe(true);
    expect(same(render("nyse", "nyse"), render("NYSE", "nyse"))).toBe(true);
    // Same tile colour, different code: the text alone tells them apart.
    expect(same(render("NYSE", "exchange"), render("NASDAQ", "exchange"))).toBe(false);
    expect(same(render("NYSE", "exchange"), render("NYSX", "exchange"))).toBe(false);
  });

  it("draws markup characters safely", () => {
    const image = render("AT&T", "att");
    expect(inkStats(image, "att").width).toBeGreaterThanOrEqual(128 * 0.55);
  });

  it("falls back to the letter monogram when the font lacks a character or nothing is left", () => {
    const monogram = (text: string, seed: string) =>
      renderMonogram({ text, seed, width: 128, height: 128, theme: "auto" }, MONOGRAM_FONT);
    // Inter has no CJK.
    expect(same(render("東証", "tse.jp"), monogram("東証", "tse.jp"))).toBe(true);
    expect(same(render("N東", "nikkei"), monogram("N東", "nikkei"))).toBe(true);
    expect(same(render("^^^", "spx"), monogram("^^^", "spx"))).toBe(true);
  });
});

describe("text mark variant", () => {
  it("encodes the exact box, the same bytes for the same code, different for another", async () => {
    const nyse = await renderTextMarkVariant("NYSE", "nyse", spec(400, 128), MONOGRAM_FONT);
    expect(nyse.contentType).toBe("image/png");
    const decoded = await decodePng(nyse.bytes);
    expect([decoded.width, decoded.height]).toEqual([400, 128]);
    const again = await renderTextMarkVariant("NYSE", "nyse", spec(400, 128), MONOGRAM_FONT);
    expect(new Uint8Array(again.bytes)).toEqual(new Uint8Array(nyse.bytes));
    const other = await renderTextMarkVariant("NASDAQ", "nyse", spec(400, 128), MONOGRAM_FONT);
    expect(new Uint8Array(other.bytes)).not.toEqual(new Uint8Array(nyse.bytes));
  });

  it("is the monogram variant when the code has nothing to show", async () => {
    const mark = await renderTextMarkVariant("^^^", "spx", spec(64, 64), MONOGRAM_FONT);
    const monogram = await renderMonogramVariant("^^^", "spx", spec(64, 64), MONOGRAM_FONT);
    expect(new Uint8Array(mark.bytes)).toEqual(new Uint8Array(monogram.bytes));
  });
});
