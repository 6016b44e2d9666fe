// The credit ledger: atomic charges, no overdraw and no double charge under concurrency, the monthly grant.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addLedgerEntry, applyMonthlyGrant, chargeBrandRequest } from "@brand/core/billing/credits";
import { AppError } from "@brand/core/errors";
import { countRows, newAccount } from "../helpers/accounts.ts";

const balance = async (id: string) =>
  (await env.DB.prepare("SELECT credits FROM accounts WHERE id = ?").bind(id).first<number>("credits"))!;

describe("credit ledger", () => {
  it("grants the plan's monthly credits on creation, once", async () => {
    const free = await newAccount("free");
    const pro = await newAccount("pro");
    expect(await balance(free.id)).toBe(500);
    expect(await balance(pro.id)).toBe(15_000);
    await applyMonthlyGrant(env.DB, free.id, "free", new Date());
    expect(await balance(free.id)).toBe(500);
    expect(await countRows("credit_ledger", "account_id = ? AND kind = 'grant'", free.id)).toBe(1);
  });

  it("renews next month by topping up to the grant, keeping purchased credits above it", async () => {
    const account = await newAccount("free");
    await chargeBrandRequest(env.DB, account.id, "pro", "brand stripe.com", new Date());
    expect(await balance(account.id)).toBe(495);
    const nextMonth = new Date(Date.now() + 32 * 24 * 3600 * 1000);
    await applyMonthlyGrant(env.DB, account.id, "free", nextMonth);
    expect(await balance(account.id)).toBe(500);

    const pro = await newAccount("pro");
    await addLedgerEntry(env.DB, pro.id, "purchase", 5_000, "bought", new Date());
    await applyMonthlyGrant(env.DB, pro.id, "pro", nextMonth);
    expect(await balance(pro.id)).toBe(20_000);
  });

  it("never overdraws or double-charges under concurrent brand requests", async () => {
    const account = await newAccount("free");
    // Leave exactly 10 charges' worth: 50 credits.
    await addLedgerEntry(env.DB, account.id, "adjust", -450, "test setup", new Date());
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => chargeBrandRequest(env.DB, account.id, "pro", `brand #${i}`, new Date())),
    );
    const charged = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(charged).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "payment_required" });
    expect(await balance(account.id)).toBe(0);
    expect(await countRows("credit_ledger", "account_id = ? AND kind = 'charge'", account.id)).toBe(10);
    // Every balance_after is distinct: no two charges saw the same balance.
    const { results: rows } = await env.DB.prepare(
      "SELECT balance_after FROM credit_ledger WHERE account_id = ? AND kind = 'charge' ORDER BY id",
    )
      .bind(account.id)
      .all<{ balance_after: number }>();
    expect(rows.map((r) => r.balance_after)).toEqual([45, 40, 35, 30, 25, 20, 15, 10, 5, 0]);
  });

  it("refuses a charge below the cost with 402 and writes nothing", async () => {
    const account = await newAccount("free");
    await addLedgerEntry(env.DB, account.id, "adjust", -496, "test setup", new Date());
    const before = await countRows("credit_ledger", "account_id = ?", account.id);
    const error = await chargeBrandRequest(env.DB, account.id, "pro", "brand", new Date()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(402);
    expect(await balance(account.id)).toBe(4);
    expect(await countRows("credit_ledger", "account_id = ?", account.id)).toBe(before);
  });

  it("keeps the balance equal to the sum of the ledger", async () => {
    const account = await newAccount("pro");
    await addLedgerEntry(env.DB, account.id, "purchase", 1_000, "bought", new Date());
    await chargeBrandRequest(env.DB, account.id, "pro", "brand", new Date());
    const sum = await env.DB.prepare("SELECT SUM(amount) AS s FROM credit_ledger WHERE account_id = ?")
      .bind(account.id)
      .first<number>("s");
    expect(await balance(account.id)).toBe(sum);
  });
});
