// Gathers writes that arrive close together in one isolate into one: the request pool's counts, the beta's mirrored
// daily count. The request that opens a batch holds its write open with waitUntil, so nothing is left unwritten; the
// requests that join it have nothing to wait for (awaiting another request's promise would cost each of them a hop
// between request contexts, the largest part of a cached logo's time).

export class Coalescer<T> {
  private readonly pending = new Map<string, { value: T }>();
  private readonly windowMs: number;
  private readonly merge: (held: T, added: T) => T;

  constructor(windowMs: number, merge: (held: T, added: T) => T) {
    this.windowMs = windowMs;
    this.merge = merge;
  }

  /**
   * Adds `value` under `key`. The caller that opens a batch gets its write (run once, `windowMs` later, with every
   * value added meanwhile merged) to hand to waitUntil; a caller that joins an open batch gets null.
   */
  add(key: string, value: T, write: (merged: T) => Promise<void>): Promise<void> | null {
    const open = this.pending.get(key);
    if (open) {
      open.value = this.merge(open.value, value);
      return null;
    }
    const batch = { value };
    this.pending.set(key, batch);
    return (async () => {
      await new Promise((resolve) => setTimeout(resolve, this.windowMs));
      this.pending.delete(key); // later callers start a new batch; this one's value is final now
      await write(batch.value);
    })();
  }
}
