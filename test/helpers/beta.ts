import { env } from "cloudflare:workers";
import { forgetCorpusIndex, type DomainFacts } from "@brand/core/beta/corpus-index";
import { identify } from "@brand/core/beta/identify";
import { transactionRequestSchema } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";
import { lookupDeps } from "@brand/core/beta/lookup-deps";
import { awaitsIndexing } from "@brand/core/brands/request-indexing";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import worker from "../../workers/beta/src/index.ts";
import { call } from "./http.ts";

export const today = () => new Date().toISOString().slice(0, 10);

const transactionInit = (body: unknown, key: string | null, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...(key === null ? {} : { Authorization: `Bearer ${key}` }), ...headers },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

/** POST /transaction to the beta host as configured for tests (the fake Ntropy as its provider). */
export function postTransaction(body: unknown, key: string | null, headers: Record<string, string> = {}) {
  return call("/transaction", transactionInit(body, key, headers));
}

/** POST /transaction with no provider configured: our own stages alone, the row computed before the one DO call. */
export async function postWithoutProvider(body: unknown, key: string | null, path = "/transaction"): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`https://worker.test${path}`, transactionInit(body, key)), { ...env, ENRICHMENT_URL: "" }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** POST /transactions (the batch), with the test provider or, `provider: false`, without one. */
export function postBatch(body: unknown, key: string | null, { provider = true, headers = {} }: { provider?: boolean; headers?: Record<string, string> } = {}) {
  return provider ? call("/transactions", transactionInit(body, key, headers)) : postWithoutProvider(body, key, "/transactions");
}

/** The account's Durable Object: its day's count, in-flight flags and saved rows. */
export const accountObject = (accountId: string) => env.BETA_ACCOUNT.get(env.BETA_ACCOUNT.idFromName(accountId));

/**
 * Lookups of `transactionId` through the account's object, each with the row the caller brings (as the beta host does
 * with no provider), at `now`: counted, then saved unless a saved row or a flag holds the transaction.
 */
export const lookUpWithRow = (accountId: string, transactionId: string, row: string, now = Date.now()) =>
  accountObject(accountId).lookUp({ day: today(), limit: 1000, now, accountId, items: [{ transactionId, row }] });

/**
 * Another request for this transaction, counted at `now` and still running: what a provider lookup in the object
 * holds while it waits (counted through the object, then its saved row turned back into the flag).
 */
export async function startedElsewhere(accountId: string, transactionId: string, now = Date.now()) {
  const settled = await lookUpWithRow(accountId, transactionId, "", now);
  await runInDurableObject(accountObject(accountId), (_, state) => {
    state.storage.sql.exec("UPDATE lookups SET state = 'running', row = NULL WHERE id = ?", transactionId);
  });
  return settled;
}

/** Lookups counted today for an account, read from its object. */
export const countedToday = (accountId: string) => accountObject(accountId).used(today());

/** The pipeline's dependencies as the beta host builds them, with no provider, read afresh from D1; `indexed` collects
 * the domains a row would start indexing. */
export async function ownStageDeps(indexed: string[] = []) {
  forgetCorpusIndex();
  const deps = await lookupDeps(env.DB, { imgBaseUrl: "https://img.test", provider: null });
  return { ...deps, indexLater: (found: DomainFacts, domain: string) => void (awaitsIndexing(found) && indexed.push(domain)) };
}

export const context = {
  date: "2026-01-15",
  amount: 12.5,
  currency: "USD",
  entry_type: "outgoing",
};

/**
 * The row our own stages give `transaction` (with `context` when `withContext`, a `country_code` when given), for
 * `accountId`; the transaction id is the descriptor and its hint, so each case is a lookup of its own.
 */
export async function ownStageRow(
  accountId: string,
  transaction: string,
  { withContext = false, country_code }: { withContext?: boolean; country_code?: string } = {},
): Promise<IdentityRow> {
  const request = transactionRequestSchema().parse({ transaction, ...(withContext && { transaction_context: context }), ...(country_code && { country_code }) });
  return identify(await ownStageDeps(), request, { transactionId: country_code ? `${transaction}:${country_code}` : transaction, accountId });
}

/**
 * One account's lookups in a seeded-corpus test: a descriptor's row, and expectations over several, each a lookup of
 * its own with the descriptor named in any failure.
 */
export function ownStageCases(accountId: string) {
  const row = (transaction: string, withContext = false) => ownStageRow(accountId, transaction, { withContext });
  const expectEach = async (descriptors: readonly string[], withContext: boolean, shape: (descriptor: string) => object) => {
    for (const descriptor of descriptors) expect(await row(descriptor, withContext), descriptor).toMatchObject(shape(descriptor));
  };
  return {
    row,
    /** Each descriptor matched to its domain. */
    expectMatched: (cases: Record<string, string>, withContext = false) =>
      expectEach(Object.keys(cases), withContext, (descriptor) => ({ status: "matched", domain: cases[descriptor] })),
    /** Each descriptor cleaned, no merchant named. */
    expectCleaned: (descriptors: readonly string[], withContext = false) => expectEach(descriptors, withContext, () => ({ status: "cleaned", domain: null })),
    /** Each a transfer to a person, with the transaction's context: cleaned, no site, the person's entity type. */
    expectPeople: (descriptors: readonly string[]) =>
      expectEach(descriptors, true, () => ({ status: "cleaned", domain: null, entity_type: "person" })),
  };
}
