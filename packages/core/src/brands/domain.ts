// Normalises what people paste as a domain: case, scheme, `www.`, paths, ports and IDN (to punycode); and shows a
// normalised domain the way its owner writes it.
import { parse } from "tldts";
import { decodePunycode } from "../identifiers/punycode.ts";

export type DomainResult = { ok: true; domain: string } | { ok: false; reason: string };

/** A scheme as typed (`https://`), or an http(s) one whose slashes got lost on the way (`https:/acme.com`). */
const SCHEME = /^(?:[a-z][a-z0-9+.-]*:\/\/|https?:)/;

/**
 * `allowTestDomains`: also accept the reserved `.test` suffix (RFC 2606), for the fixture sites of development and
 * tests; only ever on where CRAWL_PROXY is set.
 */
export function normaliseDomain(input: string, { allowTestDomains = false } = {}): DomainResult {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) return { ok: false, reason: "The domain is empty." };
  if (trimmed.length > 253) return { ok: false, reason: "The domain is longer than 253 characters." };
  let host: string;
  try {
    // URL parsing applies IDNA (punycode) and drops the scheme, credentials, port, path and query.
    host = new URL(SCHEME.test(trimmed) ? trimmed : `http://${trimmed}`).hostname.replace(/\.$/, "");
  } catch {
    return { ok: false, reason: `"${input}" is not a domain.` };
  }
  // `www.` goes only when something registrable remains: `www.com` is a domain of its own.
  const bare = host.replace(/^www\d?\./, "");
  if (bare !== host && refusal(bare, input, allowTestDomains) === null) return { ok: true, domain: bare };
  const reason = refusal(host, input, allowTestDomains);
  return reason === null ? { ok: true, domain: host } : { ok: false, reason };
}

/** Why a host is not a domain we serve, or null when it is one. */
function refusal(host: string, input: string, allowTestDomains: boolean): string | null {
  if (allowTestDomains && /^([a-z0-9-]+\.)+test$/.test(host)) return null;
  const info = parse(host, { allowPrivateDomains: false });
  if (info.isIp || host.startsWith("[")) return "IP addresses are not domains.";
  if (!info.domain || !info.isIcann) return `"${input}" is not a registrable domain.`;
  return null;
}

/** A normalised domain as its owner writes it: punycode labels decoded (`xn--mnchen-3ya.de` → `münchen.de`). */
export function unicodeDomain(domain: string): string {
  return domain
    .split(".")
    .map((label) => (label.startsWith("xn--") ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join(".");
}
