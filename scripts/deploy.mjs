// npm run deploy: deploys the three Workers with wrangler, one after the other (run through scripts/node22.mjs, since
// wrangler 4 needs Node 22). Stops at the first failure. Resources and secrets first: see the README's Deploy section.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
for (const worker of ["img", "api", "beta"]) {
  console.log(`Deploying workers/${worker}…`);
  const run = spawnSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "deploy", "-c", `workers/${worker}/wrangler.toml`], {
    cwd: root,
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
