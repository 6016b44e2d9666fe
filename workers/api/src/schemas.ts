import { z } from "@hono/zod-openapi";

export const MessageBody = z.object({ msg: z.string() }).openapi("Message");
export const ErrorBody = z.object({ err: z.string() }).openapi("Error");

/** A JSON response in an OpenAPI route's `responses`. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/** Any route can fail on our side; the cause is logged, never returned. */
export const serverError = jsonResponse(ErrorBody, "Server error; retry");

/** A required JSON request body validated by `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});
