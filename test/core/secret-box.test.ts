// The webhook secret box: AES-256-GCM seals bound to their endpoint, key ids for rotation, plain legacy secrets read
// as they are, and WEBHOOK_SECRET_KEYS checked with errors that name the setting and never show a key.
import { describe, expect, it } from "vitest";
import {
  newKeyEntry,
  openSecret,
  sealedUnderCurrent,
  sealSecret,
  secretKeyring,
  UnreadableSecretError,
} from "@brand/core/webhooks/secret-box";
import { generateSecret } from "@brand/core/webhooks/sign";

/** A `kid:base64key` entry whose 32 key bytes are all `byte`. */
const entry = (kid: string, byte: number, length = 32) => `${kid}:${btoa(String.fromCharCode(...new Uint8Array(length).fill(byte)))}`;
const ENDPOINT = "wh_AAAAAAAAAAAAAAAAAAAA";
const OTHER_ENDPOINT = "wh_BBBBBBBBBBBBBBBBBBBB";

describe("sealSecret and openSecret", () => {
  it("seal as v1.<kid>.<iv>.<ciphertext>, without the secret in it, and open to the secret", async () => {
    const keys = await secretKeyring(entry("k1", 1));
    const secret = generateSecret();
    const sealed = await sealSecret(keys, ENDPOINT, secret);
    expect(sealed).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("whsec_");
    expect(sealed).not.toContain(secret.slice("whsec_".length, 20));
    expect(await openSecret(keys, ENDPOINT, sealed)).toBe(secret);
  });

  it("use a fresh IV for every seal: the same secret seals differently each time", async () => {
    const keys = await secretKeyring(entry("k1", 1));
    const secret = generateSecret();
    const [a, b] = [await sealSecret(keys, ENDPOINT, secret), await sealSecret(keys, ENDPOINT, secret)];
    expect(a.split(".")[2]).not.toBe(b.split(".")[2]);
    expect(a).not.toBe(b);
  });

  it("refuse a seal copied to another endpoint, or relabelled with another key id, without showing the secret", async () => {
    const keys = await secretKeyring(`${entry("k1", 1)},${entry("k2", 1)}`);
    const secret = generateSecret();
    const sealed = await sealSecret(keys, ENDPOINT, secret);
    const moved = openSecret(keys, OTHER_ENDPOINT, sealed);
    await expect(moved).rejects.toBeInstanceOf(UnreadableSecretError);
    await expect(moved).rejects.toThrow("does not open under key id k1 for this endpoint");
    // Same key bytes under another id: the id is authenticated too.
    await expect(openSecret(keys, ENDPOINT, sealed.replace("v1.k1.", "v1.k2."))).rejects.toBeInstanceOf(UnreadableSecretError);
    const error = await openSecret(keys, OTHER_ENDPOINT, sealed).catch((e: Error) => e);
    expect(String(error)).not.toContain(secret);
    expect(String(error)).not.toContain(sealed);
  });

  it("refuse a damaged seal, another version, and a key id the setting does not hold (naming the setting)", async () => {
    const keys = await secretKeyring(entry("k1", 1));
    const sealed = await sealSecret(keys, ENDPOINT, generateSecret());
    const flipped = sealed.slice(0, -2) + (sealed.at(-2) === "A" ? "B" : "A") + sealed.at(-1);
    await expect(openSecret(keys, ENDPOINT, flipped)).rejects.toBeInstanceOf(UnreadableSecretError);
    await expect(openSecret(keys, ENDPOINT, sealed.replace(/^v1\./, "v2."))).rejects.toThrow("not in a form this version reads");
    await expect(openSecret(keys, ENDPOINT, "plain-text")).rejects.toThrow("not in a form this version reads");
    const elsewhere = await secretKeyring(entry("k9", 9));
    await expect(openSecret(elsewhere, ENDPOINT, sealed)).rejects.toThrow("sealed under key id k1, which WEBHOOK_SECRET_KEYS does not hold");
  });

  it("open a plain secret stored before sealing as itself (a legacy row still signs)", async () => {
    const keys = await secretKeyring(entry("k1", 1));
    const secret = generateSecret();
    expect(await openSecret(keys, ENDPOINT, secret)).toBe(secret);
    expect(sealedUnderCurrent(keys, secret)).toBe(false);
  });
});

describe("key rotation", () => {
  it("seals with the first key and opens with any of them", async () => {
    const old = await secretKeyring(entry("old", 1));
    const secret = generateSecret();
    const underOld = await sealSecret(old, ENDPOINT, secret);
    const both = await secretKeyring(`${entry("new", 2)},${entry("old", 1)}`);
    expect(both.current).toBe("new");
    expect(await openSecret(both, ENDPOINT, underOld)).toBe(secret);
    expect(sealedUnderCurrent(both, underOld)).toBe(false);
    const underNew = await sealSecret(both, ENDPOINT, secret);
    expect(underNew).toMatch(/^v1\.new\./);
    expect(sealedUnderCurrent(both, underNew)).toBe(true);
    await expect(openSecret(old, ENDPOINT, underNew)).rejects.toBeInstanceOf(UnreadableSecretError);
  });
});

describe("WEBHOOK_SECRET_KEYS", () => {
  it("is refused when missing or malformed, with an error that names it and shows no key", async () => {
    const short = entry("k1", 7, 16);
    const cases: Array<[string | undefined, string]> = [
      [undefined, "WEBHOOK_SECRET_KEYS is not set"],
      ["  ", "WEBHOOK_SECRET_KEYS is not set"],
      ["no-colon-here", "WEBHOOK_SECRET_KEYS entry 1 is not kid:base64key"],
      [`bad.kid:${entry("x", 1).slice(2)}`, "WEBHOOK_SECRET_KEYS entry 1 is not kid:base64key"],
      [`${entry("k1", 1)},k2:not*base64`, "WEBHOOK_SECRET_KEYS entry 2 (k2): the key is not base64"],
      [short, "WEBHOOK_SECRET_KEYS entry 1 (k1): the key is 16 bytes; AES-256 needs 32"],
      [`${entry("k1", 1)},${entry("k1", 2)}`, "WEBHOOK_SECRET_KEYS names key id k1 twice"],
      [`${entry("k1", 1)},`, "WEBHOOK_SECRET_KEYS entry 2 is not kid:base64key"],
    ];
    for (const [setting, message] of cases) {
      const error = await secretKeyring(setting).catch((e: Error) => e);
      expect(error, String(setting)).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(message);
      if (setting?.includes(":")) expect((error as Error).message).not.toContain(setting.split(":")[1].slice(0, 12));
    }
  });

  it("takes URL-safe base64 as well, and the entries npm start and the deploy generate", async () => {
    const urlSafe = `k1:${btoa(String.fromCharCode(...new Uint8Array(32).fill(251))).replace(/\+/g, "-").replace(/\//g, "_")}`;
    expect(urlSafe).toMatch(/[-_]/);
    expect((await secretKeyring(urlSafe)).current).toBe("k1");
    const generated = newKeyEntry();
    expect(generated).toMatch(/^[0-9A-Za-z]{8}:[A-Za-z0-9+/]{43}=$/);
    const keys = await secretKeyring(generated);
    const secret = generateSecret();
    expect(await openSecret(keys, ENDPOINT, await sealSecret(keys, ENDPOINT, secret))).toBe(secret);
  });
});
