import { exports } from "cloudflare:workers";

/** Calls the Worker under test (the project's own `main`), as a client on the network would. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(`https://worker.test${path}`, init));
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
