// Logo candidates found on a page, and their ranking (design §6: an SVG or a large square raster wins; tiny
// favicons lose).

export type LogoCandidate = {
  /** Absolute http(s) URL. */
  url: string;
  kind: "jsonld" | "apple-touch-icon" | "icon" | "mask-icon" | "manifest" | "favicon";
  /** From `sizes` (the largest of several; `any` gives null), a manifest's `sizes`, or a JSON-LD ImageObject. */
  width: number | null;
  height: number | null;
  /** MIME type as declared (`type=` or the manifest), lower case; null when undeclared. */
  type: string | null;
};

/** The largest WxH of a `sizes` list ("16x16 32x32", "180x180"); "any" or junk gives nulls. */
export function parseSizes(sizes: unknown): { width: number | null; height: number | null } {
  let best = { width: null as number | null, height: null as number | null };
  if (typeof sizes !== "string") return best;
  for (const token of sizes.trim().toLowerCase().split(/\s+/).slice(0, 32)) {
    const match = /^(\d{1,5})x(\d{1,5})$/.exec(token);
    if (!match) continue;
    const width = Number(match[1]);
    const height = Number(match[2]);
    if (width === 0 || height === 0) continue;
    if (best.width === null || width * height > best.width * (best.height ?? 0)) best = { width, height };
  }
  return best;
}

/** A usable MIME type from a `type` attribute or field, lower case, without parameters. */
export function mimeType(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const type = value.split(";")[0].trim().toLowerCase();
  return /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type) && type.length <= 100 ? type : null;
}

const KIND_ORDER: LogoCandidate["kind"][] = ["jsonld", "apple-touch-icon", "manifest", "icon", "mask-icon", "favicon"];

/**
 * Adds `{origin}/favicon.ico` (kind "favicon") unless listed, drops duplicate URLs (keeping the better-scored entry)
 * and orders best first. Score = quality + kind bonus:
 *
 * - quality: an SVG (declared `image/svg+xml` or a `.svg` path) 105, whatever its kind, except the favicon; a raster
 *   by its longer side: ≥ 512 → 95, ≥ 256 → 90, ≥ 192 → 85, ≥ 128 → 80, ≥ 96 → 60, ≥ 64 → 50, ≥ 48 → 40, > 32 → 30,
 *   ≤ 32 → 10; size unknown: apple-touch-icon 75 (Apple's are 180 px unless said otherwise), JSON-LD 70, manifest 60,
 *   icon 20 (undeclared link icons are mostly 16–32 px .ico files), mask-icon 40, favicon 5.
 * - a non-square raster (aspect over 1.25) loses 20: wordmarks and banners make poor square icons.
 * - kind: JSON-LD +15 (the site's own declared logo), apple-touch-icon and manifest +5, icon 0, mask-icon −30 (a
 *   monochrome silhouette ranks below colour icons of similar quality), favicon −5.
 *
 * So an SVG icon (105) beats a 512 px manifest icon (100), which beats an apple-touch-icon (85), which beats a mask-icon
 * SVG (75), and a 16 px icon (10) or /favicon.ico (0) comes last. Ties keep KIND_ORDER, then page order.
 */
export function rankCandidates(candidates: LogoCandidate[], pageUrl: string): LogoCandidate[] {
  const all = [...candidates];
  let origin: string | null = null;
  try {
    const page = new URL(pageUrl);
    if (page.protocol === "http:" || page.protocol === "https:") origin = page.origin;
  } catch {
    origin = null;
  }
  if (origin) {
    const favicon = `${origin}/favicon.ico`;
    if (!all.some((c) => c.url === favicon)) all.push({ url: favicon, kind: "favicon", width: null, height: null, type: null });
  }
  const best = new Map<string, { candidate: LogoCandidate; score: number; index: number }>();
  all.forEach((candidate, index) => {
    const score = candidateScore(candidate);
    const seen = best.get(candidate.url);
    if (!seen || score > seen.score) best.set(candidate.url, { candidate, score, index: seen ? seen.index : index });
  });
  return [...best.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        KIND_ORDER.indexOf(a.candidate.kind) - KIND_ORDER.indexOf(b.candidate.kind) ||
        a.index - b.index,
    )
    .map((entry) => entry.candidate);
}

export function candidateScore(candidate: LogoCandidate): number {
  const { kind, width, height } = candidate;
  const svg = kind !== "favicon" && isSvg(candidate);
  let quality: number;
  if (svg) quality = 105;
  else if (width && height) {
    const side = Math.max(width, height);
    quality = side >= 512 ? 95 : side >= 256 ? 90 : side >= 192 ? 85 : side >= 128 ? 80 : side >= 96 ? 60 : side >= 64 ? 50 : side >= 48 ? 40 : side > 32 ? 30 : 10;
    if (Math.max(width, height) / Math.min(width, height) > 1.25) quality -= 20;
  } else {
    quality = { "apple-touch-icon": 75, jsonld: 70, manifest: 60, icon: 20, "mask-icon": 40, favicon: 5 }[kind];
  }
  const bonus = { jsonld: 15, "apple-touch-icon": 5, manifest: 5, icon: 0, "mask-icon": -30, favicon: -5 }[kind];
  return quality + bonus;
}

function isSvg(candidate: LogoCandidate): boolean {
  if (candidate.type) return candidate.type.includes("svg");
  try {
    return /\.svgz?$/i.test(new URL(candidate.url).pathname);
  } catch {
    return false;
  }
}
