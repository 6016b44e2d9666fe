// Headers on every dashboard response. The CSP allows only this host's own scripts and styles (no inline script, no
// eval), images from this host and the image host (the playground), fetches to this host only, and no framing.
// Nothing on the page is fetched from anywhere else.

/** The origin of the image host, or null when IMG_BASE_URL is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(imgBaseUrl: string): string {
  const img = originOf(imgBaseUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self'${img ? ` ${img}` : ""}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Our code never writes markup from strings (web-assets/dom.js); the browser holds it to that.
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join("; ");
}

export function securityHeaders(imgBaseUrl: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(imgBaseUrl),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
}
