import { z } from "@hono/zod-openapi";

export const AccountIdParam = z.object({ id: z.string().regex(/^acc_[0-9A-Za-z]{20}$/) });

export { jsonBody } from "../../schemas.ts";
