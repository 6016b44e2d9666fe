// npm run deploy, end to end, against a fake of the Cloudflare API (test/fixtures/fake-cloudflare-api.mjs): the real
// script, the real wrangler, every call recorded. A first deploy to an empty account, a second that changes nothing,
// and a dry run that changes nothing either.
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallMasterKey, smallMasterSize } from "@brand/core/render/small-master";
import { corpusUnits } from "@brand/core/seed/corpus";
import { startFakeCloudflare, type FakeCall, type FakeCloudflare } from "../fixtures/fake-cloudflare-api.mjs";
import { loadSeed } from "../../scripts/lib/seed-files.mjs";
import { fakeEnv, ROOT, runDeploy, tempDir, type Run } from "./run-deploy.ts";

const ACCOUNT = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const isWrite = (c: FakeCall) => c.method !== "GET" && !(c.path.endsWith("/query") && /^\s*SELECT/i.test(String((c.body as { sql?: string })?.sql)));

let fake: FakeCloudflare;
let first: Run, second: Run, dryRun: Run;
let firstCalls: FakeCall[], secondCalls: FakeCall[], dryRunCalls: FakeCall[];

beforeAll(async () => {
  fake = await startFakeCloudflare({ accountId: ACCOUNT, subdomain: "acme-co" });
  const dir = tempDir("deploy-remote");
  const deploy = (...extra: string[]) => runDeploy(["--no-smoke", "--dir", dir, ...extra], fakeEnv(fake));
  const callsOf = async (run: () => Promise<Run>): Promise<[Run, FakeCall[]]> => {
    const from = fake.calls.length;
    const result = await run();
    return [result, fake.calls.slice(from)];
  };
  [first, firstCalls] = await callsOf(() => deploy());
  [second, secondCalls] = await callsOf(() => deploy());
  [dryRun, dryRunCalls] = await callsOf(() => deploy("--dry-run"));
});
afterAll(() => fake?.close());

const db = () => [...fake.state.databases.values()][0].sqlite;
const bindings = (script: string) => fake.state.scripts.get(script)!.versions.at(-1)!.metadata.bindings as Array<Record<string, any>>;
const binding = (script: string, name: string) => bindings(script).find((b) => b.name === name);

describe("npm run deploy on an empty account (through a fake Cloudflare API)", () => {
  it("succeeds, and ends with the three URLs and the next step", () => {
    expect(first.code, first.output).toBe(0);
    expect(first.stdout).toContain("image host  https://brand-img.acme-co.workers.dev");
    expect(first.stdout).toContain("JSON host   https://brand-api.acme-co.workers.dev");
    expect(first.stdout).toContain("beta host   https://brand-beta.acme-co.workers.dev");
    expect(first.stdout).toContain("npm run -s admin -- create-account");
  });

  it("creates each resource once, by name", () => {
    const creates = firstCalls.filter((c) => c.method === "POST" && /\/(d1\/database|r2\/buckets|storage\/kv\/namespaces|queues)$/.test(c.path));
    expect(creates.map((c) => c.body)).toEqual([
      expect.objectContaining({ name: "brand-db" }),
      expect.objectContaining({ name: "brand-logos" }),
      expect.objectContaining({ title: "brand-variants" }),
      expect.objectContaining({ queue_name: "brand-index" }),
      expect.objectContaining({ queue_name: "brand-webhooks" }),
    ]);
    expect([...fake.state.databases.values()].map((d) => d.name)).toEqual(["brand-db"]);
    expect([...fake.state.buckets.keys()]).toEqual(["brand-logos"]);
    expect([...fake.state.namespaces.values()].map((n) => n.title)).toEqual(["brand-variants"]);
    expect([...fake.state.queues.values()].map((q) => q.queue_name)).toEqual(["brand-index", "brand-webhooks"]);
  });

  it("generates every secret on the Worker that needs it, and prints only the admin token, once", () => {
    const api = fake.state.scripts.get("brand-api")!.secrets;
    const img = fake.state.scripts.get("brand-img")!.secrets;
    expect([...api.keys()].sort()).toEqual(["ADMIN_TOKEN", "FILE_SIGNING_KEY", "WEBHOOK_SECRET_KEYS"]);
    expect([...img.keys()]).toEqual(["VARIANT_SIGNING_KEY"]);
    expect([...fake.state.scripts.get("brand-beta")!.secrets.keys()]).toEqual([]);
    for (const value of [api.get("FILE_SIGNING_KEY")!, img.get("VARIANT_SIGNING_KEY")!]) expect(value).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(api.get("ADMIN_TOKEN")).toMatch(/^adm_[0-9A-Za-z]{32}$/);
    // One webhook-secret key: a random key id and 32 random bytes (packages/core/src/webhooks/secret-box.ts).
    expect(api.get("WEBHOOK_SECRET_KEYS")).toMatch(/^[0-9A-Za-z]{8}:[A-Za-z0-9+/]{43}=$/);

    const everything = [first, second, dryRun].map((r) => r.output).join("\n");
    expect(everything.split(api.get("ADMIN_TOKEN")!).length - 1).toBe(1);
    expect(everything).not.toContain(api.get("FILE_SIGNING_KEY"));
    expect(everything).not.toContain(api.get("WEBHOOK_SECRET_KEYS")!.split(":")[1]);
    expect(everything).not.toContain(img.get("VARIANT_SIGNING_KEY"));
  });

  it("applies every D1 migration", () => {
    const applied = db().prepare("SELECT name FROM d1_migrations ORDER BY id").all().map((r) => r.name);
    expect(applied).toEqual(readdirSync(`${ROOT}migrations`).filter((f) => f.endsWith(".sql")).sort());
  });

  it("seeds every unit of the corpus in batches, records its fingerprint, and uploads every logo master", async () => {
    const corpus = await loadSeed();
    const units = await corpusUnits(corpus);
    const seeded = db().prepare("SELECT key FROM seed_units").all().map((r) => r.key);
    expect(seeded.sort()).toEqual(units.map((u) => u.key).sort());
    expect(db().prepare("SELECT COUNT(*) AS n FROM seed_runs").get()!.n).toBe(1);
    const imports = firstCalls.filter((c) => c.path.endsWith("/import") && (c.body as { action: string }).action === "ingest");
    expect(imports.length).toBeGreaterThan(2);

    const rows = db()
      .prepare(
        `SELECT logo_key AS k, logo_width AS w, logo_height AS h FROM brands
         UNION SELECT brandmark_key, brandmark_width, brandmark_height FROM brands
         UNION SELECT logo_svg_key, 0, 0 FROM brands UNION SELECT brandmark_svg_key, 0, 0 FROM brands`,
      )
      .all()
      .filter((r) => r.k);
    const keys = [...new Set(rows.map((r) => String(r.k)))];
    // Every PNG master larger than the small master's box has its small master beside it (render/small-master.ts).
    const smallKeys = rows.filter((r) => smallMasterSize({ width: Number(r.w), height: Number(r.h) })).map((r) => smallMasterKey(String(r.k)));
    const bucket = fake.state.buckets.get("brand-logos")!;
    expect(keys.length).toBeGreaterThan(600);
    expect(smallKeys.length).toBeGreaterThan(300);
    expect([...bucket.keys()].sort()).toEqual([...new Set([...keys, ...smallKeys])].sort());
    // Each file is what its name says: a PNG master, or its sanitised SVG twin.
    for (const [extension, signature, at] of [[".png", "PNG", 1], [".svg", "<svg", 0]] as const) {
      for (const key of keys.filter((k) => k.endsWith(extension)).slice(0, 20)) {
        expect(bucket.get(key)!.subarray(at, at + signature.length).toString()).toBe(signature);
      }
    }

    const count = (sql: string) => Number(db().prepare(sql).get()!.n);
    expect(count("SELECT COUNT(*) AS n FROM identifiers WHERE kind = 'ticker' AND value = 'AAPL'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM identifiers WHERE kind = 'crypto' AND value = 'BTC'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM identifiers WHERE kind = 'exchange' AND value = 'NYSE'")).toBe(1);
    expect(count("SELECT COUNT(*) AS n FROM parents")).toBe(corpus.parents.length);
    expect(count("SELECT COUNT(*) AS n FROM platform_prefixes WHERE prefix = 'SQ *'")).toBe(1);
  });

  it("uploads the three scripts with their bindings, variables and Durable Object migrations", () => {
    const database = [...fake.state.databases.values()][0].uuid;
    const kv = [...fake.state.namespaces.values()][0].id;
    const imgUrl = "https://brand-img.acme-co.workers.dev";
    expect(bindings("brand-img")).toEqual(
      expect.arrayContaining([
        { type: "d1", name: "DB", id: database },
        { type: "r2_bucket", name: "LOGOS", bucket_name: "brand-logos" },
        { type: "kv_namespace", name: "VARIANTS", namespace_id: kv },
        { type: "queue", name: "INDEX_QUEUE", queue_name: "brand-index" },
        { type: "plain_text", name: "IMG_BASE_URL", text: imgUrl },
      ]),
    );
    expect(bindings("brand-api")).toEqual(
      expect.arrayContaining([
        { type: "d1", name: "DB", id: database },
        { type: "r2_bucket", name: "LOGOS", bucket_name: "brand-logos" },
        { type: "queue", name: "INDEX_QUEUE", queue_name: "brand-index" },
        { type: "queue", name: "WEBHOOK_QUEUE", queue_name: "brand-webhooks" },
        { type: "plain_text", name: "IMG_BASE_URL", text: imgUrl },
      ]),
    );
    expect(bindings("brand-beta")).toEqual(
      expect.arrayContaining([
        { type: "d1", name: "DB", id: database },
        { type: "queue", name: "INDEX_QUEUE", queue_name: "brand-index" },
        { type: "durable_object_namespace", name: "BETA_ACCOUNT", class_name: "BetaAccount" },
        { type: "plain_text", name: "IMG_BASE_URL", text: imgUrl },
      ]),
    );
    const beta = fake.state.scripts.get("brand-beta")!;
    expect(beta.versions[0].metadata.migrations).toMatchObject({
      new_tag: "v2",
      steps: [
        { new_sqlite_classes: ["DailyCounter", "TransactionLock"] },
        { renamed_classes: [{ from: "DailyCounter", to: "BetaAccount" }], deleted_classes: ["TransactionLock"] },
      ],
    });
    for (const script of ["brand-img", "brand-api", "brand-beta"]) {
      expect(bindings(script).map((b) => b.name)).not.toContain("CRAWL_PROXY");
      expect(bindings(script).map((b) => b.name)).not.toContain("WEBHOOK_ALLOW_LOOPBACK");
    }
  });

  it("serves each on workers.dev, runs the JSON host's cron and makes it consume both queues", () => {
    for (const script of ["brand-img", "brand-api", "brand-beta"]) expect(fake.state.scripts.get(script)!.workersDev).toBe(true);
    expect(fake.state.scripts.get("brand-api")!.schedules).toEqual([{ cron: "17 * * * *" }]);
    for (const queue of fake.state.queues.values()) {
      expect(queue.consumers).toEqual([expect.objectContaining({ script_name: "brand-api", type: "worker" })]);
    }
  });

  it("calls nothing the fake does not know", () => {
    expect(fake.unexpected()).toEqual([]);
  });

  it("changes nothing on a second run, and says so", () => {
    expect(second.code, second.output).toBe(0);
    expect(second.stdout).toContain("Nothing changed: everything was already up to date.");
    expect(second.stdout).toMatch(/✓ brand-img https:\/\/brand-img\.acme-co\.workers\.dev\s+unchanged/);
    expect(secondCalls.filter(isWrite)).toEqual([]);
  });

  it("prints the plan on --dry-run and changes nothing", () => {
    expect(dryRun.code, dryRun.output).toBe(0);
    expect(dryRun.stdout).toContain("Dry run, nothing will be changed. Plan for the Brand Asset Service on Cloudflare account");
    expect(dryRun.stdout).toContain("Nothing to change: everything is up to date.");
    expect(dryRunCalls.filter(isWrite)).toEqual([]);
  });
});
