// The trip counter against fake bindings, in Node (the "bench" project of npm test): what counts as a trip, the
// phase it lands in, and that calls still reach the real objects. The Workers' own tests use it on real bindings
// (test/helpers/trips.ts). Every bench run also checks it on workerd's real
// bindings (bench/lib/trip-report.mjs, selfCheck).
import assert from "node:assert/strict";
import { test } from "vitest";
import { types } from "node:util";
import { countObject, countTrips, TRIPS_PATH } from "./count.ts";

const later = (value) => new Promise((resolve) => setTimeout(() => resolve(value), 5));

/** Fakes shaped like the runtime's bindings; each records what it was really called with. */
function fakeEnv() {
  const seen = { batches: [] };
  const statement = (sql) => ({ sql, bind: (...values) => ({ ...statement(sql), values }), first: () => later({}), run: () => later({}), all: () => later({}), raw: () => later([]) });
  const stub = { id: "x", begin: () => later({ state: "started" }), fetch: () => later(new Response("")) };
  return {
    seen,
    env: {
      NAME: "a plain var",
      DB: { prepare: statement, batch: (list) => (seen.batches.push(list), later([])) },
      LOCKS: { idFromName: (name) => name, get: () => stub },
      KV: { get: () => later(null), getWithMetadata: () => later({}), put: () => later(undefined) },
      BUCKET: { head: () => later(null), get: () => later(null), put: () => later({}), createMultipartUpload: () => later({}) },
      QUEUE: { send: () => later(undefined), sendBatch: () => later(undefined) },
      // A service binding answers every property name with a method: it must be left alone.
      SERVICE: new Proxy({}, { get: () => () => "service" }),
    },
  };
}

function fakeCtx() {
  const work = [];
  return { work, ctx: { waitUntil: (p) => work.push(p), passThroughOnException() {} } };
}

async function snapshot(worker) {
  const { ctx } = fakeCtx();
  return structuredClone(await (await worker.fetch(new Request(`http://bench${TRIPS_PATH}`), {}, ctx)).json());
}

async function tripsOf(handler) {
  const { env, seen } = fakeEnv();
  const { ctx, work } = fakeCtx();
  const worker = countTrips({ fetch: (request, e, c) => handler(e, c) });
  const before = await snapshot(worker);
  await worker.fetch(new Request("http://bench/"), env, ctx);
  await Promise.all(work);
  await later();
  const after = await snapshot(worker);
  const diff = (phase) => Object.fromEntries(Object.entries(after.trips[phase]).map(([k, n]) => [k, n - (before.trips[phase][k] ?? 0)]).filter(([, n]) => n));
  return { response: diff("response"), background: diff("background"), seen, busy: after.busy, fetches: after.handled.fetch - before.handled.fetch };
}

test("D1: a statement is one trip, a batch is one trip carrying its statements, and reaches D1 unwrapped", async () => {
  const { response, seen } = await tripsOf(async (env) => {
    await env.DB.prepare("SELECT 1").bind(1).first();
    const statements = [env.DB.prepare("A"), env.DB.prepare("B").bind(2), env.DB.prepare("C")];
    await env.DB.batch(statements);
    return new Response("");
  });
  assert.deepEqual(response, { d1_trips: 2, d1_statements: 4 });
  assert.deepEqual(seen.batches[0].map((s) => s.sql), ["A", "B", "C"]);
  assert.ok(seen.batches[0].every((s) => !types.isProxy(s)));
});

test("Durable Objects: each stub call is a trip; getting the stub and reading its id are not", async () => {
  const { response } = await tripsOf(async (env) => {
    const lock = env.LOCKS.get(env.LOCKS.idFromName("tx"));
    await lock.begin(1);
    await lock.fetch("http://do/");
    assert.equal(lock.id, "x");
    return new Response("");
  });
  assert.deepEqual(response, { do_calls: 2 });
});

test("KV, R2 and queues: reads, writes and sends; other bindings and vars untouched", async () => {
  const { response } = await tripsOf(async (env) => {
    await Promise.all([env.KV.get("a"), env.KV.getWithMetadata("b"), env.KV.put("c", "d")]);
    await Promise.all([env.BUCKET.head("a"), env.BUCKET.get("a"), env.BUCKET.put("b", "c")]);
    await env.QUEUE.send({});
    await env.QUEUE.sendBatch([{ body: 1 }, { body: 2 }]);
    assert.equal(env.SERVICE.anything(), "service");
    assert.equal(env.NAME, "a plain var");
    return new Response("");
  });
  assert.deepEqual(response, { kv_reads: 2, kv_writes: 1, r2_reads: 2, r2_writes: 1, queue_sends: 2, queue_messages: 3 });
});

test("a trip answered after the response is background work, and busy falls back to 0", async () => {
  const result = await tripsOf(async (env, ctx) => {
    await env.KV.get("on the response path");
    ctx.waitUntil(env.DB.prepare("UPDATE usage").run()); // started now, answered after the response
    return new Response("");
  });
  assert.deepEqual(result.response, { kv_reads: 1 });
  assert.deepEqual(result.background, { d1_trips: 1, d1_statements: 1 });
  assert.equal(result.busy, 0);
  assert.equal(result.fetches, 1);
});

test("a Durable Object class counted: the trips its methods make out of the object land in the object phase", async () => {
  class Account {
    constructor(ctx, env) {
      this.ctx = ctx;
      this.env = env;
    }
    async lookUp(id) {
      await this.env.DB.prepare("SELECT 1").bind(id).first();
      return this.answer(id);
    }
    answer(id) {
      return `row ${id}`;
    }
  }
  const Counted = countObject(Account);
  const { env } = fakeEnv();
  const object = new Counted({ id: "object" }, env);
  const worker = countTrips({ fetch: async () => new Response("") });
  const before = await snapshot(worker);
  assert.equal(await object.lookUp("tx_1"), "row tx_1"); // the real method ran, with the object as `this`
  assert.equal(object.ctx.id, "object");
  const after = await snapshot(worker);
  assert.deepEqual(after.trips.object, { d1_trips: (before.trips.object.d1_trips ?? 0) + 1, d1_statements: (before.trips.object.d1_statements ?? 0) + 1 });
  assert.ok(object instanceof Account);
});
