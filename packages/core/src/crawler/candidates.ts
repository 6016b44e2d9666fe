// Logo candidates found on a page, and their ranking for the two image roles (design §6): the site's own JSON-LD logo
// leads for the full logo; an SVG or a large square raster wins the square icon; tiny favicons lose both.

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
 * What an image is wanted for. `logo`: the brand's full logo at its real aspect ratio (often a wide wordmark), for
 * which the site's own JSON-LD logo is the prime source. `icon`: the square brandmark (touch, manifest, SVG icons).
 */
export type LogoRole = "logo" | "icon";

/**
 * Best first, for a role. Adds `{origin}/favicon.ico` (kind "favicon") unless listed, and drops duplicate URLs
 * (keeping the better-placed entry).
 *
 * Which JSON-LD logos compete: one already known not to be a real logo (see isRealLogo: a favicon's URL, or a declared
 * raster size under the thresholds, such as a 1×1 tracking pixel or a 16 px image) is dropped in both roles; its URL
 * competes only as whatever else lists it, such as /favicon.ico. The icon role also drops JSON-LD logos declared
 * non-square (isSquare): a wordmark is no square icon.
 *
 * Order: in the logo role, every remaining JSON-LD logo comes first (the site's own declared logo outranks manifest,
 * touch and link icons, SVG ones included). Within that group, and for everything else in both roles: candidateScore
 * for the role, then KIND_ORDER, then page order. A JSON-LD logo of unknown size is only probably real, so the caller
 * decodes best first and keeps the first image that fitsRole, which passes over a pixel or a favicon.
 */
export function rankCandidates(candidates: LogoCandidate[], pageUrl: string, role: LogoRole = "logo"): LogoCandidate[] {
  const all = candidates.filter((c) => c.kind !== "jsonld" || (mayBeRealLogo(c) && (role === "logo" || !declaredNonSquare(c))));
  const favicon = faviconUrl(pageUrl);
  if (favicon && !all.some((c) => c.url === favicon)) all.push({ url: favicon, kind: "favicon", width: null, height: null, type: null });
  const placed = all.map((candidate, index) => ({
    candidate,
    index,
    lead: role === "logo" && candidate.kind === "jsonld" ? 1 : 0,
    score: candidateScore(candidate, role),
  }));
  type Placed = (typeof placed)[number];
  const before = (a: Placed, b: Placed) =>
    b.lead - a.lead ||
    b.score - a.score ||
    KIND_ORDER.indexOf(a.candidate.kind) - KIND_ORDER.indexOf(b.candidate.kind) ||
    a.index - b.index;
  const best = new Map<string, Placed>();
  for (const entry of placed) {
    const seen = best.get(entry.candidate.url);
    // A strictly better entry takes the URL over, at the place of the URL's first mention.
    if (!seen) best.set(entry.candidate.url, entry);
    else if ((entry.lead - seen.lead || entry.score - seen.score) > 0) best.set(entry.candidate.url, { ...entry, index: seen.index });
  }
  return [...best.values()].sort(before).map((entry) => entry.candidate);
}

/** The square-icon ordering: rankCandidates in the icon role. */
export function rankIcons(candidates: LogoCandidate[], pageUrl: string): LogoCandidate[] {
  return rankCandidates(candidates, pageUrl, "icon");
}

/**
 * A candidate's quality for a role: quality + kind bonus.
 *
 * - quality: an SVG (declared `image/svg+xml` or a `.svg` path) 105, whatever its kind, except the favicon; a raster
 *   by its longer side: ≥ 512 → 95, ≥ 256 → 90, ≥ 192 → 85, ≥ 128 → 80, ≥ 96 → 60, ≥ 64 → 50, ≥ 48 → 40, > 32 → 30,
 *   ≤ 32 → 10; size unknown: apple-touch-icon 75 (Apple's are 180 px unless said otherwise), JSON-LD 70, manifest 60,
 *   icon 20 (undeclared link icons are mostly 16–32 px .ico files), mask-icon 40, favicon 5.
 * - in the icon role, a non-square raster (isSquare) loses 20: wordmarks and banners make poor square icons. A logo
 *   keeps its real aspect ratio, so the logo role does not mark it down.
 * - kind: JSON-LD +15 (the site's own declared logo), apple-touch-icon and manifest +5, icon 0, mask-icon −30 (a
 *   monochrome silhouette ranks below colour icons of similar quality), favicon −5.
 *
 * So an SVG icon (105) beats a 512 px manifest icon (100), which beats an apple-touch-icon (85), which beats a
 * mask-icon SVG (75), and a 16 px icon (10) or /favicon.ico (0) comes last. The score is a quality scale, not the
 * order: rankCandidates puts JSON-LD logos first in the logo role whatever their score. Once an image is decoded,
 * score it with its decoded size (`{ ...candidate, width, height }`).
 */
export function candidateScore(candidate: LogoCandidate, role: LogoRole = "logo"): number {
  const { kind, width, height } = candidate;
  const svg = kind !== "favicon" && isSvg(candidate);
  let quality: number;
  if (svg) quality = 105;
  else if (width && height) {
    const side = Math.max(width, height);
    quality = side >= 512 ? 95 : side >= 256 ? 90 : side >= 192 ? 85 : side >= 128 ? 80 : side >= 96 ? 60 : side >= 64 ? 50 : side >= 48 ? 40 : side > 32 ? 30 : 10;
    if (role === "icon" && !isSquare(width, height)) quality -= 20;
  } else {
    quality = { "apple-touch-icon": 75, jsonld: 70, manifest: 60, icon: 20, "mask-icon": 40, favicon: 5 }[kind];
  }
  const bonus = { jsonld: 15, "apple-touch-icon": 5, manifest: 5, icon: 0, "mask-icon": -30, favicon: -5 }[kind];
  return quality + bonus;
}

/** Square enough to serve as a square icon: width over height strictly between 0.9 and 1.1. */
export function isSquare(width: number, height: number): boolean {
  const ratio = width / height;
  return ratio > 0.9 && ratio < 1.1;
}

/**
 * Whether an image, at its decoded size, is a real logo rather than a favicon or a tracking pixel: not the favicon's
 * URL (a file named favicon.*, or any .ico), and at least 64 px on its shorter side, or, for a wide wordmark, at
 * least 128 px on its longer side and 24 px on its shorter. (A 1×1 pixel and a 16 px icon both fail.)
 */
export function isRealLogo(candidate: Pick<LogoCandidate, "url">, size: { width: number; height: number }): boolean {
  return !isFaviconUrl(candidate.url) && isRealLogoSize(size.width, size.height);
}

/**
 * Whether a decoded candidate may fill the role, checked once its real size is known: a JSON-LD logo must be a real
 * logo (isRealLogo) in either role, and the icon role takes square images only (isSquare). Anything else is fine: a
 * small favicon is a poor logo, but better than none.
 */
export function fitsRole(candidate: LogoCandidate, size: { width: number; height: number }, role: LogoRole): boolean {
  if (candidate.kind === "jsonld" && !isRealLogo(candidate, size)) return false;
  return role === "logo" || isSquare(size.width, size.height);
}

function isRealLogoSize(width: number, height: number): boolean {
  const shorter = Math.min(width, height);
  return shorter >= 64 || (Math.max(width, height) >= 128 && shorter >= 24);
}

/** isRealLogo before decoding: false only when the URL or a declared raster size already says no (an SVG scales). */
function mayBeRealLogo(candidate: LogoCandidate): boolean {
  if (isFaviconUrl(candidate.url)) return false;
  const { width, height } = candidate;
  return !width || !height || isSvg(candidate) || isRealLogoSize(width, height);
}

function declaredNonSquare({ width, height }: LogoCandidate): boolean {
  return !!width && !!height && !isSquare(width, height);
}

function isFaviconUrl(url: string): boolean {
  try {
    const file = new URL(url).pathname.split("/").pop() ?? "";
    return /^favicon(?:[.\-_]|$)/i.test(file) || /\.ico$/i.test(file);
  } catch {
    return false;
  }
}

function faviconUrl(pageUrl: string): string | null {
  try {
    const page = new URL(pageUrl);
    return page.protocol === "http:" || page.protocol === "https:" ? `${page.origin}/favicon.ico` : null;
  } catch {
    return null;
  }
}

function isSvg(candidate: LogoCandidate): boolean {
  if (candidate.type) return candidate.type.includes("svg");
  try {
    return /\.svgz?$/i.test(new URL(candidate.url).pathname);
  } catch {
    return false;
  }
}
