// Local state for the beta host bench, in its own persist folder (never .wrangler/state, which `npm start` uses):
// D1 migrations and the whole seed corpus, written exactly as `npm start` and a deploy write it (scripts/seed.mjs:
// brands, crypto, exchanges, indices, parents, payment platforms, logo masters; the descriptor engine matches against
// it), then one account with beta on, its beta key, and a daily allowance no run can spend.
import { existsSync, readdirSync } from "node:fs";
import { createAccount, updateAccount } from "../../packages/core/src/auth/accounts.ts";
import { sourceConfig } from "../../scripts/lib/worker-configs.mjs";
import { freshState } from "./state.mjs";

/**
 * @param {{ dir: string, dailyLimit: number }} o
 * @returns {Promise<{ accountId: string, betaKey: string, dailyLimit: number, corpus: object, seedMs: number }>}
 */
export async function prepareBetaState({ dir, dailyLimit }) {
  const t0 = performance.now();
  const proxy = await freshState(dir, { seed: true });
  const seedMs = Math.round(performance.now() - t0);
  try {
    const { env } = proxy;
    const count = async (query) => (await env.DB.prepare(query).first("n")) ?? 0;
    const corpus = {
      brands: await count("SELECT COUNT(*) AS n FROM brands"),
      brands_with_logo: await count("SELECT COUNT(*) AS n FROM brands WHERE logo_key IS NOT NULL"),
      crypto: await count("SELECT COUNT(*) AS n FROM identifiers WHERE kind = 'crypto'"),
      exchanges: await count("SELECT COUNT(*) AS n FROM exchanges"),
      parents: await count("SELECT COUNT(*) AS n FROM parents"),
      platforms: await count("SELECT COUNT(*) AS n FROM platforms"),
      brand_keys: await count("SELECT COUNT(*) AS n FROM brand_keys"),
      indexed_domains: await count("SELECT COUNT(*) AS n FROM domains WHERE state = 'indexed'"),
      pending_domains: await count("SELECT COUNT(*) AS n FROM domains WHERE state = 'pending'"),
      platform_prefixes: await count("SELECT COUNT(*) AS n FROM platform_prefixes"),
    };
    if (corpus.brand_keys === 0 || corpus.platform_prefixes === 0) throw new Error(`the corpus was not seeded: ${JSON.stringify(corpus)}`);

    const now = new Date();
    const { account, keys } = await createAccount(env.DB, { plan: "pro", name: "Bench beta", beta: true }, now);
    const updated = await updateAccount(env.DB, account.id, { beta_daily_limit: dailyLimit }, now);
    if (updated.beta !== 1 || updated.beta_daily_limit !== dailyLimit) {
      throw new Error(`the bench account is not set up: beta ${updated.beta}, beta_daily_limit ${updated.beta_daily_limit}`);
    }
    return { accountId: account.id, betaKey: keys.beta, dailyLimit, corpus, seedMs };
  } finally {
    await proxy.dispose();
  }
}

/**
 * The Durable Objects the run left in the state, by class (locally each object is a SQLite file of its own under
 * v3/do/<worker>-<class>). The classes are read from the beta's wrangler.toml at run time, whatever they are called.
 */
export function durableObjectsMade(dir) {
  const config = sourceConfig("beta");
  const classes = [...new Set((config.durable_objects?.bindings ?? []).map((b) => b.class_name))];
  return Object.fromEntries(
    classes.map((name) => {
      const objects = `${dir}/v3/do/${config.name}-${name}`;
      return [name, existsSync(objects) ? readdirSync(objects).filter((f) => f.endsWith(".sqlite")).length : 0];
    }),
  );
}
