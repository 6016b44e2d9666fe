// What npm run deploy refuses, before it changes anything: local development's switches on a production Worker, no
// login, and flags or a config it cannot use.
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productionProblems } from "../../scripts/lib/deploy/safety.mjs";
import { startFakeCloudflare, type FakeCloudflare } from "../fixtures/fake-cloudflare-api.mjs";
import { fakeEnv, runDeploy, tempDir } from "./run-deploy.ts";

let fake: FakeCloudflare;
beforeAll(async () => {
  fake = await startFakeCloudflare();
});
afterAll(() => fake?.close());

describe("npm run deploy refuses", () => {
  it("a Worker that holds a local-only secret (the offline crawl proxy), and changes nothing", async () => {
    fake.state.scripts.set("brand-api", {
      name: "brand-api",
      versions: [],
      deployments: [],
      secrets: new Map([["CRAWL_PROXY", "http://127.0.0.1:9555"]]),
      schedules: [],
      workersDev: true,
      migrationTag: null,
    });
    const run = await runDeploy(["--no-smoke", "--dir", tempDir("deploy-refuse")], fakeEnv(fake));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Refusing to deploy");
    expect(run.stderr).toContain("npx wrangler secret delete CRAWL_PROXY --name brand-api");
    expect(fake.calls.filter((c) => c.method !== "GET")).toEqual([]);
    fake.state.scripts.delete("brand-api");
  });

  it("to start without a Cloudflare login, and says how to log in", async () => {
    const run = await runDeploy(["--dry-run"], {
      CLOUDFLARE_API_BASE_URL: fake.url,
      CLOUDFLARE_API_TOKEN: undefined,
      CLOUDFLARE_ACCOUNT_ID: undefined,
      HOME: tempDir("no-login"),
      XDG_CONFIG_HOME: tempDir("no-login-config"),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Not logged in to Cloudflare. Run `npx wrangler login`");
  });

  it("a host that is not a host name, or a config it cannot read, with the usage (exit 2)", async () => {
    const badHost = await runDeploy(["--dry-run", "--img-host", "https://img.example.com/"], fakeEnv(fake));
    expect(badHost.code).toBe(2);
    expect(badHost.stderr).toContain("a host name such as img.example.com");
    expect(badHost.stderr).toContain("Usage: npm run deploy");

    const config = `${tempDir("bad-config")}/deploy.json`;
    writeFileSync(config, JSON.stringify({ hosts: { img: "img.example.com" }, vars: { CRAWL_PROXY: "x" } }));
    const unknownKey = await runDeploy(["--dry-run", "--config", config], fakeEnv(fake));
    expect(unknownKey.code).toBe(2);
    expect(unknownKey.stderr).toMatch(/Unrecognized key.*vars/);

    const rotate = await runDeploy(["--dry-run", "--rotate", "CRAWL_PROXY", "--dir", tempDir("bad-rotate")], fakeEnv(fake));
    expect(rotate.code).toBe(2);
    expect(rotate.stderr).toContain("--rotate CRAWL_PROXY: not a secret of this service");

    // A fresh value would lose the key the stored webhook secrets are sealed with: rotated by hand, as docs/deploy.md says.
    const webhookKeys = await runDeploy(["--dry-run", "--rotate", "WEBHOOK_SECRET_KEYS", "--dir", tempDir("bad-rotate-keys")], fakeEnv(fake));
    expect(webhookKeys.code).toBe(2);
    expect(webhookKeys.stderr).toContain("--rotate WEBHOOK_SECRET_KEYS: the deploy cannot rotate it without losing the old key");
  });
});

describe("the production check", () => {
  const config = (vars: Record<string, string>) => ({ api: { name: "brand-api", vars } });
  const safe = { IMG_BASE_URL: "https://img.example.com", API_BASE_URL: "https://api.example.com", BETA_BASE_URL: "https://beta.example.com" };

  it("passes https hosts and no local-only switch", () => {
    expect(productionProblems(config(safe), { api: ["ADMIN_TOKEN"] }, { remote: true })).toEqual([]);
  });

  it("finds the crawl proxy or loopback webhooks as a variable or a secret", () => {
    expect(productionProblems(config({ ...safe, CRAWL_PROXY: "http://127.0.0.1:9555" }), {}, { remote: true })).toEqual([
      expect.stringContaining("the variable CRAWL_PROXY is for local development only"),
    ]);
    expect(productionProblems(config(safe), { api: ["WEBHOOK_ALLOW_LOOPBACK"] }, { remote: true })).toEqual([
      expect.stringContaining("the secret WEBHOOK_ALLOW_LOOPBACK is for local development only"),
    ]);
    // The rehearsal rehearses production: the switches are refused there too.
    expect(productionProblems(config({ ...safe, WEBHOOK_ALLOW_LOOPBACK: "1" }), {}, { remote: false })).toHaveLength(1);
  });

  it("finds DNS resolution switched off, and lets another resolver through", () => {
    for (const remote of [true, false]) {
      expect(productionProblems(config({ ...safe, DNS_RESOLVER_URL: "off" }), {}, { remote })).toEqual([
        expect.stringContaining("DNS_RESOLVER_URL=off is for local development only"),
      ]);
    }
    expect(productionProblems(config({ ...safe, DNS_RESOLVER_URL: "https://dns.google/resolve" }), {}, { remote: true })).toEqual([]);
  });

  it("wants the image host's https URL on a real deploy, and lets the rehearsal use a local one", () => {
    for (const url of ["http://localhost:8787", "http://img.example.com", "https://127.0.0.1", "not a url"]) {
      expect(productionProblems(config({ ...safe, IMG_BASE_URL: url }), {}, { remote: true }), url).toEqual([expect.stringContaining("needs its https URL")]);
    }
    expect(productionProblems(config({ ...safe, IMG_BASE_URL: "http://localhost:8787" }), {}, { remote: false })).toEqual([]);
  });
});
