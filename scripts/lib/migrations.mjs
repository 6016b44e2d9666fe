// D1 migrations: the files under migrations/ that the database has not applied yet (wrangler records applied ones in
// its d1_migrations table), applied with `wrangler d1 migrations apply`, locally (npm start, the benches, the
// rehearsal) or remotely (deploy).
import { readdirSync } from "node:fs";
import { PERSIST_TO, ROOT } from "./local-env.mjs";
import { d1Query, targetFlags, wrangler } from "./wrangler-cli.mjs";

export const migrationFiles = () => readdirSync(`${ROOT}migrations`).filter((f) => f.endsWith(".sql")).sort();

/** Migration files not applied to the database yet (all of them when it does not exist yet: `exists` false). */
export async function pendingMigrations(target, config, database, exists = true) {
  if (!exists) return migrationFiles();
  const [tables] = await d1Query(target, config, database, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'");
  const applied = new Set();
  if (tables.length) {
    const [rows] = await d1Query(target, config, database, "SELECT name FROM d1_migrations");
    for (const row of rows) applied.add(row.name);
  }
  return migrationFiles().filter((f) => !applied.has(f));
}

export async function applyMigrations(target, config, database) {
  await wrangler(["d1", "migrations", "apply", database, ...targetFlags(target), "-c", config]);
}

/** Applies the migrations to local state, as the root wrangler.toml names the database (npm start's by default). */
export const applyLocalMigrations = (persistTo = PERSIST_TO) => applyMigrations({ local: { persistTo } }, `${ROOT}wrangler.toml`, "brand-db");
