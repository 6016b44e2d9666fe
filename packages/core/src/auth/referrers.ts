// Referrer restriction of publishable keys: exact hosts or `*.example.com` (subdomains only).

/** `source` is read only when the key has a list (most have none, and a logo request should not pay for the read). */
export function referrerAllowed(allowed: string[], source: () => string | null): boolean {
  if (allowed.length === 0) return true;
  const host = hostOf(source());
  // A restricted key with no referrer at all is refused: restriction is opt-in and should hold.
  if (!host) return false;
  return allowed.some((pattern) =>
    pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}

function hostOf(source: string | null): string | null {
  if (!source) return null;
  try {
    return new URL(source).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** A referrer pattern as stored: a lower-case host name, optionally led by `*.`. */
export const REFERRER_PATTERN = /^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+$/;
