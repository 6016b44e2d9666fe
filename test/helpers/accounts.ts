import { env } from "cloudflare:workers";
import { createAccount } from "@brand/core/auth/accounts";
import type { PlanName } from "@brand/core/billing/plans";

/** A fresh account with its three plain keys. */
export async function newAccount(plan: PlanName = "pro", options: { beta?: boolean } = {}) {
  const { account, keys } = await createAccount(env.DB, { plan, beta: options.beta ?? true }, new Date());
  return { id: account.id, ...keys };
}

export async function countRows(table: string, where = "1 = 1", ...binds: unknown[]): Promise<number> {
  return (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).bind(...binds).first<number>("n"))!;
}
