import { env } from "cloudflare:workers";
import { call } from "./http.ts";

export const today = () => new Date().toISOString().slice(0, 10);

export function postTransaction(body: unknown, key: string | null, headers: Record<string, string> = {}) {
  return call("/transaction", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Lookups counted today for an account, read from its counter object. */
export const countedToday = (accountId: string) =>
  env.DAILY_COUNTER.get(env.DAILY_COUNTER.idFromName(accountId)).used(today());

export const context = {
  date: "2026-01-15",
  amount: 12.5,
  currency: "USD",
  entry_type: "outgoing",
};
