// Types for seed-files.mjs (used by the deploy tests).
export function loadSeed(): Promise<import("../../packages/core/src/seed/validate.ts").SeedData>;
export function seedDir(): URL;
