// npm run deploy on custom domains, interrupted in the middle of its seed, then resumed, then run again after a new
// migration, a change to one seeded brand, the beta's provider and a rotated secret: each run does only what is left or
// what changed.
import { readdirSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedBrandId } from "@brand/core/seed/write";
import { startFakeCloudflare, type FakeCall, type FakeCloudflare } from "../fixtures/fake-cloudflare-api.mjs";
import { fakeEnv, ROOT, runDeploy, tempDir, type Run } from "./run-deploy.ts";

const ingests = (calls: FakeCall[]) => calls.filter((c) => c.path.endsWith("/import") && (c.body as { action: string }).action === "ingest");
const uploads = (calls: FakeCall[], script: string) =>
  calls.filter((c) => (c.method === "PUT" && c.path.endsWith(`/workers/scripts/${script}`)) || (c.method === "POST" && c.path.endsWith(`/workers/scripts/${script}/versions`)));

let fake: FakeCloudflare;
const runs: Array<{ run: Run; calls: FakeCall[] }> = [];
let secretsBefore: Map<string, string>;

beforeAll(async () => {
  // The third import fails, as an interrupted upload would.
  fake = await startFakeCloudflare({ failImportAt: 3 });
  const dir = tempDir("deploy-upgrade");
  const config = `${dir}/deploy.json`;
  writeFileSync(config, JSON.stringify({ hosts: { img: "img.acme.test", api: "api.acme.test", beta: { pattern: "beta.acme.test/*", zone_name: "acme.test" } } }));
  const deploy = async (...extra: string[]) => {
    const from = fake.calls.length;
    const run = await runDeploy(["--no-smoke", "--dir", dir, "--config", config, ...extra], fakeEnv(fake));
    runs.push({ run, calls: fake.calls.slice(from) });
  };
  await deploy();
  await deploy();
  secretsBefore = new Map(fake.state.scripts.get("brand-api")!.secrets);
  // A corpus change to one brand, as a new release of the seed would make: its recorded hash no longer matches.
  const db = [...fake.state.databases.values()][0].sqlite;
  db.prepare("UPDATE seed_units SET hash = 'changed' WHERE key = 'brand:apple.com'").run();
  db.prepare("DELETE FROM seed_runs").run();
  // And a migration the database has not had yet, as a release that adds one would bring.
  db.prepare("DROP TABLE beta_usage_daily").run();
  db.prepare("DELETE FROM d1_migrations WHERE name = '0007_beta_usage.sql'").run();
  await deploy("--enrichment-url", "https://api.ntropy.com", "--rotate", "FILE_SIGNING_KEY");
});
afterAll(() => fake?.close());

describe("a deploy interrupted in its seed", () => {
  it("fails, saying why, before any Worker is uploaded", () => {
    const [{ run, calls }] = runs;
    expect(run.code).toBe(1);
    expect(run.output).toContain("fake: this import fails");
    expect(ingests(calls)).toHaveLength(3);
    expect(fake.calls.some((c) => c.path.endsWith("/workers/scripts/brand-img") && c.method === "PUT" && runs[0].calls.includes(c))).toBe(false);
  });

  it("resumes after the last batch that landed when run again, and finishes", () => {
    const { run, calls } = runs[1];
    expect(run.code, run.output).toBe(0);
    const db = [...fake.state.databases.values()][0].sqlite;
    // The two batches that landed are not imported again: only the rest, and the closing record of the fingerprint.
    const batches = Number(/in (\d+) batches/.exec(runs[0].run.stdout)![1]);
    expect(ingests(calls)).toHaveLength(batches - 2 + 1);
    expect(/(\d+) of (\d+) units to write/.exec(run.stdout)!.slice(1).map(Number)).toSatisfy(([left, all]: number[]) => left < all);
    expect(db.prepare("SELECT COUNT(*) AS n FROM seed_runs").get()!.n).toBe(1);
  });
});

describe("a deploy with custom domains and a route", () => {
  it("points each host at its Worker, off workers.dev, and gives every Worker the image host's URL", () => {
    expect(fake.state.scripts.get("brand-img")!.domains?.map((d) => d.hostname)).toEqual(["img.acme.test"]);
    expect(fake.state.scripts.get("brand-api")!.domains?.map((d) => d.hostname)).toEqual(["api.acme.test"]);
    for (const script of ["brand-img", "brand-api", "brand-beta"]) {
      expect(fake.state.scripts.get(script)!.workersDev).toBe(false);
      const vars = fake.state.scripts.get(script)!.versions.at(-1)!.metadata.bindings.filter((b: { type: string }) => b.type === "plain_text");
      expect(vars).toContainEqual({ type: "plain_text", name: "IMG_BASE_URL", text: "https://img.acme.test" });
    }
    expect(fake.state.routes.map((r) => [r.pattern, r.script])).toEqual([["beta.acme.test/*", "brand-beta"]]);
    expect(fake.unexpected()).toEqual([]);
  });
});

describe("an upgrade: a new migration, one seeded brand changed, the beta's provider set, a secret rotated", () => {
  it("applies the migration the database has not had, and only that one", () => {
    const { run } = runs[2];
    expect(run.stdout).toMatch(/\+ 1 to apply \(0007_beta_usage\.sql\)/);
    const db = [...fake.state.databases.values()][0].sqlite;
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'beta_usage_daily'").get()!.n).toBe(1);
    expect(db.prepare("SELECT COUNT(*) AS n FROM d1_migrations").get()!.n).toBe(readdirSync(`${ROOT}migrations`).filter((f) => f.endsWith(".sql")).length);
  });

  it("writes that brand's rows only", async () => {
    const { run, calls } = runs[2];
    expect(run.code, run.output).toBe(0);
    const all = Number(/of (\d+) units to write/.exec(runs[0].run.stdout)![1]);
    expect(run.stdout).toContain(`1 of ${all} units to write in 1 batch`);
    const [batch, done] = ingests(calls);
    expect(ingests(calls)).toHaveLength(2);
    const sql = fake.state.uploads.get((batch.body as { filename: string }).filename)!;
    expect(sql).toContain(await seedBrandId("apple.com"));
    expect(sql).toContain("'brand:apple.com'");
    expect(sql.match(/INSERT INTO brands /g)).toHaveLength(1);
    expect(fake.state.uploads.get((done.body as { filename: string }).filename)).toMatch(/^INSERT OR REPLACE INTO seed_runs/);
  });

  it("uploads a new version of the beta host with its provider, and the JSON host with the new secret, and leaves the image host", () => {
    const { calls } = runs[2];
    expect(uploads(calls, "brand-img")).toEqual([]);
    expect(uploads(calls, "brand-beta")).toHaveLength(1);
    expect(uploads(calls, "brand-api")).toHaveLength(1);
    const beta = fake.state.scripts.get("brand-beta")!.versions.at(-1)!.metadata.bindings;
    expect(beta).toContainEqual({ type: "plain_text", name: "ENRICHMENT_URL", text: "https://api.ntropy.com" });

    const secrets = fake.state.scripts.get("brand-api")!.secrets;
    expect(secrets.get("FILE_SIGNING_KEY")).not.toBe(secretsBefore.get("FILE_SIGNING_KEY"));
    expect(secrets.get("ADMIN_TOKEN")).toBe(secretsBefore.get("ADMIN_TOKEN"));
    // Kept: a new value could not open the webhook secrets the old one sealed.
    expect(secrets.get("WEBHOOK_SECRET_KEYS")).toBe(secretsBefore.get("WEBHOOK_SECRET_KEYS"));
    expect(runs[2].run.output).not.toContain(secrets.get("FILE_SIGNING_KEY"));
    expect(fake.unexpected()).toEqual([]);
  });
});
