// Spec, Authentication rules 1-4 on the JSON host.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { rotateKey } from "@brand/core/auth/accounts";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { seedBrand, logoPng } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";

let pro: Awaited<ReturnType<typeof newAccount>>;

beforeAll(async () => {
  pro = await newAccount("pro");
  await seedBrand({ domain: "stripe.com", name: "Stripe" }, await logoPng(512, 256));
});

async function expectMsg401(response: Response) {
  expect(response.status).toBe(401);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["msg"]);
  expect(body.msg).toEqual(expect.any(String));
}

describe("JSON host authentication", () => {
  it("answers 200 with the secret key as a Bearer header", async () => {
    expect((await call("/describe/stripe.com", { headers: bearer(pro.secret) })).status).toBe(200);
  });

  it("refuses a request without a key", async () => {
    await expectMsg401(await call("/describe/stripe.com"));
  });

  it("refuses a publishable key, and a beta key", async () => {
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer(pro.publishable) }));
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer(pro.beta) }));
  });

  it("refuses an unknown, a malformed, and a non-Bearer key", async () => {
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer(`sk_${"A".repeat(32)}`) }));
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer("sk_short") }));
    await expectMsg401(await call("/describe/stripe.com", { headers: { Authorization: pro.secret } }));
    await expectMsg401(await call("/describe/stripe.com", { headers: { Authorization: `Basic ${pro.secret}` } }));
  });

  it("refuses a secret key once it has been replaced", async () => {
    const account = await newAccount("pro");
    const fresh = await rotateKey(env.DB, account.id, "secret", new Date());
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer(account.secret) }));
    expect((await call("/describe/stripe.com", { headers: bearer(fresh) })).status).toBe(200);
  });

  it("returns no quota headers (spec, Errors rule 2)", async () => {
    const response = await call("/describe/stripe.com", { headers: bearer(pro.secret) });
    for (const name of response.headers.keys()) expect(name).not.toMatch(/^(x-ratelimit|retry-after)/i);
  });

  it("does not count a refused request against anyone's pool", async () => {
    const before = await countRows("usage_daily");
    await call("/describe/stripe.com", { headers: bearer(`sk_${"B".repeat(32)}`) });
    expect(await countRows("usage_daily")).toBe(before);
  });
});

describe("describe needs a paid plan", () => {
  it("answers 401 with a msg body on the free plan", async () => {
    const free = await newAccount("free");
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer(free.secret) }));
  });

  it("answers 200 on starter", async () => {
    const starter = await newAccount("starter");
    expect((await call("/describe/stripe.com", { headers: bearer(starter.secret) })).status).toBe(200);
  });
});
