// A small per-isolate cache with a fixed life per entry and a bound on its size: what lets a warm isolate answer a
// repeated request without a trip to D1. Whatever it holds may be up to `ttlMs` old; each user states that bound.

type Entry<V> = { value: Promise<V>; expires: number };

export class TtlCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(ttlMs: number, maxEntries: number) {
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  /**
   * The cached value, or `load`'s. Concurrent callers of a key share one load (a cold isolate under load reads D1
   * once, not once a request). The value is kept for `ttlMs` unless `keep` refuses it; a failed load is not kept.
   */
  through(key: K, load: () => Promise<V>, keep: (value: V) => boolean = () => true, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.set(key, { value, expires: now + this.ttlMs });
    const drop = () => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    };
    value.then((v) => keep(v) || drop(), drop);
    return value;
  }

  /** Forgets one key (a change this isolate made itself is seen at once). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private set(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    // Oldest first out: a Map iterates in insertion order.
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, entry);
  }
}
