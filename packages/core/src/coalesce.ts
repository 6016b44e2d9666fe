// Gathers writes that arrive close together in one isolate into one: the request pool's counts, the beta's mirrored
// daily count. Every caller gets the shared write's promise to hand to waitUntil, so nothing is left unwritten.

export class Coalescer<T> {
  private readonly pending = new Map<string, { value: T; written: Promise<void> }>();
  private readonly windowMs: number;
  private readonly merge: (held: T, added: T) => T;

  constructor(windowMs: number, merge: (held: T, added: T) => T) {
    this.windowMs = windowMs;
    this.merge = merge;
  }

  /** Adds `value` under `key`; the first caller's `write` runs once, `windowMs` later, with all values merged. */
  add(key: string, value: T, write: (merged: T) => Promise<void>): Promise<void> {
    const open = this.pending.get(key);
    if (open) {
      open.value = this.merge(open.value, value);
      return open.written;
    }
    const batch = { value, written: Promise.resolve() };
    batch.written = (async () => {
      await new Promise((resolve) => setTimeout(resolve, this.windowMs));
      this.pending.delete(key); // later callers start a new batch; this one's value is final now
      await write(batch.value);
    })();
    this.pending.set(key, batch);
    return batch.written;
  }
}
