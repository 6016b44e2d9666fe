// GET /account and GET /account/usage: the dashboard's overview. Secret key only (spec's 401 rules), never metered,
// never 429; the numbers come from the same tables the pool, the ledger and the beta mirror write.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { recordBetaUsage } from "@brand/core/account/beta-usage";
import { revokeKey, rotateKey, updateAccount } from "@brand/core/auth/accounts";
import { addLedgerEntry, chargeBrandRequest } from "@brand/core/billing/credits";
import { recordRequests } from "@brand/core/billing/usage";
import { newAccount } from "../helpers/accounts.ts";
import { bearer, call } from "../helpers/http.ts";

type Overview = {
  id: string;
  name: string | null;
  plan: string;
  credits: { balance: number; monthly_grant: number; can_buy: boolean; renews_on: string };
  requests: { used: number; pool: number; enforced: boolean; period_start: string; resets_on: string };
  beta: { enabled: boolean; daily_limit: number; used_today: number; resets_at: string };
};
type Usage = {
  period: string;
  period_start: string;
  resets_on: string;
  days: { day: string; img: number; api: number; beta: number }[];
  totals: { img: number; api: number; beta: number };
  ledger: { kind: string; amount: number; balance_after: number; reason: string; created_at: string }[];
};

const now = new Date();
const today = now.toISOString().slice(0, 10);
const month = today.slice(0, 7);
const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
const nextMidnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

const get = async <T>(path: string, key: string) => {
  const response = await call(path, { headers: bearer(key) });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

const poolUsed = async (accountId: string) =>
  (await env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM usage_daily WHERE account_id = ?").bind(accountId).first<number>("n"))!;

async function expectMsg401(response: Response) {
  expect(response.status).toBe(401);
  expect(Object.keys((await response.json()) as object)).toEqual(["msg"]);
}

let pro: Awaited<ReturnType<typeof newAccount>>;
beforeAll(async () => {
  pro = await newAccount("pro", { beta: true });
});

describe("GET /account", () => {
  it("shows plan, credits, this month's pool and today's beta allowance", async () => {
    const account = await get<Overview>("/account", pro.secret);
    expect(account).toEqual({
      id: pro.id,
      name: null,
      plan: "pro",
      credits: { balance: 15_000, monthly_grant: 15_000, can_buy: true, renews_on: nextMonth },
      requests: { used: 0, pool: 1_000_000, enforced: false, period_start: `${month}-01`, resets_on: nextMonth },
      beta: { enabled: true, daily_limit: 1_000, used_today: 0, resets_at: nextMidnight },
    });
  });

  it("shows a free account's enforced pool and beta off", async () => {
    const free = await newAccount("free", { beta: false });
    const account = await get<Overview>("/account", free.secret);
    expect(account.requests).toMatchObject({ pool: 5_000, enforced: true });
    expect(account.credits).toMatchObject({ balance: 500, monthly_grant: 500, can_buy: false });
    expect(account.beta).toMatchObject({ enabled: false, used_today: 0 });
  });

  it("counts this month's image and JSON requests, and today's mirrored beta lookups", async () => {
    const account = await newAccount("starter");
    await recordRequests(env.DB, account.id, "img", today, 7);
    await recordRequests(env.DB, account.id, "api", today, 3);
    await recordRequests(env.DB, account.id, "img", "2000-01-15", 50); // another period
    await recordBetaUsage(env.DB, account.id, today, 4);
    await recordBetaUsage(env.DB, account.id, "2000-01-15", 9); // another day
    const overview = await get<Overview>("/account", account.secret);
    expect(overview.requests.used).toBe(10);
    expect(overview.beta.used_today).toBe(4);
  });

  it("applies a due monthly grant before showing the balance", async () => {
    const account = await newAccount("pro");
    await addLedgerEntry(env.DB, account.id, "adjust", -5, "spent last month", now);
    await env.DB.prepare("UPDATE accounts SET credits_period = '2000-01' WHERE id = ?").bind(account.id).run();
    expect((await get<Overview>("/account", account.secret)).credits.balance).toBe(15_000);
    expect((await get<Overview>("/account", account.secret)).credits.balance).toBe(15_000); // once per period
  });

  it("is not metered: looking at the account costs no request", async () => {
    const account = await newAccount("pro");
    for (let i = 0; i < 3; i++) await get("/account", account.secret);
    await get("/account/usage", account.secret);
    // One metered call after them: once its count lands, the pool holds exactly that one.
    expect((await call("/search?q=stripe", { headers: bearer(account.secret) })).status).toBe(200);
    await expect.poll(() => poolUsed(account.id), { timeout: 3_000 }).toBe(1);
    await get("/account", account.secret);
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the 250 ms coalescing window
    expect(await poolUsed(account.id)).toBe(1);
  });

  it("still answers a free account past its pool (which the rest of the API refuses with 429)", async () => {
    const free = await newAccount("free");
    await recordRequests(env.DB, free.id, "img", today, 5_000);
    expect((await call("/search?q=stripe", { headers: bearer(free.secret) })).status).toBe(429);
    const overview = await get<Overview>("/account", free.secret);
    expect(overview.requests).toMatchObject({ used: 5_000, pool: 5_000, enforced: true });
  });
});

describe("GET /account/usage", () => {
  it("lists every day of the month so far by host, with totals", async () => {
    const account = await newAccount("pro");
    await recordRequests(env.DB, account.id, "img", today, 12);
    await recordRequests(env.DB, account.id, "api", today, 5);
    await recordBetaUsage(env.DB, account.id, today, 2);
    const usage = await get<Usage>("/account/usage", account.secret);
    expect(usage).toMatchObject({ period: month, period_start: `${month}-01`, resets_on: nextMonth });
    expect(usage.days).toHaveLength(now.getUTCDate());
    expect(usage.days[0].day).toBe(`${month}-01`);
    expect(usage.days.at(-1)).toEqual({ day: today, img: 12, api: 5, beta: 2 });
    expect(usage.totals).toEqual({ img: 12, api: 5, beta: 2 });
    expect(usage.days.slice(0, -1).every((d) => d.img + d.api + d.beta === 0)).toBe(true);
  });

  it("shows this period's ledger, newest first, and nothing from earlier periods", async () => {
    const account = await newAccount("pro");
    await env.DB.prepare(
      `INSERT INTO credit_ledger (account_id, kind, amount, balance_after, reason, created_at)
       SELECT id, 'adjust', 0, credits, 'old entry', '2000-01-15T00:00:00.000Z' FROM accounts WHERE id = ?`,
    )
      .bind(account.id)
      .run();
    await chargeBrandRequest(env.DB, account.id, "pro", "brand stripe.com", now);
    const { ledger } = await get<Usage>("/account/usage", account.secret);
    expect(ledger.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ["charge", -5, 14_995],
      ["grant", 15_000, 15_000],
    ]);
    expect(ledger[0].reason).toBe("brand stripe.com");
  });

  it("shows only the caller's own account", async () => {
    const other = await newAccount("pro");
    await recordRequests(env.DB, other.id, "img", today, 99);
    expect((await get<Usage>("/account/usage", pro.secret)).totals.img).toBe(0);
  });
});

describe("the spec's 401 rules on /account", () => {
  it.each(["/account", "/account/usage"])("%s refuses no key, a publishable key, a beta key, a bare key", async (path) => {
    await expectMsg401(await call(path));
    await expectMsg401(await call(path, { headers: bearer(pro.publishable) }));
    await expectMsg401(await call(path, { headers: bearer(pro.beta) }));
    await expectMsg401(await call(path, { headers: { Authorization: pro.secret } }));
    await expectMsg401(await call(path, { headers: bearer(`sk_${"Z".repeat(32)}`) }));
  });

  it("refuses a rotated or revoked secret key", async () => {
    const account = await newAccount("pro");
    const fresh = await rotateKey(env.DB, account.id, "secret", now);
    await expectMsg401(await call("/account", { headers: bearer(account.secret) }));
    expect((await call("/account", { headers: bearer(fresh) })).status).toBe(200);
    const { id } = (await env.DB.prepare("SELECT id FROM api_keys WHERE account_id = ? AND kind = 'secret' AND revoked_at IS NULL")
      .bind(account.id)
      .first<{ id: string }>())!;
    await revokeKey(env.DB, account.id, id, now);
    await expectMsg401(await call("/account", { headers: bearer(fresh) }));
  });

  it("reflects plan changes at once", async () => {
    const account = await newAccount("free");
    await updateAccount(env.DB, account.id, { plan: "pro", beta: true, beta_daily_limit: 5_000 }, now);
    const overview = await get<Overview>("/account", account.secret);
    expect(overview).toMatchObject({ plan: "pro", beta: { enabled: true, daily_limit: 5_000 }, credits: { balance: 15_000 } });
  });
});
