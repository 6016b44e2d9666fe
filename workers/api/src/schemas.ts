import { z } from "@hono/zod-openapi";
import { ERROR_BODIES, errorDocs, type Described, type ErrorStatus } from "@brand/core/http/openapi";

/** A message that is no error (202: indexing started), shaped as the auth errors are. */
export const MessageBody = ERROR_BODIES.msg;

/** The JSON host's documented errors, `{status: description}`, each with its status's body (`msg` or `err`). */
export const apiErrors = <S extends ErrorStatus>(described: Record<S, Described>) => errorDocs("api", described);

/** A JSON response in an OpenAPI route's `responses`, with an example taken from a real response where given. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string, example?: z.input<T>) => ({
  description,
  content: { "application/json": { schema, ...(example !== undefined && { example }) } },
});

/** Any route can fail on our side; the cause is logged, never returned. */
export const serverError = apiErrors({ 500: "Server error; retry" });

/** A required JSON request body validated by `schema`, with an example of it (the public routes' bodies all have one). */
export const jsonBody = <T extends z.ZodType>(schema: T, example?: z.input<T>) => ({
  content: { "application/json": { schema, ...(example !== undefined && { example }) } },
  required: true,
});
