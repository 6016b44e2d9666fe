// The fallback image for a code (a stock exchange, a market index, a ticker) with no logo: the whole code, NYSE or
// N225 or BRK.B, drawn on the monogram's tile in the monogram's font and colours. One letter cannot tell NYSE from
// NASDAQ; the code can. Each glyph is placed by hand from the font's metrics so the line's ink can be measured,
// sized to fit and centred exactly.
import { fontMetrics, type FontMetrics } from "./font-metrics.ts";
import type { Pixels } from "./image-data.ts";
import {
  CAP_SHARE,
  css,
  escapeXml,
  FONT_FAMILY,
  monogramColors,
  num,
  rasteriseSvg,
  renderMonogram,
  type MonogramTheme,
} from "./monogram.ts";

export type TextMarkOptions = {
  /** The code as the caller has it ("^N225", "brk.b"); `markText` decides what is drawn. */
  text: string;
  /** What the colour is derived from, as for the monogram. */
  seed: string;
  width: number;
  height: number;
  theme: MonogramTheme;
};

/** Longer codes are cut: past 8 characters the text gets too small to read in a tile. */
export const MAX_MARK_LENGTH = 8;
/** The line's advance width may take this share of the tile's width, leaving a calm margin either side. */
export const WIDTH_SHARE = 0.78;
/** Extra space between letters, in em: capitals set tight read as a word, codes read better a little open. */
const LETTER_SPACING = 0.03;

const KEPT = /[\p{L}\p{Nd}.&-]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;
/** Separators that mean nothing at either end of a code (after a cut, "ABCDEFG." would end in one). */
const EDGE_SEPARATORS = /^[.-]+|[.-]+$/g;

/**
 * What a code is drawn as: upper case, a leading `^` (an index's prefix) dropped, only letters, digits, `.`, `-` and
 * `&` kept, cut to `MAX_MARK_LENGTH` characters. Null when no letter or digit is left (the caller draws the letter
 * monogram instead).
 */
export function markText(code: string): string | null {
  const upper = code.normalize("NFC").trim().replace(/^\^+/, "").toUpperCase();
  const kept = [...upper].filter((char) => KEPT.test(char)).join("");
  const cut = [...kept.replace(EDGE_SEPARATORS, "")].slice(0, MAX_MARK_LENGTH).join("");
  const mark = cut.replace(EDGE_SEPARATORS, "");
  return LETTER_OR_DIGIT.test(mark) ? mark : null;
}

/** A line of glyphs in em, from the first glyph's origin: where each starts, and the left and right of all the ink. */
type Line = { chars: string[]; offsets: number[]; advance: number; inkLeft: number; inkRight: number };

function layoutLine(chars: string[], metrics: FontMetrics): Line {
  const offsets: number[] = [];
  let [pen, inkLeft, inkRight] = [0, Infinity, -Infinity];
  for (const char of chars) {
    offsets.push(pen);
    // A glyph without ink still takes up its advance, so the line stays centred on what a reader sees as its width.
    const ink = metrics.bounds(char) ?? { xMin: 0, xMax: metrics.advance(char) };
    [inkLeft, inkRight] = [Math.min(inkLeft, pen + ink.xMin), Math.max(inkRight, pen + ink.xMax)];
    pen += metrics.advance(char) + LETTER_SPACING;
  }
  return { chars, offsets, advance: pen - LETTER_SPACING, inkLeft, inkRight };
}

/**
 * The cap height in whole pixels: the monogram's share of the shorter side, unless the line's advance would then be
 * wider than `WIDTH_SHARE` of the tile, in which case as large as fits (rounded down, so it still fits). A long code
 * gets smaller; a wide box lets a code grow.
 */
function capPixelsFor(line: Line, metrics: FontMetrics, width: number, height: number): number {
  const byHeight = Math.round(Math.min(width, height) * CAP_SHARE);
  const byWidth = Math.floor(((width * WIDTH_SHARE) / line.advance) * metrics.capHeight);
  return Math.max(1, Math.min(byHeight, byWidth));
}

/**
 * The text mark as RGBA pixels, exactly `width`×`height`; resvg must be initialised (`initCodecs`). A code with no
 * letter or digit, or with a character the font cannot draw, gets the letter monogram instead.
 */
export function renderTextMark(options: TextMarkOptions, font: Uint8Array): Pixels {
  const metrics = fontMetrics(font);
  const text = markText(options.text);
  const chars = text ? [...text] : [];
  if (!text || !chars.every((char) => metrics.has(char))) return renderMonogram(options, font);

  const { width, height } = options;
  const { background, glyph } = monogramColors(options.seed, options.theme);
  const line = layoutLine(chars, metrics);
  // As the monogram: whole-pixel cap height and baseline, so flat tops and feet stay crisp when small.
  const capPixels = capPixelsFor(line, metrics, width, height);
  const fontSize = capPixels / metrics.capHeight;
  const baseline = Math.round((height - capPixels) / 2) + capPixels;
  // Centre the ink, not the advances: side bearings differ (the N of N225 against the 5 at its end).
  const originX = width / 2 - ((line.inkLeft + line.inkRight) / 2) * fontSize;
  // One x per character makes each its own text chunk, so resvg neither kerns nor substitutes across them and the
  // ink lands where the metrics say.
  const xs = line.offsets.map((offset) => num(originX + offset * fontSize)).join(" ");

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="${css(background)}"/>` +
    `<text x="${xs}" y="${baseline}" font-family="${FONT_FAMILY}" font-weight="600" ` +
    `font-size="${num(fontSize)}" fill="${css(glyph)}">${escapeXml(text)}</text>` +
    `</svg>`;
  return rasteriseSvg(svg, font);
}
