// Types for safety.mjs (tested from test/deploy).
export const LOCAL_ONLY: string[];
export function productionProblems(
  configs: Record<string, { name: string; vars?: Record<string, string> }>,
  secretNames: Record<string, string[]>,
  options: { remote: boolean },
): string[];
