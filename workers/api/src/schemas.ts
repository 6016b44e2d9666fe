import { z } from "@hono/zod-openapi";

export const MessageBody = z.object({ msg: z.string() }).openapi("Message");
export const ErrorBody = z.object({ err: z.string() }).openapi("Error");
