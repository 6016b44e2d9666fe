// Where a host resolves: the address ranges refused (IPv4 and IPv6), and the resolver's verdicts against the fake
// DNS-over-HTTPS resolver (test/fixtures/fake-dns.mjs): hostile answers, failures that fail closed, the switch that
// turns resolution off beside the crawl proxy only, and how long a verdict is kept.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isPublicAddress, isPublicIpv4, isPublicIpv6 } from "@brand/core/crawler/public-address";
import { DEFAULT_RESOLVER_URL, dnsConfig, resolveHost, type DnsConfig } from "@brand/core/crawler/resolve";
import { logFetches } from "./fetch-log.ts";

afterEach(() => vi.restoreAllMocks());

describe("IPv4", () => {
  it.each([
    "0.0.0.0", "0.255.255.255", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255", "127.0.0.1",
    "127.255.255.254", "169.254.169.254", "169.254.0.1", "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1",
    "192.88.99.1", "192.168.0.1", "192.168.255.255", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9",
    "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
  ])("refuses %s", (address) => {
    expect(isPublicIpv4(address)).toBe(false);
  });

  it.each([
    "1.1.1.1", "8.8.8.8", "93.184.215.14", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0",
    "126.255.255.255", "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.0.1.255",
    "192.0.3.0", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0", "198.51.99.255", "203.0.114.0",
    "223.255.255.255",
  ])("admits %s", (address) => {
    expect(isPublicIpv4(address)).toBe(true);
  });

  it.each(["256.1.1.1", "1.2.3", "1.2.3.4.5", "", "a.b.c.d", "1.2.3.-4", " 1.2.3.4"])("refuses what is not an address: %j", (text) => {
    expect(isPublicIpv4(text)).toBe(false);
  });
});

describe("IPv6", () => {
  it.each([
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback, written out"],
    ["::ffff:127.0.0.1", "mapped loopback"],
    ["::ffff:10.0.0.1", "mapped private"],
    ["::ffff:a9fe:a9fe", "mapped metadata, in hex"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
    ["2002:a9fe:a9fe::1", "6to4 of the metadata address"],
    ["100::1", "discard-only"],
    ["2001::1", "Teredo"],
    ["2001:1ff:ffff::1", "the end of 2001::/23"],
    ["2001:db8::1", "documentation"],
    ["fc00::1", "unique local"],
    ["fd00::1", "unique local"],
    ["fe80::1", "link-local"],
    ["febf:ffff::1", "the end of fe80::/10"],
    ["ff02::1", "multicast"],
    ["::a9fe:a9fe", "IPv4-compatible (outside global unicast)"],
    ["4000::1", "reserved (outside 2000::/3)"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicIpv6(address)).toBe(false);
  });

  it.each([
    "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2606:2800:21f:cb07:6820:80da:af6b:8b2c", "2001:200::1",
    "::ffff:93.184.215.14", "::ffff:5db8:d70e", "64:ff9b::8.8.8.8", "2002:5db8:d70e::1", "2600:1:2:3:4:5:6::",
    "2600::1:2:3:4:5:6",
  ])("admits %s", (address) => {
    expect(isPublicIpv6(address)).toBe(true);
  });

  it.each(["1::2::3", ":::", "12345::", "::ffff:999.0.0.1", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8::", "fe80::1%eth0", "2606:4700", "g::1", ""])(
    "refuses what is not an address: %j",
    (text) => {
      expect(isPublicIpv6(text)).toBe(false);
    },
  );

  it("judges either family by its shape", () => {
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("10.0.0.1")).toBe(false);
    expect(isPublicAddress("2606:4700:4700::1111")).toBe(true);
    expect(isPublicAddress("::1")).toBe(false);
  });
});

const fake: DnsConfig = { url: env.DNS_RESOLVER_URL, timeoutMs: 2000 };
/** A name nobody asked for yet (the fake resolves every `.test` name publicly), so no kept verdict answers. */
const freshName = () => `fresh-${crypto.randomUUID()}.test`;

describe("the resolver's verdicts", () => {
  it("admits a name whose every address, in both families, is public", async () => {
    expect(await resolveHost(freshName(), fake)).toEqual({ verdict: "public" });
  });

  it.each([
    ["169.254.169.254.nip.io", "169.254.169.254"],
    ["localtest.me", "127.0.0.1"],
    ["loopback6.test", "::1"],
    ["ula6.test", "fd00::1"],
    ["mapped6.test", "::ffff:10.0.0.1"],
    ["cname-private.test", "10.0.0.5"],
    ["mixed.test", "10.0.0.1"],
    ["docs-range.test", "192.0.2.10"],
  ])("refuses %s, which resolves to %s, naming the address", async (host, address) => {
    expect(await resolveHost(host, fake)).toEqual({
      verdict: "private",
      reason: `host ${host} resolves to a private or reserved address, ${address}`,
    });
  });

  it.each([
    ["nxdomain.test", "does not resolve (no such name)"],
    ["no-address.test", "does not resolve (no A or AAAA record)"],
    ["example.invalid", "does not resolve (no such name)"],
    ["servfail.test", "could not be resolved (the resolver answered DNS status 2)"],
    ["resolver-down.test", "could not be resolved (the resolver answered HTTP 500)"],
  ])("fails closed on %s: %s", async (host, reason) => {
    expect(await resolveHost(host, fake)).toEqual({ verdict: "unresolved", reason: `host ${host} ${reason}` });
  });

  it("fails closed when the resolver does not answer within its budget, or is no URL at all", async () => {
    const started = Date.now();
    expect(await resolveHost("resolver-hangs.test", { ...fake, timeoutMs: 100 })).toEqual({
      verdict: "unresolved",
      reason: "host resolver-hangs.test could not be resolved (no answer within 100 ms)",
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await resolveHost(freshName(), { url: "not a url", timeoutMs: 100 })).toMatchObject({
      verdict: "unresolved",
      reason: expect.stringMatching(/DNS_RESOLVER_URL is not a URL/),
    });
  });

  it("asks for both families, of the host itself, with DNS JSON", async () => {
    const log = logFetches();
    const host = freshName();
    await resolveHost(host, fake);
    expect(log.dns.sort()).toEqual([`${host} A`, `${host} AAAA`]);
    expect(log.urls).toEqual([]);
  });
});

describe("the resolver's settings", () => {
  it("is Cloudflare's unless DNS_RESOLVER_URL names another", () => {
    expect(dnsConfig({})).toEqual({ url: DEFAULT_RESOLVER_URL, timeoutMs: 2000 });
    expect(DEFAULT_RESOLVER_URL).toBe("https://cloudflare-dns.com/dns-query");
    expect(dnsConfig({ DNS_RESOLVER_URL: "https://dns.example/dns-query" }).url).toBe("https://dns.example/dns-query");
  });

  it("is off only for `off` beside the crawl proxy; `off` alone is ignored", async () => {
    const off = dnsConfig({ DNS_RESOLVER_URL: "off", CRAWL_PROXY: "http://127.0.0.1:9555" });
    expect(off.url).toBeNull();
    expect(dnsConfig({ DNS_RESOLVER_URL: "off" }).url).toBe(DEFAULT_RESOLVER_URL);
    expect(dnsConfig({ DNS_RESOLVER_URL: "off", CRAWL_PROXY: "" }).url).toBe(DEFAULT_RESOLVER_URL);
    const log = logFetches();
    expect(await resolveHost("localtest.me", off)).toEqual({ verdict: "public" });
    expect(log.dns).toEqual([]);
  });

  it("is on in these tests, with the fake resolver", () => {
    expect(dnsConfig(env).url).toBe(env.DNS_RESOLVER_URL);
  });
});

describe("kept verdicts", () => {
  // Later than anything other tests kept, so only what these tests ask counts.
  const t0 = Date.now() + 3_600_000;

  it("keeps a verdict for its answer's TTL, at most 60 s: no second question meanwhile", async () => {
    const log = logFetches();
    const host = freshName(); // TTL 300 s: kept 60 s
    await resolveHost(host, fake, t0);
    await resolveHost(host, fake, t0 + 59_000);
    expect(log.dns).toHaveLength(2); // A and AAAA, once
    await resolveHost(host, fake, t0 + 61_000);
    expect(log.dns).toHaveLength(4);

    log.dns.length = 0;
    await resolveHost("short-ttl.test", fake, t0); // TTL 5 s
    await resolveHost("short-ttl.test", fake, t0 + 4_000);
    expect(log.dns).toHaveLength(2);
    await resolveHost("short-ttl.test", fake, t0 + 6_000);
    expect(log.dns).toHaveLength(4);
  });

  it("keeps a refusal like any verdict, and a name that does not exist for 10 s", async () => {
    const log = logFetches();
    expect(await resolveHost("mixed.test", fake, t0)).toMatchObject({ verdict: "private" });
    expect(await resolveHost("mixed.test", fake, t0 + 30_000)).toMatchObject({ verdict: "private" });
    expect(log.dns).toHaveLength(2);

    log.dns.length = 0;
    await resolveHost("nxdomain.test", fake, t0);
    await resolveHost("nxdomain.test", fake, t0 + 9_000);
    expect(log.dns).toHaveLength(2);
    await resolveHost("nxdomain.test", fake, t0 + 11_000);
    expect(log.dns).toHaveLength(4);
  });

  it("keeps no resolver failure: the next fetch asks again", async () => {
    const log = logFetches();
    expect(await resolveHost("resolver-down.test", fake, t0)).toMatchObject({ verdict: "unresolved" });
    expect(await resolveHost("resolver-down.test", fake, t0 + 1)).toMatchObject({ verdict: "unresolved" });
    expect(log.dns).toHaveLength(4);
  });
});
