// One piece of work per key at a time in this isolate: concurrent requests that need the same render share it
// instead of each decoding the same master.
const running = new Map<string, Promise<unknown>>();

export function once<T>(key: string, start: () => Promise<T>): Promise<T> {
  const shared = running.get(key) as Promise<T> | undefined;
  if (shared) return shared;
  const work = start().finally(() => running.delete(key));
  running.set(key, work);
  return work;
}
