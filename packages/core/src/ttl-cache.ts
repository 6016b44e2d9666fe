// A small per-isolate cache with a fixed life per entry and a bound on its size: what lets a warm isolate answer a
// repeated request without a trip to D1. Whatever it holds may be up to `ttlMs` old; each user states that bound.
//
// It holds values, never a load in flight: on Workers a request that awaits a promise another request started is
// cancelled when that request's context ends first, and a shared entry would stay poisoned for the isolate's life. So
// concurrent misses each read for themselves; the last to finish is kept.

type Entry<V> = { value: V; expires: number };

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /** The cached value while it is fresh, else undefined (no load: for a caller whose hit path must stay synchronous). */
  peek(key: K, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    return hit && hit.expires > now ? hit.value : undefined;
  }

  /** The cached value, or `load`'s, kept for `ttlMs` unless `keep` refuses it. */
  async through(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true, now = Date.now()): Promise<V> {
    const hit = this.peek(key, now);
    if (hit !== undefined) return hit;
    const value = await load();
    if (keep(value)) this.put(key, value, now);
    else this.entries.delete(key);
    return value;
  }

  /** Keeps `value` under `key` for `ttlMs` (or a shorter life of its own) from `now`, the oldest entry out when full. */
  put(key: K, value: V, now = Date.now(), ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expires: now + Math.min(ttlMs, this.ttlMs) });
  }

  /** Forgets one key (a change this isolate made itself is seen at once). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
