// Each Worker builds its app here, so every host shares one validation hook, one error handler and one OpenAPI doc.
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Env as HonoEnv } from "hono";
import { z } from "zod";
import { AppError } from "../errors.ts";
import { errorResponse, type Surface } from "./error-response.ts";
import { serveDocument } from "./openapi.ts";

export const API_VERSION = "2.0.0";

export function createApp<E extends HonoEnv>(surface: Surface) {
  const app = new OpenAPIHono<E>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError("bad_request", describeIssues(result.error));
    },
  });
  app.onError((error) => errorResponse(surface, error));
  app.notFound((c) => errorResponse(surface, new AppError("not_found", `No route for ${c.req.method} ${c.req.path}.`)));
  serveDocument(app, surface, API_VERSION);
  return app;
}

/** A short, actionable sentence from zod issues: which field, what is wrong. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const path = issue.path.join(".");
      if (issue.code === "unrecognized_keys") {
        const where = path ? ` in ${path}` : "";
        return `Unknown field${issue.keys.length > 1 ? "s" : ""}${where}: ${issue.keys.join(", ")}.`;
      }
      // Messages that already name their field ("size must be at most 800") need no prefix.
      return path && !issue.message.startsWith(path) ? `${path}: ${issue.message}` : issue.message;
    })
    .join(" ");
}
