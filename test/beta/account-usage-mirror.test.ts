// The beta host mirrors each account's daily count into D1 after every counted lookup, for the dashboard on the JSON
// host (which cannot reach the beta host's BetaAccount Durable Object). The counter stays the authority; the mirror follows it.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { betaUsedToday, recordBetaUsage } from "@brand/core/account/beta-usage";
import worker from "../../workers/beta/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { countedToday, today } from "../helpers/beta.ts";

/** A lookup through the Worker, waiting for its waitUntil work (the mirror write) to finish. */
async function lookup(key: string, body: unknown) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request("https://beta.test/transaction", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const mirrored = (accountId: string) => betaUsedToday(env.DB, accountId, new Date());

describe("beta usage mirror", () => {
  it("follows the daily counter after each counted lookup (a repeated transaction counts again)", async () => {
    const account = await newAccount("pro", { beta: true });
    expect(await mirrored(account.id)).toBe(0);
    for (const transaction of ["JOES COFFEE", "ACME HARDWARE", "JOES COFFEE"]) {
      expect((await lookup(account.beta, { transaction })).status).toBe(200);
    }
    expect(await countedToday(account.id)).toBe(3);
    expect(await mirrored(account.id)).toBe(3);
  });

  it("does not count a refused lookup (400, 401, 403), like the counter", async () => {
    const account = await newAccount("pro", { beta: true });
    expect((await lookup(account.beta, { transaction: "" })).status).toBe(400);
    expect((await lookup(account.beta, { transaction: "X", surprise: 1 })).status).toBe(400);
    expect((await lookup(`tx_beta_${"Q".repeat(32)}`, { transaction: "JOES COFFEE" })).status).toBe(401);
    const off = await newAccount("pro", { beta: false });
    expect((await lookup(off.beta, { transaction: "JOES COFFEE" })).status).toBe(403);
    expect(await mirrored(account.id)).toBe(0);
    expect(await mirrored(off.id)).toBe(0);
  });

  it("stops at the allowance: a 429 adds nothing", async () => {
    const account = await newAccount("pro", { beta: true });
    await env.DB.prepare("UPDATE accounts SET beta_daily_limit = 2 WHERE id = ?").bind(account.id).run();
    for (const transaction of ["A SHOP", "B SHOP"]) expect((await lookup(account.beta, { transaction })).status).toBe(200);
    expect((await lookup(account.beta, { transaction: "C SHOP" })).status).toBe(429);
    expect(await mirrored(account.id)).toBe(2);
  });

  it("keeps the larger count when writes arrive late or twice", async () => {
    const account = await newAccount("pro", { beta: true });
    await recordBetaUsage(env.DB, account.id, today(), 5);
    await recordBetaUsage(env.DB, account.id, today(), 3); // a late write of an earlier count
    await recordBetaUsage(env.DB, account.id, today(), 5);
    expect(await mirrored(account.id)).toBe(5);
  });
});
