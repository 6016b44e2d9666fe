// Runs `npm run deploy` (scripts/deploy.mjs) as a user would, in its own process, against a fake Cloudflare API or
// local state, and keeps what it printed.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";

export const ROOT = new URL("../../", import.meta.url).pathname;

export type Run = { code: number; stdout: string; stderr: string; output: string };

export function runDeploy(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const merged = { ...process.env, WRANGLER_SEND_METRICS: "false", NO_UPDATE_NOTIFIER: "1", ...env };
    const child = spawn(process.execPath, ["scripts/deploy.mjs", ...args], {
      cwd: ROOT,
      // An undefined value removes the variable.
      env: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<string, string>,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr, output: `${stdout}\n${stderr}` }));
  });
}

/** The credentials wrangler sends to the fake; CLOUDFLARE_API_BASE_URL sends every call there. */
export const fakeEnv = (fake: { url: string; accountId: string }) => ({
  CLOUDFLARE_API_BASE_URL: fake.url,
  CLOUDFLARE_API_TOKEN: "fake-api-token",
  CLOUDFLARE_ACCOUNT_ID: fake.accountId,
  // Nothing the developer has set for local work may leak into a test deploy.
  ENRICHMENT_API_KEY: undefined,
  ADMIN_TOKEN: undefined,
});

export const tempDir = (name: string) => mkdtempSync(`${tmpdir()}/brand-${name}-`);
