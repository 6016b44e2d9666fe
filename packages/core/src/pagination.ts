// Cursor pagination for the lists (subscriptions, endpoints, deliveries; the admin lists of accounts and blocks):
// newest first, keyed on (created_at, id) so a page boundary never skips or repeats a row, even when rows share a
// timestamp or new ones arrive meanwhile.
import { z } from "@hono/zod-openapi";
import { AppError } from "./errors.ts";
import { fromBase64, urlSafe } from "./base64.ts";

export const PageQuery = z.object({
  limit: z
    .string()
    .regex(/^\d+$/, "limit must be a whole number from 1 to 100")
    .transform(Number)
    .pipe(z.number().min(1, "limit must be from 1 to 100").max(100, "limit must be from 1 to 100"))
    .default(20),
  cursor: z.string().max(200).optional().openapi({ description: "`next_cursor` of the previous page" }),
});

export const Page = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      data: z.array(item),
      next_cursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
    })
    .openapi(name);

export type PageOf<T> = { data: T[]; next_cursor: string | null };

type Keyed = { created_at: string; id: string };
export type After = { createdAt: string; id: string } | null;

export function decodeCursor(cursor: string | undefined): After {
  if (!cursor) return null;
  const bytes = fromBase64(cursor);
  try {
    const [createdAt, id] = (bytes && JSON.parse(new TextDecoder().decode(bytes))) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string" && !Number.isNaN(Date.parse(createdAt))) {
      return { createdAt, id };
    }
  } catch {
    // fall through
  }
  throw new AppError("bad_request", "cursor is not one this list gave out; pass next_cursor unchanged.");
}

const encodeCursor = (row: Keyed) => urlSafe(btoa(JSON.stringify([row.created_at, row.id])));

/**
 * SQL for "after the cursor" in newest-first order, using parameters ?n and ?n+1; bind them with `afterBinds`
 * (nulls on the first page).
 */
export const afterClause = (alias: string, n: number) =>
  `(?${n} IS NULL OR (${alias}.created_at, ${alias}.id) < (?${n}, ?${n + 1}))`;

export const afterBinds = (after: After) => [after?.createdAt ?? null, after?.id ?? null];

/** `rows` was read with LIMIT limit + 1: the extra row only says there is a next page. */
export function toPage<R extends Keyed, T>(rows: R[], limit: number, map: (row: R) => T): PageOf<T> {
  const data = rows.slice(0, limit);
  return {
    data: data.map(map),
    next_cursor: rows.length > limit ? encodeCursor(data[data.length - 1]) : null,
  };
}
