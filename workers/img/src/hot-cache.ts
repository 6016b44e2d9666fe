// The hottest answers, kept in the isolate's memory in front of the Cache API: a popular logo is served without any
// I/O at all. Bounded by bytes (least recently used out first) and by the same short life as the edge cache.
import type { StoredVariant } from "@brand/core/render/variant-store";

const BUDGET_BYTES = 16 * 1024 * 1024;
const LARGEST_ENTRY = 512 * 1024;

/** `touched`: when the entry last moved to the recent end of the map. */
type Entry = { variant: StoredVariant; expires: number; touched: number };
const entries = new Map<string, Entry>();
let bytes = 0;

/**
 * A hit moves its entry to the recent end at most once a second: V8 reallocates a small Map's table on a delete and a
 * set, which cost a cached logo 5 µs a request when done on every hit. The order stays least recently used to a second.
 */
const REORDER_MS = 1_000;

export function hotGet(key: string, now: number): StoredVariant | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expires <= now) {
    hotDelete(key);
    return null;
  }
  if (now - entry.touched >= REORDER_MS) {
    entries.delete(key);
    entries.set(key, entry);
    entry.touched = now;
  }
  return entry.variant;
}

export function hotPut(key: string, variant: StoredVariant, ttlMs: number, now: number): void {
  const size = variant.bytes.byteLength;
  if (size > LARGEST_ENTRY) return;
  hotDelete(key);
  entries.set(key, { variant, expires: now + ttlMs, touched: now });
  bytes += size;
  for (const [oldest, entry] of entries) {
    if (bytes <= BUDGET_BYTES) break;
    entries.delete(oldest);
    bytes -= entry.variant.bytes.byteLength;
  }
}

/** Forgets one answer (what its expiry would do). */
export function hotDelete(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytes -= entry.variant.bytes.byteLength;
}
