// The beta host's documented responses, shared by its routes: the error body ({error}) and the rate-limit headers.
import { z } from "@hono/zod-openapi";

const ErrorBody = z.object({ error: z.string() }).openapi("BetaError");

export const betaErrorResponse = (description: string) => ({ description, content: { "application/json": { schema: ErrorBody } } });

export const RateLimitHeaders = z.object({
  "X-RateLimit-Limit": z.string().openapi({ description: "Daily allowance" }),
  "X-RateLimit-Remaining": z.string().openapi({ description: "Lookups left today after this request" }),
  "X-RateLimit-Reset": z.string().openapi({ description: "Next midnight UTC, Unix seconds" }),
});
