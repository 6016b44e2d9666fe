// Reading a logo master from R2 within the source limits: an oversized object is refused from its size, unread, so
// a huge file never lands in the isolate's memory.
import type { VariantSpec } from "./params.ts";
import { UnusableSource } from "./render.ts";
import { smallMasterKey, smallMasterServes } from "./small-master.ts";
import { MAX_SOURCE_BYTES } from "./source-guard.ts";

export type MasterRef = { key: string; width: number; height: number };

export async function readMaster(bucket: R2Bucket, key: string): Promise<ArrayBuffer> {
  const bytes = await readIfStored(bucket, key);
  if (!bytes) throw new UnusableSource(`master ${key} is missing from R2`);
  return bytes;
}

/**
 * The bytes to render `spec` from: the small master when the variant fits inside it, else (or when it is missing:
 * masters stored before small ones existed) the master itself. Pass the master's size to renderLogo as well.
 */
export async function readMasterFor(bucket: R2Bucket, master: MasterRef, spec: VariantSpec): Promise<ArrayBuffer> {
  const small = smallMasterServes(master, spec) ? await readIfStored(bucket, smallMasterKey(master.key)) : null;
  return small ?? readMaster(bucket, master.key);
}

async function readIfStored(bucket: R2Bucket, key: string): Promise<ArrayBuffer | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  if (object.size > MAX_SOURCE_BYTES) {
    await object.body.cancel();
    throw new UnusableSource(`master ${key} is ${object.size} bytes, over ${MAX_SOURCE_BYTES}`);
  }
  return object.arrayBuffer();
}
