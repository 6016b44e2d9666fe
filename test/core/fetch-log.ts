// Watches what the crawler asks the network (the fixture proxy) for, while passing every request through.
import { vi } from "vitest";

export type FetchLog = { urls: string[]; schemes: string[] };

/** Records each outbound URL and the scheme the crawler meant (X-Forwarded-Proto). Undo with vi.restoreAllMocks(). */
export function logFetches(): FetchLog {
  const log: FetchLog = { urls: [], schemes: [] };
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    log.urls.push(request.url);
    log.schemes.push(request.headers.get("x-forwarded-proto") ?? "");
    return original(input, init);
  });
  return log;
}
