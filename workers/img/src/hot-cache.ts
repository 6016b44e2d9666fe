// The hottest answers, kept in the isolate's memory in front of the Cache API: a popular logo is served without any
// I/O at all. Bounded by bytes (least recently used out first) and by the same short life as the edge cache.

const BUDGET_BYTES = 16 * 1024 * 1024;
const LARGEST_ENTRY = 512 * 1024;

export type HotAnswer = { body: ArrayBuffer; status: number; headers: [string, string][] };
type Entry = HotAnswer & { expires: number };
const entries = new Map<string, Entry>();
let bytes = 0;

export function hotGet(key: string, now: number): Response | null {
  const entry = entries.get(key);
  if (!entry) return null;
  entries.delete(key);
  if (entry.expires <= now) {
    bytes -= entry.body.byteLength;
    return null;
  }
  entries.set(key, entry); // most recently used last
  return new Response(entry.body, { status: entry.status, headers: entry.headers });
}

export function hotPut(key: string, answer: HotAnswer, ttlMs: number, now: number): void {
  const { body } = answer;
  if (body.byteLength > LARGEST_ENTRY) return;
  const old = entries.get(key);
  if (old) {
    entries.delete(key);
    bytes -= old.body.byteLength;
  }
  entries.set(key, { ...answer, expires: now + ttlMs });
  bytes += body.byteLength;
  for (const [oldest, entry] of entries) {
    if (bytes <= BUDGET_BYTES) break;
    entries.delete(oldest);
    bytes -= entry.body.byteLength;
  }
}

/** Forgets one answer (what its expiry would do). */
export function hotDelete(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  entries.delete(key);
  bytes -= entry.body.byteLength;
}
