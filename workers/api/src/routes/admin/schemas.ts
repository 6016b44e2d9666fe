import { z } from "@hono/zod-openapi";

export const AccountIdParam = z.object({ id: z.string().regex(/^acc_[0-9A-Za-z]{20}$/) });

/** A required JSON request body validated by `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
