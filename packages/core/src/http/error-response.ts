import { HTTPException } from "hono/http-exception";
import { AppError, ERROR_STATUS, internalError, type ErrorCode } from "../errors.ts";

/** Which host answers: the image and JSON hosts share one error shape, the beta host has its own. */
export type Surface = "img" | "api" | "beta";

// Spec, "Error bodies": auth, plan, credit and rate-limit errors carry `msg`; bad requests and lookups carry `err`.
const MSG_STATUSES = new Set([401, 402, 403, 429]);

/** The one field an error body of this status has on this host; the OpenAPI documents use it too (openapi.ts). */
export const errorField = (surface: Surface, status: number): "error" | "msg" | "err" =>
  surface === "beta" ? "error" : MSG_STATUSES.has(status) ? "msg" : "err";

export const errorBody = (surface: Surface, error: AppError): Record<string, string> => ({ [errorField(surface, error.status)]: error.message });

/** The single place an error becomes a response. Unknown errors are logged (without request data) and hidden. */
export function errorResponse(surface: Surface, error: unknown): Response {
  const appError = toAppError(error);
  return Response.json(errorBody(surface, appError), { status: appError.status, headers: appError.headers });
}

const CODE_BY_STATUS = new Map(Object.entries(ERROR_STATUS).map(([code, status]) => [status as number, code as ErrorCode]));

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // hono's own validators throw HTTPException (malformed JSON body, for one): keep their client-error status.
  if (error instanceof HTTPException && error.status < 500) {
    return new AppError(CODE_BY_STATUS.get(error.status) ?? "bad_request", error.message || "Bad request.");
  }
  console.error("unhandled error", error instanceof Error ? error.stack : error);
  return internalError();
}
