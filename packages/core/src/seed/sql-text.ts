// A statement as SQL text with its parameters written in as literals, for a .sql file that `wrangler d1 execute
// --file` runs (locally, or through D1's import API remotely), where nothing can be bound.
import type { SeedStatement, SqlValue } from "./write.ts";

/** D1 refuses a statement longer than this (bytes); a seed statement never comes near it, but a file must not try. */
export const D1_MAX_STATEMENT_BYTES = 100_000;

export function sqlText({ sql, params }: SeedStatement): string {
  let out = "";
  let next = 0;
  const flat = sql.replace(/\s+/g, " ").trim();
  for (let i = 0; i < flat.length; ) {
    const ch = flat[i];
    if (ch === "'") {
      // Quoted text in the statement itself is copied as it is: a `?` inside it is not a parameter.
      const end = flat.indexOf("'", i + 1);
      out += flat.slice(i, end + 1);
      i = end + 1;
    } else if (ch === "?") {
      const digits = /^\d+/.exec(flat.slice(i + 1))?.[0];
      const index = digits ? Number(digits) - 1 : next;
      next = Math.max(next, index + 1);
      if (index >= params.length) throw new Error(`parameter ${index + 1} is not bound in: ${sql}`);
      out += literal(params[index]);
      i += 1 + (digits?.length ?? 0);
    } else {
      out += ch;
      i++;
    }
  }
  if (new TextEncoder().encode(out).length > D1_MAX_STATEMENT_BYTES) throw new Error(`statement over D1's size limit: ${out.slice(0, 80)}…`);
  return `${out};`;
}

function literal(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as SQL`);
    return String(value);
  }
  // Line breaks as char(10), so every statement stays on one line of the file.
  return `'${value.replaceAll("'", "''").replace(/\r?\n/g, "' || char(10) || '")}'`;
}
