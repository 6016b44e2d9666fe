// One or more lookups of one account, each answered exactly as POST /transaction answers it: its row, or its error
// (429 once the day's allowance is spent, 409 while an identical lookup runs). All of them cost one call to the
// account's Durable Object: with no provider the rows are computed first (no trip on a warm isolate) and the call
// counts and saves them; with a provider the object looks them up itself between flag and save (beta-account.ts).
import { mirrorBetaUsage } from "@brand/core/account/beta-usage";
import type { Principal } from "@brand/core/auth/authenticate";
import type { RowDeps } from "@brand/core/beta/build-row";
import { identify, recheckSaved } from "@brand/core/beta/identify";
import { lookupDeps } from "@brand/core/beta/lookup-deps";
import { canonicalRequest, type TransactionRequest } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";
import { viaQueue } from "@brand/core/brands/request-indexing";
import { AppError, internalError } from "@brand/core/errors";
import { sha256Hex } from "@brand/core/ids";
import { nextUtcMidnight, utcDay } from "@brand/core/time";
import type { LookupItem, Outcome, RowJson } from "./beta-account.ts";
import type { Env } from "./env.ts";

/** A lookup's answer: its row as the JSON the response carries, or the error the single endpoint would give. */
export type Answer = { row: RowJson } | { error: AppError };

/** Each request's answer, in order, and the rate-limit headers as they stand after them all. */
export type Answered = { answers: Answer[]; headers: Record<string, string> };

export async function lookUp(env: Env, ctx: { waitUntil(p: Promise<unknown>): void }, principal: Principal, requests: TransactionRequest[], now: Date): Promise<Answered> {
  const { accountId, betaDailyLimit: limit } = principal;
  // Our own stages' dependencies: no provider here (the object calls it, when one is configured).
  const ownDeps = () => lookupDeps(env.DB, { imgBaseUrl: env.IMG_BASE_URL, provider: null });
  // With a provider, the row waits for the provider, which is only called once the lookup is counted and flagged.
  const deps = env.ENRICHMENT_URL ? null : await ownDeps();
  const items = await Promise.all(
    requests.map(async (request): Promise<LookupItem> => {
      const transactionId = await sha256Hex(`${accountId}\n${canonicalRequest(request)}`);
      return deps ? { transactionId, row: JSON.stringify(await identify(deps, request, { transactionId, accountId })) } : { transactionId, request };
    }),
  );
  const account = env.BETA_ACCOUNT.get(env.BETA_ACCOUNT.idFromName(accountId));
  const day = utcDay(now);
  const { used, outcomes } = await account.lookUp({ day, limit, now: now.getTime(), accountId, items });

  // The dashboard (JSON host) reads the day's count from D1; the account's object stays the authority.
  const mirrored = outcomes.some((o) => o.state !== "limited") ? mirrorBetaUsage(env.DB, principal, day, used, now) : null;
  if (mirrored) ctx.waitUntil(mirrored);
  const indexing = deps && outcomes.some((o) => o.state === "new") ? deps.startDueIndexing(viaQueue(env.INDEX_QUEUE), now) : null;
  if (indexing) ctx.waitUntil(indexing);

  const answers = await Promise.all(
    outcomes.map((outcome, i) => answer(outcome, items[i], requests[i], () => deps ?? ownDeps())),
  );
  return { answers, headers: rateLimitHeaders(limit, used, now) };
}

async function answer(outcome: Outcome, item: LookupItem, request: TransactionRequest, deps: () => RowDeps | Promise<RowDeps>): Promise<Answer> {
  switch (outcome.state) {
    case "limited":
      return { error: new AppError("rate_limited", "Daily beta allowance spent; it resets at midnight UTC.") };
    case "running":
      return { error: new AppError("conflict", "This transaction is already being looked up; retry in 2 seconds.") };
    case "failed":
      return { error: internalError() };
    case "saved":
      return { row: await savedRow(await deps(), outcome.row, request) };
    case "new":
      return { row: outcome.row ?? (item as { row: RowJson }).row };
  }
}

/** A saved row, its merchant checked again (identify.ts recheckSaved): its own JSON while it still stands. */
async function savedRow(deps: RowDeps, saved: RowJson, request: TransactionRequest): Promise<RowJson> {
  const row = JSON.parse(saved) as IdentityRow;
  const checked = await recheckSaved(deps, row, request);
  return checked === row ? saved : JSON.stringify(checked);
}

/** The spec's headers on a 200, 409 and 429: the allowance as it stands after the lookup. */
function rateLimitHeaders(limit: number, used: number, now: Date): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(Math.max(limit - used, 0)),
    "X-RateLimit-Reset": String(nextUtcMidnight(now)),
  };
}

/**
 * The headers a lookup's error carries on its own: on a 409 and a 429 the rate-limit headers and a Retry-After (2 s on
 * a 409, per the spec; the seconds to the reset on a 429), none on others.
 */
export function errorHeaders(error: AppError, headers: Record<string, string>, now: Date): Record<string, string> {
  if (error.code === "conflict") return { ...headers, "Retry-After": "2" };
  if (error.code === "rate_limited") {
    return { ...headers, "Retry-After": String(Math.max(Number(headers["X-RateLimit-Reset"]) - Math.floor(now.getTime() / 1000), 1)) };
  }
  return {};
}
