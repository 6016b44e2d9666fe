// The storage the three Workers share: one D1 database, one R2 bucket, one KV namespace and two queues, found on the
// account by name and created (with wrangler) when missing. Names come from the deployment's prefix
// (scripts/lib/worker-configs.mjs), so a second run finds what the first made, from any machine.
import { wrangler } from "../wrangler-cli.mjs";

/**
 * What exists of each resource.
 * @param {{ get(path: string): Promise<any>, list(path: string): Promise<any[]> }} api
 * @param {{ database: string, bucket: string, kv: string, queues: string[] }} names
 */
export async function findResources(api, names) {
  const [databases, buckets, namespaces, queues] = await Promise.all([
    api.get(`/d1/database?name=${encodeURIComponent(names.database)}`),
    api.get(`/r2/buckets?name_contains=${encodeURIComponent(names.bucket)}`),
    api.list("/storage/kv/namespaces"),
    api.list("/queues"),
  ]);
  const database = (databases ?? []).find((d) => d.name === names.database);
  const kv = namespaces.find((n) => n.title === names.kv);
  return [
    { kind: "D1 database", name: names.database, id: database?.uuid ?? null, exists: Boolean(database) },
    { kind: "R2 bucket", name: names.bucket, id: null, exists: (buckets?.buckets ?? []).some((b) => b.name === names.bucket) },
    { kind: "KV namespace", name: names.kv, id: kv?.id ?? null, exists: Boolean(kv) },
    ...names.queues.map((name) => ({ kind: "queue", name, id: null, exists: queues.some((q) => q.queue_name === name) })),
  ];
}

const CREATE = {
  "D1 database": (name) => ["d1", "create", name],
  "R2 bucket": (name) => ["r2", "bucket", "create", name],
  "KV namespace": (name) => ["kv", "namespace", "create", name],
  queue: (name) => ["queues", "create", name],
};

/** Creates the missing ones, one wrangler command each. */
export async function createResources(missing, log) {
  for (const resource of missing) {
    await wrangler(CREATE[resource.kind](resource.name));
    log(`      created ${resource.kind} ${resource.name}`);
  }
}

/** The ids the Workers' configs need, from a list of found resources. */
export function resourceIds(resources) {
  const id = (kind) => resources.find((r) => r.kind === kind)?.id;
  return { database: id("D1 database"), kv: id("KV namespace") };
}
