// The Workers keep what they read from D1 in their isolate for a stated bound (docs/performance.md). A test that
// changes D1 behind their back, as another isolate or an operator's script would, drops those copies first, so it sees
// the change at once instead of after the bound. (Tests run in the Worker's own isolate, so this is the Worker's cache.)
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { forgetCachedKeys, KEY_CACHE_MS } from "@brand/core/auth/authenticate";
import { forgetKeyStamps } from "@brand/core/auth/key-use";
import type { KeyKind } from "@brand/core/auth/keys";
import { forgetCorpusIndex } from "@brand/core/beta/corpus-index";
import { forgetCachedDomains } from "@brand/core/brands/domain-cache";
import { forgetCachedSearches } from "@brand/core/brands/search";

export function forgetIsolateCaches(): void {
  forgetCachedKeys();
  forgetKeyStamps();
  forgetCachedDomains();
  forgetCachedSearches();
  forgetCorpusIndex();
}

/**
 * The statuses of three calls with one key: the first (the isolate reads the key), then, with the key revoked behind
 * the isolate's back as another isolate would, one just inside KEY_CACHE_MS and one at it. `call(n)` makes call n.
 */
export async function statusesAroundRevocation(accountId: string, kind: KeyKind, call: (n: number) => Promise<number>): Promise<number[]> {
  const first = await call(1);
  const start = Date.now(); // the key was read just before
  await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ? AND kind = ?").bind(new Date().toISOString(), accountId, kind).run();
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    vi.setSystemTime(start + KEY_CACHE_MS - 1_000);
    const inside = await call(2);
    vi.setSystemTime(start + KEY_CACHE_MS);
    return [first, inside, await call(3)];
  } finally {
    vi.useRealTimers();
  }
}
