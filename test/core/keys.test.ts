import { describe, expect, it } from "vitest";
import { displayPrefix, generateKey, hashKey, looksLikeKey } from "@brand/core/auth/keys";

describe("keys", () => {
  it("have the design's prefixes and lengths", () => {
    expect(generateKey("publishable")).toMatch(/^pk_[0-9A-Za-z]{24}$/);
    expect(generateKey("secret")).toMatch(/^sk_[0-9A-Za-z]{32}$/);
    expect(generateKey("beta")).toMatch(/^tx_beta_[0-9A-Za-z]{32}$/);
  });

  it("are not recognised as another kind", () => {
    expect(looksLikeKey("secret", generateKey("publishable"))).toBe(false);
    expect(looksLikeKey("publishable", generateKey("secret"))).toBe(false);
    expect(looksLikeKey("beta", "tx_beta_short")).toBe(false);
  });

  it("hash to a stable SHA-256 hex digest and show only a short prefix", async () => {
    const key = generateKey("secret");
    expect(await hashKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashKey(key)).toBe(await hashKey(key));
    expect(displayPrefix(key, "secret")).toBe(`${key.slice(0, 7)}…`);
  });
});
