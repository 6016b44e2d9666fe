// The fallback image when a brand has no logo (design §4): the first letter or digit of the brand name, upper case,
// drawn from a bundled font (anti-aliased, by resvg), centred on a tile whose colour comes from the domain.
import { Resvg } from "@resvg/resvg-wasm";
import { contrastRatio } from "../brands/colors.ts";
import type { Rgb } from "./compose.ts";
import { fontMetrics } from "./font-metrics.ts";
import { PixelData, type Pixels } from "./image-data.ts";

export type MonogramTheme = "auto" | "light" | "dark";

export type MonogramOptions = {
  /** The brand name, or the domain's first label when there is no name. */
  text: string;
  /** What the colour is derived from: the domain (or the name when there is no domain). */
  seed: string;
  width: number;
  height: number;
  theme: MonogramTheme;
};

/** Drawn when the text has no letter or digit. */
const NO_LETTER = "#";
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;

/** The first letter or digit of `text`, upper case; `#` when there is none. Leading spaces and symbols are skipped. */
export function monogramLetter(text: string): string {
  // NFC first, so a letter written with a combining accent ("e" + U+0301) is one character, "é".
  for (const char of text.normalize("NFC")) {
    if (!LETTER_OR_DIGIT.test(char)) continue;
    const upper = char.toUpperCase();
    // A few letters have no one-character capital ("ß" → "SS", "ŉ" → "ʼN"): keep those as they are.
    return [...upper].length === 1 ? upper : char;
  }
  return NO_LETTER;
}

// ---- colours -------------------------------------------------------------------------------------------------------

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
/** WCAG 2.x AA for normal text. */
export const MIN_CONTRAST = 4.5;

/**
 * The tile's colours, the same for the same seed everywhere: a hue from a hash of the seed, in OKLCH so every hue
 * looks equally light, darkened until white reaches `MIN_CONTRAST` on it. `dark` (a dark page) gets a deeper tile
 * that does not glare.
 */
export function monogramColors(seed: string, theme: MonogramTheme): { background: Rgb; glyph: Rgb } {
  const hash = hash32(seed.trim().toLowerCase());
  const hue = pleasantHue((hash & 0xffff) / 0x10000);
  // A little variation in chroma and lightness from other bits, so neighbouring hues still differ.
  const chroma = 0.13 + ((hash >>> 16) & 0xff) / 0xff * 0.05;
  const lift = ((hash >>> 24) & 0xff) / 0xff * 0.04;
  const start = theme === "dark" ? 0.44 + lift : 0.6 + lift;
  const glyph = WHITE;
  for (let lightness = start; lightness > 0; lightness -= 0.005) {
    const background = oklchToRgb(lightness, chroma, hue);
    if (contrastRatio(background, glyph) >= MIN_CONTRAST) return { background, glyph };
  }
  return { background: { r: 0, g: 0, b: 0 }, glyph }; // unreachable: black reaches 21
}

/**
 * Maps [0, 1) onto the hue circle (OKLCH degrees) leaving out the band between orange and green, which turns a
 * muddy olive when darkened enough for white text.
 */
function pleasantHue(u: number): number {
  const [skipFrom, skipTo] = [62, 142];
  const hue = u * (360 - (skipTo - skipFrom));
  return hue < skipFrom ? hue : hue + (skipTo - skipFrom);
}

/** FNV-1a over the UTF-8 bytes, then murmur3's finaliser so every bit depends on every input byte. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** OKLCH (Björn Ottosson's OKLab, polar) to 8-bit sRGB; the chroma is reduced until the colour is in gamut. */
function oklchToRgb(lightness: number, chroma: number, hueDegrees: number): Rgb {
  const angle = (hueDegrees * Math.PI) / 180;
  for (let c = chroma; ; c = Math.max(0, c - 0.005)) {
    const [a, b] = [c * Math.cos(angle), c * Math.sin(angle)];
    const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
    const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
    const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
    const linear = [
      4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
      -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
      -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
    ];
    if (c > 0 && linear.some((v) => v < -1e-4 || v > 1 + 1e-4)) continue;
    const [r, g, bl] = linear.map((v) => {
      const x = Math.min(1, Math.max(0, v));
      return Math.round(255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055));
    });
    return { r, g, b: bl };
  }
}

// ---- drawing -------------------------------------------------------------------------------------------------------

/** The letter's cap height is this share of the tile's shorter side: big, with a calm margin, legible at 16 px. */
export const CAP_SHARE = 0.44;
export const FONT_FAMILY = "Inter";

/**
 * The monogram as RGBA pixels, exactly `width`×`height`. resvg must be initialised (`initCodecs`). `font` is a
 * TrueType font (the bundled Inter); a letter the font cannot draw falls back to the seed's letter, then to `#`.
 */
export function renderMonogram(options: MonogramOptions, font: Uint8Array): Pixels {
  const { width, height } = options;
  const metrics = fontMetrics(font);
  const letter = [monogramLetter(options.text), seedLetter(options.seed), ].find((l) => l && metrics.has(l)) ?? NO_LETTER;
  const { background, glyph } = monogramColors(options.seed, options.theme);

  // Cap height in whole pixels, and the baseline on a pixel boundary, so flat tops and feet stay crisp when small.
  const capPixels = Math.max(1, Math.round(Math.min(width, height) * CAP_SHARE));
  const fontSize = capPixels / metrics.capHeight;
  const baseline = Math.round((height - capPixels) / 2) + capPixels;
  // text-anchor centres the advance; the shift then centres the ink (J, L, 7 have uneven side bearings).
  const dx = metrics.inkShift(letter) * fontSize;

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${css(background)}"/>` +
    `<text x="${num(width / 2 + dx)}" y="${baseline}" text-anchor="middle" font-family="${FONT_FAMILY}" ` +
    `font-weight="600" font-size="${num(fontSize)}" fill="${css(glyph)}">${escapeXml(letter)}</text>` +
    `</svg>`;

  return rasteriseSvg(svg, font);
}

/** Draws an SVG at its own size with only `font` available (no system fonts, so every host draws the same pixels). */
export function rasteriseSvg(svg: string, font: Uint8Array): Pixels {
  const renderer = new Resvg(svg, {
    font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    fitTo: { mode: "original" },
  });
  try {
    const image = renderer.render();
    const pixels = new PixelData(new Uint8ClampedArray(image.pixels), image.width, image.height);
    image.free();
    return pixels;
  } finally {
    renderer.free();
  }
}

/** The seed's letter, unless the seed is a punycode domain (its "X" would say nothing about the brand). */
function seedLetter(seed: string): string | null {
  return /^xn--/i.test(seed.trim()) ? null : monogramLetter(seed);
}

export const css = ({ r, g, b }: Rgb) => `rgb(${r},${g},${b})`;
export const num = (n: number) => String(Math.round(n * 1000) / 1000);
export const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
