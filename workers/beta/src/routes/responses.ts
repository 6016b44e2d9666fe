// The beta host's documented responses, shared by its routes: the errors ({error}) and the rate-limit headers.
import { z } from "@hono/zod-openapi";
import { errorDocs, type Described, type ErrorStatus } from "@brand/core/http/openapi";

/** The beta host's documented errors, `{status: description}`, each with its body (`error`). */
export const betaErrors = <S extends ErrorStatus>(described: Record<S, Described>) => errorDocs("beta", described);

export const RateLimitHeaders = z.object({
  "X-RateLimit-Limit": z.string().openapi({ description: "Daily allowance" }),
  "X-RateLimit-Remaining": z.string().openapi({ description: "Lookups left today after this request" }),
  "X-RateLimit-Reset": z.string().openapi({ description: "Next midnight UTC, Unix seconds" }),
});
