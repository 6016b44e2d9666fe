// @ts-check
// Calls to this host's JSON API with the session's secret key. Errors carry the status and the server's message
// (`msg` or `err`); a 401 means the key no longer works, and signs the dashboard out.
import { session } from "./session.js";

export class ApiError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** @type {(message: string) => void} */
let onUnauthorized = () => {};
/** @param {(message: string) => void} handler */
export const whenUnauthorized = (handler) => (onUnauthorized = handler);

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{ key?: string, quiet401?: boolean }} [options] `key` overrides the session's (sign-in); `quiet401` reports a
 *   401 to the caller instead of signing out.
 * @returns {Promise<any>}
 */
export async function request(method, path, body, options = {}) {
  const key = options.key ?? session.secretKey();
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const send = () =>
    fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "omit",
    });
  let response;
  try {
    response = await send();
    // A 500 asks the client to retry (spec); a read is safe to repeat once.
    if (response.status >= 500 && method === "GET") {
      await new Promise((resolve) => setTimeout(resolve, 400));
      response = await send();
    }
  } catch {
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (response.ok) return data;
  const message = (data && (data.msg || data.err)) || `Request failed (${response.status}).`;
  if (response.status === 401 && !options.quiet401) onUnauthorized(message);
  throw new ApiError(response.status, message);
}

export const api = {
  /** @param {string} path */
  get: (path) => request("GET", path),
  /** @param {string} path @param {unknown} [body] */
  post: (path, body) => request("POST", path, body),
  /** @param {string} path @param {unknown} body */
  put: (path, body) => request("PUT", path, body),
  /** @param {string} path @param {unknown} body */
  patch: (path, body) => request("PATCH", path, body),
  /** @param {string} path */
  del: (path) => request("DELETE", path),
};
