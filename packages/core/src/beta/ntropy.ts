// Ntropy API v3 as our enrichment provider (design §7). With context: the account holder is created under a hashed
// id (never the raw name as id), then POST /v3/transactions. Without context: POST /v3/entities/resolve with the
// descriptor alone, since /v3/transactions requires a date and amount the request does not have and the spec allows
// no placeholders. Sent: the descriptor, the context and the account holder, nothing else. Any error, 429 or timeout
// is "identified nobody": the fallback stages answer instead.
import { z } from "zod";
import { sha256Hex } from "../ids.ts";
import { NOBODY, type Context, type EnrichmentProvider, type ProviderAnswer, type ProviderEntity } from "./provider.ts";

export type NtropyConfig = {
  baseUrl: string;
  apiKey: string;
  /** Budget for the whole lookup, account holder included (design §7: about 3 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const Entity = z.object({ name: z.string().nullish(), website: z.string().nullish() });
const Enriched = z.object({
  entities: z
    .object({
      counterparty: Entity.extend({ type: z.enum(["person", "organization"]).nullish() }).nullish(),
      intermediaries: z.array(Entity).nullish(),
    })
    .nullish(),
  error: z.object({ code: z.string() }).nullish(),
});

/** Account holders already created from this isolate, so a repeat lookup makes one call, not two. */
const knownHolders = new Set<string>();
const MAX_KNOWN_HOLDERS = 10_000;

export function ntropyProvider(config: NtropyConfig): EnrichmentProvider {
  const base = config.baseUrl.replace(/\/$/, "");
  const timeoutMs = config.timeoutMs ?? 3_000;
  const doFetch = config.fetch ?? fetch;

  async function post(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
    return doFetch(`${base}${path}`, {
      method: "POST",
      headers: { "X-API-Key": config.apiKey, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  }

  /** Runs one lookup within the time budget; anything but a clean answer is nobody. */
  async function guarded(lookup: (signal: AbortSignal) => Promise<ProviderAnswer>): Promise<ProviderAnswer> {
    try {
      return await lookup(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      console.warn(`enrichment provider: no answer (${error instanceof Error ? error.name : "error"})`);
      return NOBODY;
    }
  }

  async function ensureHolder(accountId: string, holder: NonNullable<Context["account_holder"]>, signal: AbortSignal) {
    const id = `ah_${(await sha256Hex(`${accountId}\n${holder.type}\n${holder.name ?? ""}`)).slice(0, 32)}`;
    if (knownHolders.has(id)) return id;
    const response = await post("/v3/account_holders", { id, type: holder.type, ...(holder.name ? { name: holder.name } : {}) }, signal);
    // 400 is Ntropy's "an account holder with this id already exists".
    if (!response.ok && response.status !== 400) throw new ProviderError(response.status);
    await response.body?.cancel();
    if (knownHolders.size >= MAX_KNOWN_HOLDERS) knownHolders.clear();
    knownHolders.add(id);
    return id;
  }

  return {
    enrich: ({ id, accountId, description, context }) =>
      guarded(async (signal) => {
        const holderId = context.account_holder ? await ensureHolder(accountId, context.account_holder, signal) : null;
        const response = await post(
          "/v3/transactions",
          {
            id,
            description,
            date: context.date,
            amount: context.amount,
            entry_type: context.entry_type,
            currency: context.currency,
            account_holder_id: holderId,
          },
          signal,
        );
        if (!response.ok) throw new ProviderError(response.status);
        const body = Enriched.parse(await response.json());
        const party = body.entities?.counterparty;
        if (body.error || !party || !(party.name || party.website)) return NOBODY;
        return answer(party, party.type ?? null, body.entities?.intermediaries ?? []);
      }),
    resolve: (description) =>
      guarded(async (signal) => {
        const response = await post("/v3/entities/resolve", { name: description }, signal);
        if (!response.ok) throw new ProviderError(response.status);
        const entity = Entity.parse(await response.json());
        return entity.name || entity.website ? answer(entity, null, []) : NOBODY;
      }),
  };
}

function answer(
  party: z.infer<typeof Entity>,
  type: "person" | "organization" | null,
  intermediaries: z.infer<typeof Entity>[],
): ProviderAnswer {
  const entity = (e: z.infer<typeof Entity>): ProviderEntity => ({ name: e.name ?? null, website: e.website ?? null });
  return { found: true, type, ...entity(party), intermediaries: intermediaries.map(entity) };
}

class ProviderError extends Error {
  constructor(status: number) {
    super(`status ${status}`);
    this.name = `HTTP ${status}`;
  }
}
