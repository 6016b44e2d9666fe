// Which IP addresses the crawler and webhooks may reach: public ones only. A DNS answer (resolve.ts) is judged address
// by address with these; the name guard (target.ts) already refuses IP literals outright. Anything we cannot read as
// an address is not public (fail closed).

/** [network, prefix length]: IPv4 ranges that are private, loopback, link-local (the metadata address), shared,
 * documentation, benchmarking, multicast or reserved (IANA special-purpose registry). */
const V4_REFUSED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, 169.254.169.254 the cloud metadata address
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, 255.255.255.255 (broadcast) included
];

/** [network, prefix length]: IPv6 ranges refused outright. Outside 2000::/3 nothing is global unicast anyway. */
const V6_REFUSED: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard-only
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
];

/** IPv6 ranges that carry an IPv4 address: the embedded one is judged instead. [network, prefix, bit offset of it] */
const V6_EMBEDDING_V4: [string, number, number][] = [
  ["::ffff:0:0", 96, 96], // IPv4-mapped
  ["64:ff9b::", 96, 96], // NAT64
  ["2002::", 16, 16], // 6to4
];

/** A dotted-quad IPv4 address as a number, or null when it is not one. */
export function parseIpv4(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** An IPv6 address (`::` shorthand and a dotted IPv4 tail allowed) as a 128-bit number, or null. */
export function parseIpv6(text: string): bigint | null {
  const halves = text.toLowerCase().split("::");
  if (halves.length > 2) return null;
  const [head, tail] = halves.map((half) => (half ? half.split(":") : []));
  const written = v4TailAsGroups(tail ?? head);
  if (!written) return null;
  let groups: string[];
  if (tail === undefined) groups = written;
  else {
    if (head.length + written.length > 7) return null; // "::" stands for at least one group
    groups = [...head, ...Array<string>(8 - head.length - written.length).fill("0"), ...written];
  }
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** The groups after the "::" (or all of them), a dotted IPv4 tail written as its two groups; null when it is bad. */
function v4TailAsGroups(groups: string[]): string[] | null {
  const last = groups.at(-1);
  if (!last?.includes(".")) return groups;
  const v4 = parseIpv4(last);
  return v4 === null ? null : [...groups.slice(0, -1), (v4 >>> 16).toString(16), (v4 & 0xffff).toString(16)];
}

export function isPublicIpv4(text: string): boolean {
  const address = parseIpv4(text);
  if (address === null) return false;
  return !V4_REFUSED.some(([network, prefix]) => inV4(address, parseIpv4(network)!, prefix));
}

export function isPublicIpv6(text: string): boolean {
  const address = parseIpv6(text);
  if (address === null) return false;
  for (const [network, prefix, offset] of V6_EMBEDDING_V4) {
    if (inV6(address, parseIpv6(network)!, prefix)) return isPublicIpv4(v4Text(Number((address >> BigInt(96 - offset)) & 0xffffffffn)));
  }
  if (!inV6(address, 0x2n << 124n, 3)) return false; // not global unicast (2000::/3): reserved
  return !V6_REFUSED.some(([network, prefix]) => inV6(address, parseIpv6(network)!, prefix));
}

/** Either family, as a DNS answer's `data` holds it. */
export const isPublicAddress = (text: string): boolean => (text.includes(":") ? isPublicIpv6(text) : isPublicIpv4(text));

function inV4(address: number, network: number, prefix: number): boolean {
  const shift = 32 - prefix;
  return Math.floor(address / 2 ** shift) === Math.floor(network / 2 ** shift);
}

function inV6(address: bigint, network: bigint, prefix: number): boolean {
  const shift = BigInt(128 - prefix);
  return address >> shift === network >> shift;
}

const v4Text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
