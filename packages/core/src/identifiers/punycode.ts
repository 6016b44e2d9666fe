// Punycode (RFC 3492) decoding, for showing an IDN label the way its owner writes it (`xn--mnchen-3ya` → `münchen`).
// URL parsing already encodes; nothing in the runtime decodes without nodejs_compat, and this is all it takes.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

/** The Unicode form of one label's punycode (without its `xn--` prefix); null when it is not valid punycode. */
export function decodePunycode(input: string): string | null {
  const delimiter = input.lastIndexOf("-");
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let [n, bias, i] = [INITIAL_N, INITIAL_BIAS, 0];
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < input.length; ) {
    const previous = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return null;
      const digit = digitValue(input.charCodeAt(at++));
      if (digit >= BASE || digit * weight > MAX_INT - i) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(i - previous, length, previous === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/** a–z (either case) are 0–25, 0–9 are 26–35; anything else is out of range. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

function adapt(delta: number, length: number, first: boolean): number {
  delta = first ? Math.floor(delta / DAMP) : delta >> 1;
  delta += Math.floor(delta / length);
  let k = 0;
  for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}
