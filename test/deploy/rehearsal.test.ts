// The deploy's rehearsal (`npm run deploy -- --local`): the whole sequence against local state, with the configs a
// deploy generates. Afterwards its Workers answer a ticker, a crypto symbol, an exchange, a parent and a
// platform-prefixed descriptor exactly as `npm start`'s do on its own state.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts, startLocalServices } from "../../scripts/lib/local-services.mjs";
import { ROOT, runDeploy, tempDir, type Run } from "./run-deploy.ts";

type Keys = { publishable: string; secret: string; beta: string };
type Host = { urls: { img: string; api: string; beta: string }; keys: Keys };

const dir = tempDir("rehearsal");
const deploy = (...extra: string[]) => runDeploy(["--local", "--dir", `${dir}/deploy`, "--persist-to", `${dir}/deploy/state`, ...extra], { ADMIN_TOKEN: undefined });
let first: Run, second: Run;
let rehearsed: Host, npmStart: Host;
const stops: Array<() => Promise<void>> = [];

/** npm start's launcher on its own state and free ports, as the e2e run starts it. */
async function startNpmStart(): Promise<Host> {
  const child: ChildProcess = spawn(process.execPath, ["scripts/dev.mjs", "--dir", `${dir}/dev`, "--persist-to", `${dir}/dev/state`, "--ports", "auto"], {
    cwd: ROOT,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CRAWL_PROXY: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  child.stderr!.on("data", (d) => (log += d));
  stops.push(async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  });
  const started = Date.now();
  while (!log.includes("Ctrl-C stops all three")) {
    if (child.exitCode !== null || Date.now() - started > 400_000) throw new Error(`npm start did not come up:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const demo = JSON.parse(readFileSync(`${dir}/dev/demo.json`, "utf8"));
  return { urls: { img: demo.img_url, api: demo.api_url, beta: demo.beta_url }, keys: { publishable: demo.publishable_key, secret: demo.secret_key, beta: demo.beta_key } };
}

beforeAll(async () => {
  const starting = startNpmStart();
  first = await deploy();
  second = await deploy();
  const configs = Object.fromEntries(["img", "api", "beta"].map((w) => [w, `${dir}/deploy/workers/${w}/wrangler.json`])) as Record<"img" | "api" | "beta", string>;
  const services = await startLocalServices({ configs, persistTo: `${dir}/deploy/state`, ports: await freePorts(), log: () => {} });
  stops.push(services.stop);
  const state = JSON.parse(readFileSync(`${dir}/deploy/state.json`, "utf8"));
  rehearsed = { urls: services.urls, keys: state.smoke };
  npmStart = await starting;
});
afterAll(async () => {
  for (const stop of stops) await stop();
  rmSync(dir, { recursive: true, force: true });
});

/** An answer with local origins taken out, so two instances on different ports compare. */
async function answer(host: Host, path: string, init: RequestInit = {}) {
  const [hostName, rest] = path.split(":") as ["img" | "api" | "beta", string];
  const response = await fetch(`${host.urls[hostName]}${rest}`, init);
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get("content-type") ?? "";
  const body = type.includes("json")
    ? bytes.toString("utf8").replaceAll(/http:\/\/localhost:\d+/g, "<local>")
    : createHash("sha256").update(bytes).digest("hex");
  return { status: response.status, type, fallback: response.headers.get("x-logo-fallback"), body };
}

const lookups = (keys: Keys) => ({
  ticker: [`img:/ticker/AAPL?format=png&size=64&token=${keys.publishable}`],
  crypto: [`img:/crypto/btc?format=png&size=64&token=${keys.publishable}`],
  exchange: [`img:/exchange/NYSE?format=png&size=64&token=${keys.publishable}`],
  parent: [`api:/brand/instagram.com`, { headers: { Authorization: `Bearer ${keys.secret}` } }],
  platform: [
    "beta:/transaction",
    {
      method: "POST",
      headers: { Authorization: `Bearer ${keys.beta}`, "Content-Type": "application/json" },
      body: JSON.stringify({ transaction: "SQ *BLUE BOTTLE COFFEE", transaction_context: { date: "2026-11-20", amount: 6.5, currency: "USD", entry_type: "outgoing" } }),
    },
  ],
});

describe("the deploy rehearsal (npm run deploy -- --local)", () => {
  it("runs every step against local state and ends with a passing smoke check", () => {
    expect(first.code, first.output).toBe(0);
    for (const step of ["resources", "secrets", "database migrations", "seed (D1 rows and R2 logo masters)", "workers", "smoke check"]) {
      expect(first.stdout).toContain(`  ${step}`);
    }
    expect(first.stdout).toMatch(/✓ image: 200 image\/jpeg/);
    expect(first.stdout).toMatch(/✓ describe: 200 Apple, apple\.com/);
    expect(first.stdout).toMatch(/✓ beta row: 200 Netflix, matched/);
    expect(existsSync(`${dir}/deploy/bundles/img`)).toBe(true);
  });

  it("changes nothing when run again", () => {
    expect(second.code, second.output).toBe(0);
    expect(second.stdout).toContain("Nothing changed: everything was already up to date.");
  });

  for (const kind of ["ticker", "crypto", "exchange", "parent", "platform"] as const) {
    it(`answers the ${kind} lookup exactly as npm start does`, async () => {
      const [path, init] = lookups(rehearsed.keys)[kind] as [string, RequestInit?];
      const [startPath, startInit] = lookups(npmStart.keys)[kind] as [string, RequestInit?];
      const ours = await answer(rehearsed, path, init);
      expect(ours.status).toBe(200);
      if (kind === "ticker" || kind === "crypto") expect(ours.fallback).toBeNull();
      if (kind === "parent") expect(JSON.parse(ours.body).parent).toMatchObject({ domain: "meta.com", name: "Meta" });
      if (kind === "platform") expect(JSON.parse(ours.body)).toMatchObject({ domain: "bluebottlecoffee.com", intermediary: { domain: "squareup.com" } });
      const theirs = await answer(npmStart, startPath, startInit);
      if (kind === "parent") {
        // Download URLs are signed with each instance's own key, and each was seeded at its own time; all else matches.
        const signed = new Set(["url", "svg_url", "indexed_at"]);
        const facts = (body: string) => JSON.parse(body, (key, value) => (signed.has(key) ? undefined : value));
        expect(facts(ours.body)).toEqual(facts(theirs.body));
      } else {
        expect(ours).toEqual(theirs);
      }
    });
  }
});
