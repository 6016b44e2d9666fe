// The logos endpoint and its signed, expiring download URLs.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { signedFileUrl } from "@brand/core/brands/files";
import { newAccount } from "../helpers/accounts.ts";
import { logoPng, seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";
import { otherSpellings } from "../helpers/signatures.ts";

let key: string;
let master: ArrayBuffer;
beforeAll(async () => {
  key = (await newAccount("pro")).secret;
  master = await logoPng(300, 150);
  await seedBrand({ domain: "logos.com", name: "Logos" }, master);
});

const logos = (path: string) => call(path, { headers: bearer(key) });
const relative = (url: string) => url.replace("https://worker.test", "");

describe("logos endpoint", () => {
  it("answers the logo record with a working download URL", async () => {
    const response = await logos("/logos/logos.com");
    expect(response.status).toBe(200);
    const record = (await response.json()) as Record<string, any>;
    expect(record).toMatchObject({ type: "logo", format: "png", bytes: master.byteLength });
    expect(new Date(record.expires_at).getTime() - Date.now()).toBeGreaterThan(3500 * 1000);
    const file = await call(relative(record.url));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(master));
  });

  it("answers 404 for a brandmark the brand lacks, and 400 for an unknown type", async () => {
    expect((await logos("/logos/logos.com?type=brandmark")).status).toBe(404);
    expect((await logos("/logos/logos.com?type=banner")).status).toBe(400);
  });

  it("answers 202 for a domain not indexed yet", async () => {
    expect((await logos("/logos/fresh-domain.com")).status).toBe(202);
  });
});

describe("signed file URLs", () => {
  async function masterKey() {
    return (await env.DB.prepare("SELECT logo_key FROM brands WHERE domain = 'logos.com'").first<string>("logo_key"))!;
  }

  it("expire after an hour", async () => {
    const past = new Date(Date.now() - 2 * 3600 * 1000);
    const { url } = await signedFileUrl(env.FILE_SIGNING_KEY, "https://worker.test", await masterKey(), past);
    const response = await call(relative(url));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { msg: string }).msg).toMatch(/expired/);
  });

  it("cannot be forged or stretched", async () => {
    const { url } = await signedFileUrl(env.FILE_SIGNING_KEY, "https://worker.test", await masterKey(), new Date());
    const u = new URL(url);
    const later = new URL(url);
    later.searchParams.set("exp", String(Number(u.searchParams.get("exp")) + 86400));
    expect((await call(relative(later.toString()))).status).toBe(403);
    const noSig = new URL(url);
    noSig.searchParams.delete("sig");
    expect((await call(relative(noSig.toString()))).status).toBe(403);
    const other = url.replace(/logos\/[0-9a-f]{64}/, `logos/${"a".repeat(64)}`);
    expect((await call(relative(other))).status).toBe(403);
    expect((await call("/files/logos/..%2F..%2Fsecret.png?exp=1&sig=x")).status).toBe(400);
  });

  it("accept the signature only as issued, not its other base64url spellings of the same bytes", async () => {
    const { url } = await signedFileUrl(env.FILE_SIGNING_KEY, "https://worker.test", await masterKey(), new Date());
    expect((await call(relative(url))).status).toBe(200);
    const sig = new URL(url).searchParams.get("sig")!;
    for (const spelling of otherSpellings(sig)) expect((await call(relative(url.replace(`sig=${sig}`, `sig=${spelling}`)))).status, spelling).toBe(403);
  });
});
