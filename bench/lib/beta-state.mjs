// Local state for the beta host bench, in its own persist folder (never .wrangler/state, which `npm start` uses):
// D1 migrations, the whole seed corpus (brands, crypto, exchanges, indices, parents, payment platforms: the descriptor
// engine matches against it), and one account with beta on, its beta key, and a daily allowance no run can spend.
//
// The corpus is written with the seed's own statements (packages/core/src/seed/write.ts), in the order
// scripts/seed.mjs writes them, with one difference: logo masters are not rasterised. A brand with an icon gets a
// placeholder master record (the R2 object is never written), so its domain is `indexed` exactly as after
// `npm run seed`, and a brand without one stays `pending`. The beta never reads a master (its rows carry
// `logo_url`, built from the domain), so the lookups see the same database as after a real seed. If
// scripts/seed.mjs changes what it writes, change this too.
//
// Speed: through getPlatformProxy every `db.prepare` costs ~4.5 ms of Node CPU, ~60 s for the corpus's ~12,500
// statements (and `wrangler d1 execute --file` takes ~30 s). So the statements are built against a recording
// stand-in for D1 (write.ts only calls prepare().bind()), turned into one script with the bound values inlined as SQL
// literals, and run with a single `DB.exec()` through the proxy: about 2 s.
import { createAccount, updateAccount } from "../../packages/core/src/auth/accounts.ts";
import {
  brandStatements,
  cryptoAsBrand,
  cryptoStatements,
  exchangeStatements,
  indexStatements,
  parentStatement,
  platformStatements,
} from "../../packages/core/src/seed/write.ts";
import { MASTER_SIZE } from "../../scripts/lib/logo-masters.mjs";
import { loadSeed } from "../../scripts/lib/seed-files.mjs";
import { freshState } from "./state.mjs";

/** Stands for a rasterised master: the row says a logo exists, which is all the beta reads of it. */
const PLACEHOLDER_MASTER = { key: "logos/bench-placeholder.png", width: MASTER_SIZE, height: MASTER_SIZE, blurhash: "L00000fQfQfQfQfQfQfQfQfQfQfQ" };

/**
 * @param {{ dir: string, dailyLimit: number }} o
 * @returns {Promise<{ accountId: string, betaKey: string, dailyLimit: number, corpus: object, seedMs: number }>}
 */
export async function prepareBetaState({ dir, dailyLimit }) {

  const proxy = await freshState(dir);
  try {
    const { env } = proxy;
    const now = new Date();
    const t0 = performance.now();
    const { sql, counts } = await corpusSql(now);
    const applied = await env.DB.exec(sql);
    if (applied.count !== counts.statements) throw new Error(`seeding ran ${applied.count} of ${counts.statements} statements`);
    const seedMs = Math.round(performance.now() - t0);
    const count = async (query) => (await env.DB.prepare(query).first("n")) ?? 0;
    const corpus = {
      ...counts,
      brand_keys: await count("SELECT COUNT(*) AS n FROM brand_keys"),
      indexed_domains: await count("SELECT COUNT(*) AS n FROM domains WHERE state = 'indexed'"),
      pending_domains: await count("SELECT COUNT(*) AS n FROM domains WHERE state = 'pending'"),
      platform_prefixes: await count("SELECT COUNT(*) AS n FROM platform_prefixes"),
    };
    if (corpus.brand_keys === 0 || corpus.platform_prefixes === 0) throw new Error(`the corpus was not seeded: ${JSON.stringify(corpus)}`);

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

/** A D1Database stand-in that records what write.ts prepares and binds. */
const recordingDb = { prepare: (sql) => ({ bind: (...params) => ({ sql, params }) }) };

/** scripts/seed.mjs's writes, without rasterising logos (see the top of this file), as one SQL script. */
async function corpusSql(now) {
  const db = recordingDb;
  const corpus = await loadSeed();
  const taken = new Set(corpus.brands.map((b) => b.domain));
  const cryptoBrands = corpus.crypto.map((asset) => {
    const brand = cryptoAsBrand(asset, taken);
    if (brand.domain) taken.add(brand.domain);
    return { asset, brand };
  });
  const brands = [...corpus.brands.map((b) => ({ ...b, key: b.domain })), ...cryptoBrands.map((c) => c.brand)];

  const statements = [];
  for (const brand of brands) statements.push(...(await brandStatements(db, brand, brand.icon ? PLACEHOLDER_MASTER : null, now)));
  for (const { asset, brand } of cryptoBrands) statements.push(...(await cryptoStatements(db, asset, brand.key)));
  for (const exchange of corpus.exchanges) statements.push(...(await exchangeStatements(db, exchange, taken)));
  for (const index of corpus.indices) statements.push(...(await indexStatements(db, index, taken)));
  for (const pair of corpus.parents) statements.push(await parentStatement(db, pair));
  for (const platform of corpus.platforms) statements.push(...(await platformStatements(db, platform)));

  return {
    // One statement a line: D1's exec() takes a script of statements separated by newlines.
    sql: statements.map(({ sql, params }) => inline(sql.replace(/\s+/g, " ").trim(), params)).join("\n"),
    counts: {
      brands: brands.length,
      brands_with_logo: brands.filter((b) => b.icon).length,
      crypto: corpus.crypto.length,
      exchanges: corpus.exchanges.length,
      indices: corpus.indices.length,
      parents: corpus.parents.length,
      platforms: corpus.platforms.length,
      statements: statements.length,
    },
  };
}

/** SQL text with its `?` and `?N` parameters replaced by literals (quoted text outside the parameters is kept). */
export function inline(sql, params) {
  let out = "";
  let next = 0;
  for (let i = 0; i < sql.length; ) {
    const ch = sql[i];
    if (ch === "'") {
      const end = sql.indexOf("'", i + 1);
      out += sql.slice(i, end + 1);
      i = end + 1;
    } else if (ch === "?") {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      const index = digits ? Number(digits) - 1 : next;
      next = Math.max(next, index + 1);
      if (index >= params.length) throw new Error(`parameter ${index + 1} is not bound in: ${sql}`);
      out += literal(params[index]);
      i += 1 + (digits?.length ?? 0);
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot bind ${value}`);
    return String(value);
  }
  if (typeof value === "string") return `'${value.replaceAll("'", "''").replace(/\r?\n/g, "' || char(10) || '")}'`;
  throw new Error(`cannot bind a ${typeof value}`);
}
