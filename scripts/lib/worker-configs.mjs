// The Workers' wrangler configs as they run somewhere: generated from workers/*/wrangler.toml (the bindings, rules,
// crons and Durable Object migrations, written once there) with the names and ids of one place's resources, its URLs,
// hosts and variables. npm start, the e2e run, the deploy rehearsal and a deploy all run the configs made here, so
// no id is ever edited by hand and no file under workers/ changes.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { ROOT } from "./local-env.mjs";

export const WORKERS = ["img", "api", "beta"];
const SOURCE_PREFIX = "brand-";

/** The names a deployment's resources and Workers take: `brand-db` becomes `<prefix>-db`, and so on. */
export const resourceName = (prefix, sourceName) => `${prefix}-${sourceName.slice(SOURCE_PREFIX.length)}`;

/** A Worker's name in a deployment: `<prefix>-img`, `<prefix>-api`, `<prefix>-beta`. */
export const workerName = (prefix, worker) => resourceName(prefix, sourceConfig(worker).name);

/** The source config of a Worker (workers/<worker>/wrangler.toml), as wrangler reads it. */
export const sourceConfig = (worker) => experimental_readRawConfig({ config: `${ROOT}workers/${worker}/wrangler.toml` }).rawConfig;

/** Shared resources as declared once in the root wrangler.toml. */
export function sharedResources(prefix) {
  const root = experimental_readRawConfig({ config: `${ROOT}wrangler.toml` }).rawConfig;
  return {
    database: resourceName(prefix, root.d1_databases[0].database_name),
    bucket: resourceName(prefix, root.r2_buckets[0].bucket_name),
    kv: resourceName(prefix, "brand-variants"),
    queues: root.queues.producers.map((p) => resourceName(prefix, p.queue)),
    /** The ids local state is keyed by (wrangler stores a local D1 under its id). */
    localIds: { database: root.d1_databases[0].database_id, kv: root.kv_namespaces[0].id },
  };
}

/**
 * One Worker's config for a place.
 * @param {"img" | "api" | "beta"} worker
 * @param {{ prefix: string, ids: { database: string, kv: string }, dir: string, vars: Record<string, string>,
 *   route?: { pattern: string, custom_domain?: boolean, zone_name?: string } | null }} place
 *   `dir` is where the config is written (paths in it are relative to it).
 */
export function workerConfig(worker, { prefix, ids, dir, vars, route = null }) {
  const source = sourceConfig(worker);
  const rename = (name) => resourceName(prefix, name);
  const from = (path) => relative(dir, resolve(ROOT, "workers", worker, path));
  const config = {
    ...source,
    name: rename(source.name),
    main: from(source.main),
    vars: { ...source.vars, ...vars },
    workers_dev: !route,
    preview_urls: false,
    ...(route ? { routes: [route] } : {}),
  };
  if (source.d1_databases) {
    config.d1_databases = source.d1_databases.map((d) => ({
      ...d,
      database_name: rename(d.database_name),
      database_id: ids.database,
      migrations_dir: from(d.migrations_dir),
    }));
  }
  if (source.r2_buckets) config.r2_buckets = source.r2_buckets.map((b) => ({ ...b, bucket_name: rename(b.bucket_name) }));
  if (source.kv_namespaces) config.kv_namespaces = source.kv_namespaces.map((k) => ({ ...k, id: ids.kv }));
  if (source.queues) {
    config.queues = Object.fromEntries(
      Object.entries(source.queues).map(([kind, list]) => [kind, list.map((q) => ({ ...q, queue: rename(q.queue) }))]),
    );
  }
  return config;
}

/**
 * Writes the three Workers' configs under `dir/<worker>/wrangler.json`, each with its own `.dev.vars` when `devVars`
 * names some (wrangler dev reads it beside the config; a deploy never does). Returns the config paths.
 * @param {string} dir
 * @param {(worker: string, dir: string) => object} configOf
 * @param {Record<string, Record<string, string>>} [devVars]
 */
export function writeWorkerConfigs(dir, configOf, devVars = {}) {
  const paths = {};
  for (const worker of WORKERS) {
    const path = `${dir}/${worker}/wrangler.json`;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(configOf(worker, dirname(path)), null, 2)}\n`);
    const secrets = devVars[worker];
    if (secrets) {
      const text = Object.entries(secrets).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join("\n");
      writeFileSync(`${dirname(path)}/.dev.vars`, `# Generated (scripts/lib/worker-configs.mjs); local only.\n${text}\n`, { mode: 0o600 });
    }
    paths[worker] = path;
  }
  return paths;
}
