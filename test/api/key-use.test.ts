// The last use of each key: written with the request's count after the answer, in the same D1 trip, at most once per
// key and isolate within KEY_USE_STAMP_MS; shown in the account's key list and the operator's account view.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { KEY_USE_STAMP_MS } from "@brand/core/auth/key-use";
import worker from "../../workers/api/src/index.ts";
import { newAccount } from "../helpers/accounts.ts";
import { forgetIsolateCaches } from "../helpers/caches.ts";
import { bearer } from "../helpers/http.ts";
import { countingWorker } from "../helpers/trips.ts";

const api = countingWorker(worker, env);
afterEach(() => vi.useRealTimers());

const lastUsed = async (accountId: string, kind: string) =>
  env.DB.prepare("SELECT last_used_at FROM api_keys WHERE account_id = ? AND kind = ?").bind(accountId, kind).first<string | null>("last_used_at");

describe("a key's last use", () => {
  it("is null until a counted call, then the call's time, in the count's own trip", async () => {
    forgetIsolateCaches();
    const account = await newAccount("pro");
    expect(await lastUsed(account.id, "secret")).toBeNull();
    const before = new Date().toISOString();
    const { response, trips } = await api("/search?q=stripe", { headers: bearer(account.secret) });
    expect(response.status).toBe(200);
    // The count and the stamp: two statements, one trip.
    expect(trips.background).toEqual({ d1_trips: 1, d1_statements: 2 });
    const stamped = await lastUsed(account.id, "secret");
    expect(stamped! >= before && stamped! <= new Date().toISOString()).toBe(true);
    expect(await lastUsed(account.id, "publishable")).toBeNull(); // only the key that was used
  });

  it("is stamped once per isolate within KEY_USE_STAMP_MS, then again", async () => {
    const account = await newAccount("pro");
    const search = () => api("/search?q=stripe", { headers: bearer(account.secret) });
    await search();
    const first = await lastUsed(account.id, "secret");
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + KEY_USE_STAMP_MS - 1_000);
    expect((await search()).trips.background).toEqual({ d1_trips: 1, d1_statements: 1 }); // the count alone
    expect(await lastUsed(account.id, "secret")).toBe(first);
    vi.setSystemTime(start + KEY_USE_STAMP_MS);
    expect((await search()).trips.background).toEqual({ d1_trips: 1, d1_statements: 2 });
    expect(await lastUsed(account.id, "secret")).toBe(new Date(start + KEY_USE_STAMP_MS).toISOString());
  });

  it("never goes back in time when an older stamp lands last", async () => {
    const account = await newAccount("pro");
    await api("/search?q=stripe", { headers: bearer(account.secret) });
    const latest = "2999-01-01T00:00:00.000Z";
    await env.DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE account_id = ? AND kind = 'secret'").bind(latest, account.id).run();
    forgetIsolateCaches(); // a stamp is due again in this isolate
    await api("/search?q=stripe", { headers: bearer(account.secret) });
    expect(await lastUsed(account.id, "secret")).toBe(latest);
  });

  it("is not stamped by a refused call, nor by looking at the account", async () => {
    forgetIsolateCaches();
    const free = await newAccount("free");
    await env.DB.prepare("INSERT INTO usage_daily (account_id, day, surface, count) VALUES (?, ?, 'img', 5000)")
      .bind(free.id, new Date().toISOString().slice(0, 10))
      .run();
    expect((await api("/search?q=stripe", { headers: bearer(free.secret) })).response.status).toBe(429);
    expect((await api("/account", { headers: bearer(free.secret) })).response.status).toBe(200);
    expect((await api("/account/keys", { headers: bearer(free.secret) })).response.status).toBe(200);
    expect(await lastUsed(free.id, "secret")).toBeNull();
  });

  it("shows in the account's key list and the operator's account view", async () => {
    const account = await newAccount("pro");
    await api("/search?q=stripe", { headers: bearer(account.secret) });
    const stamped = await lastUsed(account.id, "secret");
    expect(stamped).toEqual(expect.any(String));

    const listed = (await (await api("/account/keys", { headers: bearer(account.secret) })).response.json()) as {
      data: { kind: string; last_used_at: string | null }[];
    };
    expect(Object.fromEntries(listed.data.map((k) => [k.kind, k.last_used_at]))).toEqual({ publishable: null, secret: stamped, beta: null });

    const shown = (await (await api(`/admin/accounts/${account.id}`, { headers: bearer(env.ADMIN_TOKEN) })).response.json()) as {
      keys: { kind: string; last_used_at: string | null }[];
    };
    expect(shown.keys.find((k) => k.kind === "secret")?.last_used_at).toBe(stamped);
  });
});
