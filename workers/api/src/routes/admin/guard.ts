// /admin is for the operator: a constant-time comparison with ADMIN_TOKEN, and nothing when it is unset.
import { AppError } from "@brand/core/errors";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../env.ts";

export const adminGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const expected = c.env.ADMIN_TOKEN;
  const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (!expected || !given || !(await sameSecret(given, expected))) {
    throw new AppError("unauthorized", "Admin routes need `Authorization: Bearer <ADMIN_TOKEN>`.");
  }
  await next();
};

async function sameSecret(a: string, b: string): Promise<boolean> {
  // Compare digests so neither length nor content leaks through timing.
  const [da, db] = await Promise.all(
    [a, b].map(async (s) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)))),
  );
  let diff = 0;
  for (let i = 0; i < da.length; i++) diff |= da[i] ^ db[i];
  return diff === 0;
}
