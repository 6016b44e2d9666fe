// Reading a logo master from R2 within the source limits: an oversized object is refused from its size, unread, so
// a huge file never lands in the isolate's memory.
import { UnusableSource } from "./render.ts";
import { MAX_SOURCE_BYTES } from "./source-guard.ts";

export async function readMaster(bucket: R2Bucket, key: string): Promise<ArrayBuffer> {
  const master = await bucket.get(key);
  if (!master) throw new UnusableSource(`master ${key} is missing from R2`);
  if (master.size > MAX_SOURCE_BYTES) {
    await master.body.cancel();
    throw new UnusableSource(`master ${key} is ${master.size} bytes, over ${MAX_SOURCE_BYTES}`);
  }
  return master.arrayBuffer();
}
