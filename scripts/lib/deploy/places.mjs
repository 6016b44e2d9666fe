// Where a deploy goes: a Cloudflare account, or local state for the rehearsal. The deploy's steps are the same for
// both (scripts/deploy.mjs); a place says what exists there and how a Worker is shipped to it.
import { existsSync } from "node:fs";
import { ROOT } from "../local-env.mjs";
import { freePorts, hostUrls, portsFree } from "../local-services.mjs";
import { sharedResources, workerName, WORKERS } from "../worker-configs.mjs";
import { accountApi, resolveAccount, workersDevSubdomain } from "./cloudflare.mjs";
import { createResources, findResources, resourceIds } from "./resources.mjs";
import { deployedSecretNames, devVarsOf } from "./secrets.mjs";
import { readState } from "./state.mjs";
import { buildWorker, deployedTag, deployWorker } from "./workers.mjs";

/**
 * @typedef {{
 *   label: string, remote: boolean, dir: string, prefix: string, target: object,
 *   names: ReturnType<typeof sharedResources>, urls: { img: string, api: string, beta: string },
 *   routes: Record<string, object | null>, ports?: object, persistTo?: string,
 *   findResources(): Promise<Array<{ kind: string, name: string, id: string | null, exists: boolean }>>,
 *   createResources(missing: object[]): Promise<void>,
 *   ids(resources: object[]): { database: string, kv: string },
 *   secretNames(configPaths: Record<string, string>): Promise<Record<string, string[]>>,
 *   shippedTag(worker: string): Promise<string | null>,
 *   ship(worker: string, configPath: string, tag: string, secrets: object[]): Promise<string>,
 * }} Place
 */

/** A host from the config: a custom domain (a name) or a route on a zone; its URL. */
function hostRoute(host) {
  if (!host) return null;
  return typeof host === "string" ? { pattern: host, custom_domain: true } : { pattern: host.pattern, zone_name: host.zone_name };
}
const routeUrl = (route) => `https://${route.pattern.replace(/\/\*?$/, "")}`;

/** @returns {Promise<Place>} */
export async function remotePlace(options, log) {
  const account = await resolveAccount(options.config.account_id);
  // Every wrangler command after this one works on this account, without asking which.
  process.env.CLOUDFLARE_ACCOUNT_ID = account.id;
  const api = await accountApi(account.id);
  const prefix = options.config.name;
  const names = sharedResources(prefix);
  const routes = Object.fromEntries(WORKERS.map((w) => [w, hostRoute(options.config.hosts[w])]));
  const subdomain = WORKERS.every((w) => routes[w]) ? null : await workersDevSubdomain(api);
  const urls = Object.fromEntries(
    WORKERS.map((w) => [w, routes[w] ? routeUrl(routes[w]) : `https://${workerName(prefix, w)}.${subdomain}.workers.dev`]),
  );
  const dir = options.dir ?? `${ROOT}.deploy/${account.id}`;
  return {
    label: `Cloudflare account "${account.name}" (${account.id})`,
    remote: true,
    dir,
    prefix,
    target: {},
    names,
    urls,
    routes,
    findResources: () => findResources(api, names),
    createResources: (missing) => createResources(missing, log),
    ids: resourceIds,
    async secretNames() {
      return Object.fromEntries(await Promise.all(WORKERS.map(async (w) => [w, await deployedSecretNames(api, workerName(prefix, w))])));
    },
    shippedTag: (worker) => deployedTag(api, workerName(prefix, worker)),
    async ship(worker, configPath, tag, secrets) {
      await deployWorker(configPath, { tag, secrets, workDir: dir });
      return `deployed ${urls[worker]}`;
    },
  };
}

/** The rehearsal: local state under .deploy/local, local URLs on free ports, bundles built instead of uploaded. */
export async function localPlace(options) {
  const prefix = options.config.name;
  const dir = options.dir ?? `${ROOT}.deploy/local`;
  const persistTo = options.persistTo ?? `${dir}/state`;
  const names = sharedResources(prefix);
  const state = readState(dir);
  // The last run's ports when they are free, so an unchanged rehearsal generates the same configs.
  const ports = state.ports && (await portsFree(state.ports)) ? state.ports : await freePorts();
  return {
    label: `local state in ${persistTo.startsWith(ROOT) ? persistTo.slice(ROOT.length) : persistTo} (a rehearsal: nothing leaves this machine)`,
    remote: false,
    dir,
    prefix,
    target: { local: { persistTo } },
    names,
    urls: hostUrls(ports),
    routes: { img: null, api: null, beta: null },
    ports,
    persistTo,
    // Local storage exists as soon as something uses it.
    findResources: async () => [
      // (A dry run must not create it by reading it.)
      { kind: "D1 database", name: names.database, id: names.localIds.database, exists: existsSync(`${persistTo}/v3/d1`) },
      { kind: "R2 bucket", name: names.bucket, id: null, exists: true },
      { kind: "KV namespace", name: names.kv, id: names.localIds.kv, exists: true },
      ...names.queues.map((name) => ({ kind: "queue", name, id: null, exists: true })),
    ],
    createResources: async () => {},
    ids: () => names.localIds,
    async secretNames(configPaths) {
      return Object.fromEntries(WORKERS.map((w) => [w, existsSync(configPaths[w]) ? Object.keys(devVarsOf(configPaths[w])) : []]));
    },
    shippedTag: async (worker) => state.workers?.[worker]?.tag ?? null,
    async ship(worker, configPath) {
      return `bundle built (${await buildWorker(configPath, `${dir}/bundles/${worker}`)})`;
    },
  };
}
