// The targets a bench reports against, each beside its figure from the same run. Reported as met or missed, never
// enforced: a bench exits 0 whatever its figures.
import { table } from "./stats.mjs";

/**
 * One target: `figure` (a ratio or a time from this run) against `bound`, `op` "≥" or "≤". `met` is null when the
 * figure is missing (a phase that did not run).
 */
export function target(name, figure, op, bound) {
  const met = figure == null ? null : op === "≥" ? figure >= bound : figure <= bound;
  return { name, figure, op, bound, met };
}

/** The printed "Targets" block. */
export function targetLines(targets) {
  const rows = targets.map((t) => [t.name, t.figure == null ? null : Math.round(t.figure * 1000) / 1000, `${t.op} ${t.bound}`, t.met == null ? "not measured" : t.met ? "met" : "missed"]);
  return ["Targets (figures from this run)", table(["", "figure", "target", ""], rows).replace(/^/gm, "  ")];
}
