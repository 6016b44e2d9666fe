import { describe, expect, it } from "vitest";
import { normaliseDomain } from "@brand/core/brands/domain";

describe("domain normalisation", () => {
  it.each([
    ["apple.com", "apple.com"],
    ["Apple.COM", "apple.com"],
    ["www.apple.com", "apple.com"],
    ["https://www.apple.com/iphone?x=1", "apple.com"],
    ["apple.com.", "apple.com"],
    ["shop.example.co.uk", "shop.example.co.uk"],
    ["münchen.de", "xn--mnchen-3ya.de"],
  ])("%s → %s", (input, expected) => {
    expect(normaliseDomain(input)).toEqual({ ok: true, domain: expected });
  });

  it("admits .test fixture domains only when asked", () => {
    expect(normaliseDomain("acme.test").ok).toBe(false);
    expect(normaliseDomain("www.acme.test", { allowTestDomains: true })).toEqual({ ok: true, domain: "acme.test" });
    expect(normaliseDomain("127.0.0.1", { allowTestDomains: true }).ok).toBe(false);
  });

  it.each(["", "localhost", "127.0.0.1", "[::1]", "com", "co.uk", "not a domain", "a".repeat(260) + ".com"])(
    "refuses %j",
    (input) => {
      expect(normaliseDomain(input).ok).toBe(false);
    },
  );
});
