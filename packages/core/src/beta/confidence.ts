// `confidence` is a fixed table over (match_type, whether a brand resolves, whether a merchant check failed), so the
// same input always scores the same (spec rules 1-5). Orderings: printed domain > name resolved from the descriptor
// > corpus search; a row without a brand scores below the same row with one; a failed check is the floor.
import type { MATCH_TYPES } from "./row.ts";

type MatchType = (typeof MATCH_TYPES)[number];

export const CONFIDENCE_FLOOR = 0.1;

const TABLE: Record<MatchType, { brand: number; noBrand: number }> = {
  enriched_context: { brand: 0.95, noBrand: 0.8 },
  descriptor_domain: { brand: 0.9, noBrand: 0.75 },
  resolved_entity: { brand: 0.85, noBrand: 0.7 },
  searched_name: { brand: 0.6, noBrand: 0.5 },
  cleaned_descriptor: { brand: CONFIDENCE_FLOOR, noBrand: CONFIDENCE_FLOOR },
};

export function confidenceFor(matchType: MatchType, brandResolves: boolean, checkFailed = false): number {
  if (checkFailed) return CONFIDENCE_FLOOR;
  const row = TABLE[matchType];
  return brandResolves ? row.brand : row.noBrand;
}
