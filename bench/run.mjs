// npm run bench — every benchmark, one after the other, each in its own process. Exit status: the first failure's.
import { spawnSync } from "node:child_process";

const BENCHES = ["img.mjs", "api.mjs", "beta.mjs"]; // design §10

let status = 0;
for (const bench of BENCHES) {
  const run = spawnSync(process.execPath, [new URL(bench, import.meta.url).pathname], { stdio: "inherit" });
  const code = run.status ?? 1;
  if (code !== 0) {
    console.error(`[bench] ${bench} failed (exit ${code})`);
    if (status === 0) status = code;
  }
}
process.exit(status);
