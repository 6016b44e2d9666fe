// Normalises what people paste as a domain: case, scheme, `www.`, paths, ports and IDN (to punycode).
import { parse } from "tldts";

export type DomainResult = { ok: true; domain: string } | { ok: false; reason: string };

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
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `http://${trimmed}`).hostname;
  } catch {
    return { ok: false, reason: `"${input}" is not a domain.` };
  }
  host = host.replace(/\.$/, "").replace(/^www\d?\./, "");
  if (allowTestDomains && /^([a-z0-9-]+\.)+test$/.test(host)) return { ok: true, domain: host };
  const info = parse(host, { allowPrivateDomains: false });
  if (info.isIp || host.startsWith("[")) return { ok: false, reason: "IP addresses are not domains." };
  if (!info.domain || !info.isIcann) return { ok: false, reason: `"${input}" is not a registrable domain.` };
  return { ok: true, domain: host };
}
