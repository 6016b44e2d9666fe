import { exports } from "cloudflare:workers";

// Each vitest project runs a different Worker as `main`, so its exports are typed here rather than per project.
const main = exports as unknown as { default: Fetcher };

/** Calls the Worker under test (the project's own `main`), as a client on the network would. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return main.default.fetch(new Request(`https://worker.test${path}`, init));
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
