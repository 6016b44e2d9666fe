// Spec, Authentication rules 1-4 on the JSON host.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { rotateKey } from "@brand/core/auth/accounts";
import { newAccount } from "../helpers/accounts.ts";
import { seedBrand, logoPng } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";
import { countingWorker } from "../helpers/trips.ts";
import worker from "../../workers/api/src/index.ts";

/** The JSON host with its storage trips counted (helpers/trips.ts). */
const counted = countingWorker(worker, env);

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
    const { response, trips } = await counted("/describe/stripe.com", { headers: bearer(`sk_${"B".repeat(32)}`) });
    expect(response.status).toBe(401);
    // A request is counted only by its work after the answer, and this one has none. (Counting usage_daily's rows
    // instead raced with an earlier test's count, written up to COALESCE_MS after its answer.)
    expect(trips.background).toEqual({});
  });
});

describe("the key comes before the parameters", () => {
  it.each([
    "/search",
    "/search?q=",
    "/search?q=app&limit=99&strategy=fuzzy",
    "/logos/not_a_domain?type=banner",
    "/logos/stripe.com?type=banner",
    "/describe/not%20a%20domain",
    "/brand/127.0.0.1",
    "/subscriptions?limit=-1",
    "/webhooks/not-an-id",
  ])("GET %s without a key is 401", async (path) => {
    await expectMsg401(await call(path));
  });

  it("POST bodies too: a bad body without a key is 401", async () => {
    await expectMsg401(await call("/subscriptions", { method: "POST", body: "{not json" }));
    await expectMsg401(await call("/webhooks", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }));
  });

  it("with a key, bad parameters are 400 err", async () => {
    const response = await call("/search?q=", { headers: bearer(pro.secret) });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
  });
});

const used = (accountId: string) =>
  env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM usage_daily WHERE account_id = ?").bind(accountId).first<number>("n");

describe("request pool on the JSON host", () => {
  it("answers 429 msg on the free plan once the month's pool is spent, on every metered route", async () => {
    const free = await newAccount("free");
    await env.DB.prepare("INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, 'api', 5000)")
      .bind(free.id, new Date().toISOString().slice(0, 10))
      .run();
    for (const path of ["/search?q=stripe", "/logos/stripe.com", "/brand/stripe.com", "/subscriptions", "/webhooks"]) {
      const response = await call(path, { headers: bearer(free.secret) });
      expect(response.status, path).toBe(429);
      expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
    }
    expect(await used(free.id)).toBe(5000); // refused, so not counted
  });

  it("counts each call once, whatever it answers", async () => {
    const account = await newAccount("pro");
    for (const path of ["/search?q=stripe", "/search?q=", "/logos/stripe.com", "/brand/stripe.com", "/describe/stripe.com", "/subscriptions"]) {
      await call(path, { headers: bearer(account.secret) });
    }
    await expect.poll(() => used(account.id), { timeout: 3000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 400)); // any straggling write lands by now
    expect(await used(account.id)).toBe(6);
  });
});

describe("describe needs a paid plan", () => {
  it("answers 401 with a msg body on the free plan, and does not count it", async () => {
    const free = await newAccount("free");
    await expectMsg401(await call("/describe/stripe.com", { headers: bearer(free.secret) }));
    await expectMsg401(await call("/describe/not%20a%20domain", { headers: bearer(free.secret) }));
    // A counted call after them: once its count has landed, any count of theirs would have landed too (same or an
    // earlier coalesced write).
    expect((await call("/search?q=stripe", { headers: bearer(free.secret) })).status).toBe(200);
    await expect.poll(() => used(free.id), { timeout: 3000 }).toBeGreaterThan(0);
    expect(await used(free.id)).toBe(1);
  });

  it("answers 200 on starter", async () => {
    const starter = await newAccount("starter");
    expect((await call("/describe/stripe.com", { headers: bearer(starter.secret) })).status).toBe(200);
  });
});
