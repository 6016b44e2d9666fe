// The trip counter, bench only: wraps a Worker's default export so that every call its code makes to a storage
// binding is counted, because on Cloudflare each one is a network hop and their number predicts a request's latency.
// bench/lib/trips.mjs generates the entry that uses it (the real Worker module, its named exports such as Durable
// Object classes re-exported unchanged) and reads the counts from GET /__bench/trips, answered here.
//
// Bindings are recognised by their shape, not their names, so a renamed or merged binding is still counted.
// Counts live in module state, so they are this isolate's: wrangler dev runs one isolate per Worker. A rebuild (a file
// the Worker imports changed) starts a new isolate with new counts; the snapshot's `isolate` lets the reader notice.
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Where a trip belongs: a fetch's response (answered before the handler returned it), the background (answered after
 * that: waitUntil work, which often starts its first trip before the handler returns), a queue batch, a cron run, a
 * Durable Object of this Worker (the trips out of the object its calls make: D1, queues; its own storage is local to
 * it), or no handler at all.
 */
export type Phase = "response" | "background" | "queue" | "scheduled" | "object" | "outside";
/** Trips by category (d1_trips, d1_statements, do_calls, kv_reads, …), or calls by binding and method (DB.first). */
export type Tally = Record<string, number>;
export type Snapshot = {
  isolate: string;
  /** Handlers, waitUntil promises and trips not settled yet: counts are final once this is 0. */
  busy: number;
  handled: { fetch: number; queue_batches: number; queue_messages: number; scheduled: number };
  trips: Record<Phase, Tally>;
  calls: Record<Phase, Tally>;
};

export const TRIPS_PATH = "/__bench/trips";

const PHASES: Phase[] = ["response", "background", "queue", "scheduled", "object", "outside"];
const byPhase = (): Record<Phase, Tally> => Object.fromEntries(PHASES.map((p) => [p, {}])) as Record<Phase, Tally>;
const state = {
  isolate: "",
  busy: 0,
  handled: { fetch: 0, queue_batches: 0, queue_messages: 0, scheduled: 0 },
  trips: byPhase(),
  calls: byPhase(),
};

/** The invocation a call belongs to; AsyncLocalStorage follows it through awaits and waitUntil. */
const invocation = new AsyncLocalStorage<{ phase: Phase }>();

/**
 * Counts one trip (`result`, the call's promise) once it is answered, in the phase its invocation is in by then, and
 * returns `result` untouched.
 */
function counted<T>(call: string, tally: Tally, result: T): T {
  const store = invocation.getStore();
  state.busy++;
  const answered = () => {
    state.busy--;
    const phase = store?.phase ?? "outside";
    const trips = state.trips[phase];
    for (const [category, n] of Object.entries(tally)) trips[category] = (trips[category] ?? 0) + n;
    state.calls[phase][call] = (state.calls[phase][call] ?? 0) + 1;
  };
  Promise.resolve(result).then(answered, answered);
  return result;
}

type Invoke = (args?: unknown[]) => unknown;
type OnCall = (method: string, args: unknown[], invoke: Invoke) => unknown;

/** The wrapped object behind each wrapper: D1's batch() takes real statements only. */
const unwrapped = new WeakMap<object, object>();

/**
 * A view of `target` in which calling a method goes through `onCall`. The real method always runs with the real
 * object as `this` (runtime objects check it), and other properties are read from it untouched.
 */
function intercept<T extends object>(target: T, onCall: OnCall): T {
  const view = new Proxy(target, {
    get(real, prop) {
      const value = Reflect.get(real, prop);
      if (typeof prop !== "string" || typeof value !== "function") return value;
      return (...args: unknown[]) => onCall(prop, args, (given = args) => Reflect.apply(value, real, given));
    },
  });
  unwrapped.set(view, target);
  return view;
}

/** Counts the methods in `table` (a tally, or one computed from the call's arguments) and passes every call on. */
function methods(table: Record<string, Tally | ((args: unknown[]) => Tally)>) {
  return (name: string, binding: object): object =>
    intercept(binding, (method, args, invoke) => {
      const tally = table[method];
      if (!tally) return invoke();
      return counted(`${name}.${method}`, typeof tally === "function" ? tally(args) : tally, invoke());
    });
}

const kv = methods({
  get: { kv_reads: 1 },
  getWithMetadata: { kv_reads: 1 },
  list: { kv_reads: 1 },
  put: { kv_writes: 1 },
  delete: { kv_writes: 1 },
});
const r2 = methods({
  get: { r2_reads: 1 },
  head: { r2_reads: 1 },
  list: { r2_reads: 1 },
  put: { r2_writes: 1 },
  delete: { r2_writes: 1 },
  createMultipartUpload: { r2_writes: 1 },
});
const queue = methods({
  send: { queue_sends: 1, queue_messages: 1 },
  sendBatch: (args) => ({ queue_sends: 1, queue_messages: (args[0] as unknown[]).length }),
});
const cache = methods({ match: { cache_matches: 1 }, put: { cache_puts: 1 }, delete: { cache_deletes: 1 } });

/** A statement runs in one trip; bind() makes a new statement, counted the same way. */
function statement(name: string, real: object): object {
  return intercept(real, (method, _args, invoke) => {
    if (method === "bind") return statement(name, invoke() as object);
    if (method === "first" || method === "run" || method === "all" || method === "raw") {
      return counted(`${name}.${method}`, { d1_trips: 1, d1_statements: 1 }, invoke());
    }
    return invoke();
  });
}

/** D1: a batch is one trip carrying several statements. Sessions (withSession) are counted like the database. */
function d1(name: string, db: object): object {
  return intercept(db, (method, args, invoke) => {
    if (method === "prepare") return statement(name, invoke() as object);
    if (method === "withSession") return d1(name, invoke() as object);
    if (method === "batch") {
      const statements = args[0] as object[];
      const real = statements.map((s) => unwrapped.get(s) ?? s);
      return counted(`${name}.batch`, { d1_trips: 1, d1_statements: statements.length }, invoke([real, ...args.slice(1)]));
    }
    if (method === "exec" || method === "dump") return counted(`${name}.${method}`, { d1_trips: 1, d1_statements: 1 }, invoke());
    return invoke();
  });
}

/** A Durable Object stub: every method call (RPC or fetch) is a trip to the object. */
function stub(name: string, real: object): object {
  return intercept(real, (method, _args, invoke) => {
    // `then` is read when a stub is awaited or returned from an async function: not a call to the object.
    return method === "then" ? invoke() : counted(`${name}.${method}`, { do_calls: 1 }, invoke());
  });
}

function durableObjects(name: string, namespace: object): object {
  return intercept(namespace, (method, _args, invoke) => {
    if (method === "get" || method === "getByName") return stub(name, invoke() as object);
    if (method === "jurisdiction") return durableObjects(name, invoke() as object);
    return invoke();
  });
}

const fn = (value: unknown, ...props: string[]) => props.every((p) => typeof (value as Record<string, unknown>)[p] === "function");
/** Service bindings answer any property name with an RPC method; without this they would look like anything. */
const answersAnything = (value: object) => fn(value, "__trip_counter_no_such_method__");

function binding(name: string, value: unknown): unknown {
  if (typeof value !== "object" || value === null || answersAnything(value)) return value;
  if (fn(value, "prepare", "batch")) return d1(name, value);
  if (fn(value, "idFromName", "get")) return durableObjects(name, value);
  if (fn(value, "get", "getWithMetadata")) return kv(name, value);
  if (fn(value, "head", "createMultipartUpload")) return r2(name, value);
  if (fn(value, "send", "sendBatch")) return queue(name, value);
  return value;
}

/** One counting env per real env object (the runtime may hand the same one to every request). */
const countingEnvs = new WeakMap<object, object>();
function countingEnv(env: object): object {
  let counted = countingEnvs.get(env);
  if (!counted) {
    counted = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, binding(name, value)]));
    countingEnvs.set(env, counted);
  }
  return counted;
}

/** Keeps `busy` up while `work` runs; returns `work` itself, so its rejection reaches whoever awaits it. */
function track<T>(work: Promise<T>): Promise<T> {
  state.busy++;
  const done = () => {
    state.busy--;
  };
  work.then(done, done);
  return work;
}

/** The handler's ExecutionContext, with waitUntil work tracked. */
function trackingCtx(ctx: ExecutionContext): ExecutionContext {
  return new Proxy(ctx, {
    get(real, prop) {
      if (prop === "waitUntil") return (work: Promise<unknown>) => real.waitUntil(track(Promise.resolve(work)));
      const value = Reflect.get(real, prop);
      return typeof value === "function" ? value.bind(real) : value;
    },
  });
}

function snapshot(): Snapshot {
  state.isolate ||= crypto.randomUUID(); // not at module scope: workerd refuses random values there
  return state;
}

type Handlers = {
  fetch?: (request: Request, env: object, ctx: ExecutionContext) => Response | Promise<Response>;
  queue?: (batch: MessageBatch, env: object, ctx: ExecutionContext) => void | Promise<void>;
  scheduled?: (controller: ScheduledController, env: object, ctx: ExecutionContext) => void | Promise<void>;
};

/** `worker` (a module Worker's default export) with its storage trips counted, and GET /__bench/trips answered. */
export function countTrips(worker: Handlers): Handlers {
  const counted: Handlers = {
    fetch(request, env, ctx) {
      if (new URL(request.url).pathname === TRIPS_PATH) return Response.json(snapshot());
      state.handled.fetch++;
      const store: { phase: Phase } = { phase: "response" };
      const response = invocation.run(store, async () => worker.fetch!(request, countingEnv(env), trackingCtx(ctx)));
      const returned = () => {
        store.phase = "background";
      };
      response.then(returned, returned);
      return track(response);
    },
  };
  if (worker.queue) {
    counted.queue = (batch, env, ctx) => {
      state.handled.queue_batches++;
      state.handled.queue_messages += batch.messages.length;
      return track(invocation.run({ phase: "queue" }, async () => worker.queue!(batch, countingEnv(env), trackingCtx(ctx))));
    };
  }
  if (worker.scheduled) {
    counted.scheduled = (controller, env, ctx) => {
      state.handled.scheduled++;
      return track(invocation.run({ phase: "scheduled" }, async () => worker.scheduled!(controller, countingEnv(env), trackingCtx(ctx))));
    };
  }
  return counted;
}

type ObjectClass = new (ctx: DurableObjectState, env: never) => object;

/**
 * `Class` (a Durable Object class) with the trips its calls make out of the object counted in the "object" phase: its
 * env's bindings are counted like a Worker's, and each of its own methods (RPC calls, alarm) runs in that phase. The
 * methods are redefined on the subclass's prototype, where the runtime looks for RPC methods.
 */
export function countObject<T extends ObjectClass>(Class: T): T {
  const Counted = class extends (Class as ObjectClass) {
    constructor(ctx: DurableObjectState, env: never) {
      super(ctx, countingEnv(env) as never);
    }
  };
  for (const name of Object.getOwnPropertyNames(Class.prototype)) {
    const method: unknown = Object.getOwnPropertyDescriptor(Class.prototype, name)?.value;
    if (name === "constructor" || typeof method !== "function") continue;
    Object.defineProperty(Counted.prototype, name, {
      value(this: object, ...args: unknown[]) {
        return invocation.run({ phase: "object" }, () => Reflect.apply(method, this, args));
      },
    });
  }
  return Counted as unknown as T;
}

/**
 * Counts the Cache API too: caches.default and the caches caches.open() gives. Called once by the generated entry;
 * `caches` is a global, not a binding, so there is no env to wrap.
 */
export function countCaches(): void {
  const real = caches;
  const counted = new Proxy(real, {
    get(storage, prop) {
      if (prop === "default") return cache("caches.default", storage.default);
      if (prop === "open") return async (name: string) => cache(`caches.open(${name})`, await storage.open(name));
      const value = Reflect.get(storage, prop);
      return typeof value === "function" ? value.bind(storage) : value;
    },
  });
  Object.defineProperty(globalThis, "caches", { value: counted, configurable: true, writable: true });
}
