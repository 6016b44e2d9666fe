// Web app manifest icons (https://www.w3.org/TR/appmanifest/#icons-member) as logo candidates.
import { mimeType, parseSizes, type LogoCandidate } from "./candidates.ts";

const MAX_ICONS = 50;

/**
 * The manifest's `icons`, each `src` resolved against the manifest's own URL. Accepts the parsed JSON (or its text);
 * junk of any shape gives fewer icons, never an exception. Icons whose purpose is only `monochrome` (a single-colour
 * mask) are left out; `maskable` icons are kept (a full-bleed square, fine as a logo).
 */
export function manifestIcons(manifest: unknown, manifestUrl: string): LogoCandidate[] {
  try {
    if (typeof manifest === "string") manifest = JSON.parse(manifest);
    if (!manifest || typeof manifest !== "object" || Array.isArray(manifest)) return [];
    const icons = (manifest as { icons?: unknown }).icons;
    if (!Array.isArray(icons)) return [];
    const found: LogoCandidate[] = [];
    for (const icon of icons.slice(0, MAX_ICONS)) {
      if (!icon || typeof icon !== "object") continue;
      const { src, sizes, type, purpose } = icon as Record<string, unknown>;
      if (typeof src !== "string" || src.length > 2048) continue;
      if (typeof purpose === "string") {
        const purposes = purpose.toLowerCase().split(/\s+/).filter(Boolean);
        if (purposes.length > 0 && purposes.every((p) => p === "monochrome")) continue;
      }
      const url = absoluteHttpUrl(src, manifestUrl);
      if (!url) continue;
      found.push({ url, kind: "manifest", ...parseSizes(sizes), type: mimeType(type) });
    }
    return found;
  } catch {
    return [];
  }
}

/** `href` resolved against `base`, when the result is http(s); null for data:, javascript: and junk. */
export function absoluteHttpUrl(href: string, base: string | URL): string | null {
  const trimmed = href.trim();
  if (!trimmed || trimmed.length > 4096) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
