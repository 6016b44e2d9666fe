// Just enough of the TrueType tables to lay out a line of text by hand: whether the font has a glyph (cmap), its cap
// height (OS/2), each glyph's advance (hmtx) and where its ink sits within that advance (loca, glyf). Read once per
// font buffer. The monogram centres one letter with it; the text mark measures and centres a whole code.

export type InkBounds = {
  /** Left edge of the ink from the glyph's origin, in em. */
  xMin: number;
  /** Right edge of the ink from the glyph's origin, in em. */
  xMax: number;
};

export type FontMetrics = {
  /** Cap height as a share of the em. */
  capHeight: number;
  has(char: string): boolean;
  /** How far (in em) to move an advance-centred glyph so its ink is centred instead. */
  inkShift(char: string): number;
  /** The glyph's advance width, in em (0 when the font lacks it). */
  advance(char: string): number;
  /** The glyph's ink extent, in em; null when it has no outline (a space) or the font lacks it. */
  bounds(char: string): InkBounds | null;
};

const metricsCache = new WeakMap<Uint8Array, FontMetrics>();

export function fontMetrics(font: Uint8Array): FontMetrics {
  let metrics = metricsCache.get(font);
  if (!metrics) {
    metrics = readFontMetrics(font);
    metricsCache.set(font, metrics);
  }
  return metrics;
}

/** Inter's own cap height (1490/2048), for a font whose tables cannot be read. */
const DEFAULT_CAP_HEIGHT = 0.7275;
/** A typical capital's advance, for a font whose tables cannot be read: enough to size a line roughly. */
const DEFAULT_ADVANCE = 0.68;

function readFontMetrics(font: Uint8Array): FontMetrics {
  try {
    return parseFont(font);
  } catch {
    // Not a TrueType font we understand: draw what resvg can, centred by advance.
    return {
      capHeight: DEFAULT_CAP_HEIGHT,
      has: () => true,
      inkShift: () => 0,
      advance: () => DEFAULT_ADVANCE,
      bounds: () => ({ xMin: 0, xMax: DEFAULT_ADVANCE }),
    };
  }
}

export function parseFont(font: Uint8Array): FontMetrics {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const u16 = (at: number) => view.getUint16(at);
  const i16 = (at: number) => view.getInt16(at);
  const u32 = (at: number) => view.getUint32(at);

  const tables = new Map<string, number>();
  for (let i = 0, n = u16(4); i < n; i++) {
    const record = 12 + i * 16;
    tables.set(String.fromCharCode(...font.subarray(record, record + 4)), u32(record + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`font has no ${tag} table`);
    return at;
  };

  const head = table("head");
  const unitsPerEm = u16(head + 18);
  const longLoca = i16(head + 50) === 1;
  const os2 = table("OS/2");
  const capUnits = u16(os2) >= 2 ? i16(os2 + 88) : 0;
  const hhea = table("hhea");
  const longMetrics = u16(hhea + 34);
  const [hmtx, loca, glyf] = [table("hmtx"), table("loca"), table("glyf")];
  const glyphIdOf = cmapLookup(view, table("cmap"));

  const advanceUnits = (glyph: number) => u16(hmtx + 4 * Math.min(glyph, longMetrics - 1));
  const glyphOffset = (glyph: number) => (longLoca ? u32(loca + 4 * glyph) : 2 * u16(loca + 2 * glyph));
  /** The glyph id and its ink's x extent in font units, or null when it has no outline. */
  const inkUnits = (char: string) => {
    const glyph = glyphIdOf(char.codePointAt(0)!);
    const start = glyphOffset(glyph);
    if (glyph === 0 || glyphOffset(glyph + 1) === start) return null;
    return { glyph, xMin: i16(glyf + start + 2), xMax: i16(glyf + start + 6) };
  };

  return {
    capHeight: capUnits > 0 ? capUnits / unitsPerEm : DEFAULT_CAP_HEIGHT,
    has: (char) => glyphIdOf(char.codePointAt(0)!) !== 0,
    inkShift(char) {
      const ink = inkUnits(char);
      if (!ink) return 0;
      return (advanceUnits(ink.glyph) / 2 - (ink.xMin + ink.xMax) / 2) / unitsPerEm;
    },
    advance(char) {
      const glyph = glyphIdOf(char.codePointAt(0)!);
      return glyph === 0 ? 0 : advanceUnits(glyph) / unitsPerEm;
    },
    bounds(char) {
      const ink = inkUnits(char);
      return ink && { xMin: ink.xMin / unitsPerEm, xMax: ink.xMax / unitsPerEm };
    },
  };
}

/** A code point → glyph id lookup over the font's Unicode cmap subtable (format 12, else format 4). */
export function cmapLookup(view: DataView, cmap: number): (codePoint: number) => number {
  const subtables: { format: number; at: number }[] = [];
  for (let i = 0, n = view.getUint16(cmap + 2); i < n; i++) {
    const record = cmap + 4 + i * 8;
    const [platform, encoding] = [view.getUint16(record), view.getUint16(record + 2)];
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    const at = cmap + view.getUint32(record + 4);
    if (unicode) subtables.push({ format: view.getUint16(at), at });
  }
  const full = subtables.find((t) => t.format === 12);
  if (full) {
    const groups = view.getUint32(full.at + 12);
    return (codePoint) => {
      for (let i = 0; i < groups; i++) {
        const group = full.at + 16 + i * 12;
        const [first, last] = [view.getUint32(group), view.getUint32(group + 4)];
        if (codePoint >= first && codePoint <= last) return view.getUint32(group + 8) + codePoint - first;
      }
      return 0;
    };
  }
  const bmp = subtables.find((t) => t.format === 4);
  if (!bmp) throw new Error("font has no Unicode cmap");
  const segments = view.getUint16(bmp.at + 6) / 2;
  const ends = bmp.at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let i = 0; i < segments; i++) {
      if (view.getUint16(ends + 2 * i) < codePoint) continue;
      const first = view.getUint16(starts + 2 * i);
      if (codePoint < first) return 0;
      const delta = view.getUint16(deltas + 2 * i);
      const rangeOffset = view.getUint16(rangeOffsets + 2 * i);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + 2 * i + rangeOffset + 2 * (codePoint - first));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}
