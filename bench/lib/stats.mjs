// Small statistics and reporting helpers shared by the benches.
import os from "node:os";
import { readFileSync } from "node:fs";

const r2 = (x) => Math.round(x * 100) / 100;

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarise(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return { n: 0, min: null, p50: null, p90: null, p99: null, max: null, mean: null };
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return {
    n: sorted.length,
    min: r2(sorted[0]),
    p50: r2(percentile(sorted, 50)),
    p90: r2(percentile(sorted, 90)),
    p99: r2(percentile(sorted, 99)),
    max: r2(sorted[sorted.length - 1]),
    mean: r2(mean),
  };
}

/** A figure to one decimal, for a report (null stays null). */
export const r1 = (x) => (x == null ? null : Math.round(x * 10) / 10);

export const ratio = (a, b) => (a == null || b == null || b === 0 ? null : Math.round((a / b) * 1000) / 1000);

function pkgVersion(name) {
  try {
    return JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")).version;
  } catch {
    return null;
  }
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    memory_gib: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    wrangler: pkgVersion("wrangler"),
    workerd: pkgVersion("workerd"),
    sharp: pkgVersion("sharp"),
  };
}

/** Renders rows (arrays of cells) as an aligned text table; numbers right-aligned. */
export function table(header, rows) {
  const cells = [header, ...rows].map((row) => row.map((c) => (c == null ? "–" : String(c))));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const numeric = header.map((_, i) => rows.every((row) => row[i] == null || typeof row[i] === "number" || /^[\d.×x%–\/*-]+$/.test(String(row[i]))));
  const line = (row) => row.map((c, i) => (numeric[i] && i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "─".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
