// Prominent colours of a logo (design §6): median cut (MMCQ, as Leptonica and color-thief do it) over the opaque
// pixels, near-duplicates merged, anti-aliasing noise folded into its nearest real colour, ordered by pixel share.
//
// - Opaque means alpha ≥ 128; at most ~64k pixels are read, on a fixed grid, so the result is deterministic and the
//   cost bounded whatever the image size.
// - Pixels go into a 32×32×32 histogram (5 bits a channel) that keeps each bin's exact channel sums, so a flat colour
//   comes back exact (#627eea, not the centre of its bin).
// - The box holding the most pixels is split at its median along its longest side until there are 16 boxes or none can
//   be split. A flat colour sits in one bin, so it ends up alone in its box, away from the blends at its edges.
// - Boxes closer than ΔE 10 (CIE76, in Lab) merge. Boxes under 1% of the pixels are edge blends or specks: their
//   pixels count towards the nearest kept colour (so shares still sum to 1) without moving it.
import type { Pixels } from "../render/image-data.ts";

export type ProminentColor = { hex: string; r: number; g: number; b: number; share: number };

const MAX_SAMPLES = 65536;
const OPAQUE = 128;
const MAX_BOXES = 16;
const MERGE_DELTA_E = 10;
const MIN_SHARE = 0.01;

type Box = { r1: number; r2: number; g1: number; g2: number; b1: number; b2: number; count: number };
type Cluster = { r: number; g: number; b: number; count: number; lab: [number, number, number] };

const bin = (r: number, g: number, b: number) => (r << 10) | (g << 5) | b;

export function prominentColors(image: Pixels, max = 5): ProminentColor[] {
  const { width, height, data } = image;
  const counts = new Uint32Array(32768);
  const sumR = new Uint32Array(32768);
  const sumG = new Uint32Array(32768);
  const sumB = new Uint32Array(32768);

  // A regular grid of at most MAX_SAMPLES points (every pixel when the image is small enough).
  const step = Math.max(1, Math.ceil(Math.sqrt((width * height) / MAX_SAMPLES)));
  let total = 0;
  for (let y = 0; y < height; y += step) {
    for (let x = 0, i = y * width * 4; x < width; x += step, i += step * 4) {
      if (data[i + 3] < OPAQUE) continue;
      const r = data[i];
      const g = data[i + 1];
      const b = data[i + 2];
      const k = bin(r >> 3, g >> 3, b >> 3);
      counts[k]++;
      sumR[k] += r;
      sumG[k] += g;
      sumB[k] += b;
      total++;
    }
  }
  if (total === 0) return [];

  const boxes = medianCut(counts, MAX_BOXES);
  let clusters: Cluster[] = boxes.map((box) => {
    let r = 0;
    let g = 0;
    let b = 0;
    forEachBin(box, (k) => {
      r += sumR[k];
      g += sumG[k];
      b += sumB[k];
    });
    return cluster(r / box.count, g / box.count, b / box.count, box.count);
  });

  clusters = mergeNearDuplicates(clusters);
  clusters.sort((a, b) => b.count - a.count);

  // Fold noise into the nearest colour that stays (the largest cluster always stays: 16 boxes or fewer, so ≥ 6%).
  const kept = clusters.filter((c) => c.count / total >= MIN_SHARE);
  if (kept.length === 0) kept.push(clusters[0]);
  const keptCounts = kept.map((c) => c.count);
  for (const c of clusters) {
    if (kept.includes(c)) continue;
    keptCounts[nearest(kept, c.lab)] += c.count;
  }
  const order = kept.map((_, i) => i).sort((a, b) => keptCounts[b] - keptCounts[a] || a - b);

  return order.slice(0, Math.max(0, max)).map((i) => {
    const c = kept[i];
    const r = Math.round(c.r);
    const g = Math.round(c.g);
    const b = Math.round(c.b);
    return { hex: toHex(r, g, b), r, g, b, share: Math.round((keptCounts[i] / total) * 10000) / 10000 };
  });
}

/** MMCQ: repeatedly split the most populated splittable box at the median of its longest side. */
function medianCut(counts: Uint32Array, maxBoxes: number): Box[] {
  const boxes = [shrink({ r1: 0, r2: 31, g1: 0, g2: 31, b1: 0, b2: 31, count: 0 }, counts)!];
  const histogram = new Uint32Array(32);
  while (boxes.length < maxBoxes) {
    let pick = -1;
    for (let i = 0; i < boxes.length; i++) {
      const box = boxes[i];
      const splittable = box.r1 !== box.r2 || box.g1 !== box.g2 || box.b1 !== box.b2;
      if (splittable && (pick < 0 || box.count > boxes[pick].count)) pick = i;
    }
    if (pick < 0) break;
    const box = boxes[pick];
    // Longest side in bins (ties: r, then g, then b, for determinism).
    const lr = box.r2 - box.r1;
    const lg = box.g2 - box.g1;
    const lb = box.b2 - box.b1;
    const axis = lr >= lg && lr >= lb ? 0 : lg >= lb ? 1 : 2;
    const lo = axis === 0 ? box.r1 : axis === 1 ? box.g1 : box.b1;
    const hi = axis === 0 ? box.r2 : axis === 1 ? box.g2 : box.b2;
    histogram.fill(0);
    forEachBin(box, (k, r, g, b) => {
      histogram[axis === 0 ? r : axis === 1 ? g : b] += counts[k];
    });
    // The first slice where the running count reaches half; the upper part keeps at least the last slice.
    let cut = lo;
    let running = histogram[lo];
    while (cut < hi - 1 && running * 2 < box.count) running += histogram[++cut];
    const low = { ...box };
    const high = { ...box };
    if (axis === 0) [low.r2, high.r1] = [cut, cut + 1];
    else if (axis === 1) [low.g2, high.g1] = [cut, cut + 1];
    else [low.b2, high.b1] = [cut, cut + 1];
    const a = shrink(low, counts);
    const b = shrink(high, counts);
    boxes.splice(pick, 1, ...[a, b].filter((x): x is Box => x !== null));
  }
  return boxes;
}

/** Tightens a box to the bins it actually holds and counts them; null when it holds none. */
function shrink(box: Box, counts: Uint32Array): Box | null {
  let r1 = 32;
  let r2 = -1;
  let g1 = 32;
  let g2 = -1;
  let b1 = 32;
  let b2 = -1;
  let count = 0;
  forEachBin(box, (k, r, g, b) => {
    const n = counts[k];
    if (n === 0) return;
    count += n;
    if (r < r1) r1 = r;
    if (r > r2) r2 = r;
    if (g < g1) g1 = g;
    if (g > g2) g2 = g;
    if (b < b1) b1 = b;
    if (b > b2) b2 = b;
  });
  return count === 0 ? null : { r1, r2, g1, g2, b1, b2, count };
}

function forEachBin(box: Box, visit: (k: number, r: number, g: number, b: number) => void): void {
  for (let r = box.r1; r <= box.r2; r++) {
    for (let g = box.g1; g <= box.g2; g++) {
      for (let b = box.b1, k = bin(r, g, box.b1); b <= box.b2; b++, k++) visit(k, r, g, b);
    }
  }
}

/** Merges the closest pair under the threshold until none is left; the merged colour is the count-weighted mean. */
function mergeNearDuplicates(clusters: Cluster[]): Cluster[] {
  const list = clusters.slice();
  for (;;) {
    let best = -1;
    let bestJ = -1;
    let bestDistance = MERGE_DELTA_E;
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const d = deltaE(list[i].lab, list[j].lab);
        if (d < bestDistance) [best, bestJ, bestDistance] = [i, j, d];
      }
    }
    if (best < 0) return list;
    const a = list[best];
    const b = list[bestJ];
    const n = a.count + b.count;
    list[best] = cluster((a.r * a.count + b.r * b.count) / n, (a.g * a.count + b.g * b.count) / n, (a.b * a.count + b.b * b.count) / n, n);
    list.splice(bestJ, 1);
  }
}

function nearest(kept: Cluster[], lab: [number, number, number]): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < kept.length; i++) {
    const d = deltaE(kept[i].lab, lab);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  }
  return best;
}

const cluster = (r: number, g: number, b: number, count: number): Cluster => ({ r, g, b, count, lab: toLab(r, g, b) });

function deltaE(a: [number, number, number], b: [number, number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** sRGB (0..255) to CIE Lab under D65. */
function toLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [lr, lg, lb] = [lin(r), lin(g), lin(b)];
  const x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047;
  const y = 0.2126729 * lr + 0.7151522 * lg + 0.072175 * lb;
  const z = (0.0193339 * lr + 0.119192 * lg + 0.9503041 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const toHex = (r: number, g: number, b: number) =>
  `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
