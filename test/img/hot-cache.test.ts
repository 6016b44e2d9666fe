// The isolate's hot cache: bounded by bytes, least recently used out first (to the second), and by each entry's life.
import { afterEach, describe, expect, it } from "vitest";
import type { StoredVariant } from "@brand/core/render/variant-store";
import { hotDelete, hotGet, hotPut } from "../../workers/img/src/hot-cache.ts";

const ENTRY_BYTES = 512 * 1024; // the largest entry it keeps: 32 of them fill its 16 MiB
const variant = (bytes = ENTRY_BYTES): StoredVariant => ({
  bytes: new ArrayBuffer(bytes),
  contentType: "image/png",
  etag: "e",
  fallback: false,
});
const keys = Array.from({ length: 34 }, (_, i) => `hot-test-${i}`);

afterEach(() => keys.forEach(hotDelete));

describe("hot cache", () => {
  it("drops the least recently used entry when full, counting a hit a second or more after the last", () => {
    const t0 = 1_000_000;
    for (const key of keys.slice(0, 32)) hotPut(key, variant(), 60_000, t0);
    expect(hotGet(keys[0], t0 + 1_000)).not.toBeNull(); // entry 0 is now the most recent
    hotPut(keys[32], variant(), 60_000, t0 + 1_000);
    expect(hotGet(keys[1], t0 + 1_000)).toBeNull(); // the oldest untouched one went
    expect(hotGet(keys[0], t0 + 1_000)).not.toBeNull();
    expect(hotGet(keys[32], t0 + 1_000)).not.toBeNull();
  });

  it("forgets an entry at the end of its life, and never keeps one larger than its limit", () => {
    hotPut(keys[0], variant(10), 5_000, 0);
    expect(hotGet(keys[0], 4_999)).not.toBeNull();
    expect(hotGet(keys[0], 5_000)).toBeNull();
    hotPut(keys[1], variant(ENTRY_BYTES + 1), 5_000, 0);
    expect(hotGet(keys[1], 1)).toBeNull();
  });
});
