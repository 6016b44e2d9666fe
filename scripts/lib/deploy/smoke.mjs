// The deploy's last step: one request to each deployed host with the keys of a dedicated smoke-check account, which
// the deploy makes through the admin API the first time (the only time it holds the admin token without being given
// it) and keeps in the deployment's state file, readable by this user only. New hosts can take a moment to answer
// (a fresh workers.dev route, a custom domain's certificate), so each check is retried for a while.
import { DeployError } from "./errors.mjs";

/** The checks, each a request and what its answer must show. */
const CHECKS = [
  {
    name: "image",
    request: (urls, keys) => [`${urls.img}/apple.com?token=${keys.publishable}`, {}],
    verify: async (response) =>
      response.status === 200 && /^image\//.test(response.headers.get("content-type") ?? "") && !response.headers.get("x-logo-fallback")
        ? `${response.headers.get("content-type")}, ${(await response.arrayBuffer()).byteLength} bytes`
        : null,
  },
  {
    name: "describe",
    request: (urls, keys) => [`${urls.api}/describe/apple.com`, { headers: { Authorization: `Bearer ${keys.secret}` } }],
    verify: async (response) => {
      const body = response.status === 200 ? await response.json() : null;
      return body?.name === "Apple" ? `${body.name}, ${body.domain}` : null;
    },
  },
  {
    name: "beta row",
    request: (urls, keys) => [
      `${urls.beta}/transaction`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${keys.beta}`, "Content-Type": "application/json" },
        body: JSON.stringify({ transaction: "CHECKCARD 0322 NETFLIX.COM 866-579-7172 CA" }),
      },
    ],
    verify: async (response) => {
      const body = response.status === 200 ? await response.json() : null;
      return body?.domain === "netflix.com" ? `${body.name}, ${body.status}` : null;
    },
  },
];

/** A starter-plan account (the cheapest that may describe) with the beta on, for the checks; its keys only. */
export async function createSmokeAccount(apiUrl, adminToken) {
  const response = await fetch(`${apiUrl}/admin/accounts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ plan: "starter", name: "Deploy smoke check", beta: true }),
  });
  if (response.status !== 201) throw new DeployError(`creating the smoke-check account answered ${response.status}: ${await response.text()}`);
  const { id, keys } = await response.json();
  return { account_id: id, ...keys };
}

/**
 * Runs every check; resolves with one line each, or rejects naming the first that kept failing.
 * @param {{ img: string, api: string, beta: string }} urls
 * @param {{ publishable: string, secret: string, beta: string }} keys
 */
export async function smokeCheck(urls, keys, { timeoutMs = 90_000 } = {}) {
  const lines = [];
  for (const check of CHECKS) {
    const started = Date.now();
    let last = "no answer";
    for (;;) {
      try {
        const [url, init] = check.request(urls, keys);
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
        const shown = await check.verify(response.clone());
        if (shown) {
          lines.push(`${check.name}: ${response.status} ${shown}`);
          break;
        }
        last = `${response.status} ${(await response.text()).slice(0, 200)}`;
        // A host still coming up answers 404 or 5xx for a while; any other answer will not change by waiting.
        if (response.status !== 404 && response.status < 500) throw new DeployError(`smoke check "${check.name}" failed: ${last}`);
      } catch (error) {
        if (error instanceof DeployError) throw error;
        last = error.cause?.code ?? error.message;
      }
      if (Date.now() - started > timeoutMs) throw new DeployError(`smoke check "${check.name}" failed: ${last}`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  return lines;
}
