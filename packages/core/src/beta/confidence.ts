// `confidence` is a fixed table over (match_type, whether a brand resolves), so the same input always scores the same
// (spec rules 1 and 5). Orderings (spec rules 2-4): enriched context > printed domain > name resolved from the
// descriptor > corpus search; a matched row without a brand scores below the same row with one; every cleaned row
// (a failed merchant check, a person, nobody identified) sits at the floor. docs/decisions.md shows the table.
import type { MatchType } from "./row.ts";

export const CONFIDENCE_FLOOR = 0.1;

export const CONFIDENCE_TABLE: Record<Exclude<MatchType, "cleaned_descriptor">, { brand: number; noBrand: number }> = {
  enriched_context: { brand: 0.95, noBrand: 0.8 },
  descriptor_domain: { brand: 0.9, noBrand: 0.75 },
  resolved_entity: { brand: 0.85, noBrand: 0.7 },
  searched_name: { brand: 0.6, noBrand: 0.45 },
};

export type Outcome = { matched: false } | { matched: true; brandResolves: boolean };

export function confidenceFor(matchType: MatchType, outcome: Outcome): number {
  if (!outcome.matched || matchType === "cleaned_descriptor") return CONFIDENCE_FLOOR;
  const row = CONFIDENCE_TABLE[matchType];
  return outcome.brandResolves ? row.brand : row.noBrand;
}
