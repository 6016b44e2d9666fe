// The Cloudflare account a deploy works on. Every change goes through wrangler; what the deploy compares against
// (which resources, secrets and versions exist) is read from the API directly with wrangler's own credentials, since
// wrangler prints most of it only as tables. Wrangler and these reads both honour CLOUDFLARE_API_BASE_URL, which is
// how the tests run a whole deploy against a local fake of the API.
import { wrangler } from "../wrangler-cli.mjs";
import { DeployError } from "./errors.mjs";

const apiBase = () => (process.env.CLOUDFLARE_API_BASE_URL ?? "https://api.cloudflare.com/client/v4").replace(/\/$/, "");

/** The account to deploy to: the login (wrangler whoami) and, when it has several accounts, the one asked for. */
export async function resolveAccount(wanted) {
  let who;
  try {
    const { stdout } = await wrangler(["whoami", "--json"]);
    who = JSON.parse(stdout.slice(stdout.indexOf("{")));
  } catch {
    throw new DeployError(
      "Not logged in to Cloudflare. Run `npx wrangler login`, or set CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID).",
    );
  }
  const accounts = who.accounts ?? [];
  const id = wanted ?? (accounts.length === 1 ? accounts[0].id : null);
  if (!id) {
    const list = accounts.map((a) => `  ${a.id}  ${a.name}`).join("\n");
    throw new DeployError(`Your login can use ${accounts.length} accounts; pick one with --account-id:\n${list}`);
  }
  return { id, name: accounts.find((a) => a.id === id)?.name ?? id };
}

/** GETs on the account's API with wrangler's credentials (never printed). */
export async function accountApi(accountId) {
  const { stdout } = await wrangler(["auth", "token", "--json"]);
  const auth = JSON.parse(stdout.slice(stdout.indexOf("{")));
  const headers = auth.type === "api_key" ? { "X-Auth-Key": auth.key, "X-Auth-Email": auth.email } : { Authorization: `Bearer ${auth.token}` };
  const account = `/accounts/${accountId}`;

  /** The body of a GET (the API's envelope), or null when it answers 404. */
  async function envelope(path) {
    const response = await fetch(`${apiBase()}${account}${path}`, { headers });
    const body = await response.json().catch(() => null);
    if (response.status === 404) return null;
    if (!response.ok || !body?.success) {
      const why = body?.errors?.map((e) => `${e.code}: ${e.message}`).join("; ") || `HTTP ${response.status}`;
      throw new DeployError(`Cloudflare API GET ${account}${path} failed (${why})`);
    }
    return body;
  }
  return {
    /** The `result` of a GET, or null when the API answers 404. */
    get: async (path) => (await envelope(path))?.result ?? null,
    /** Every page of a paged list. */
    async list(path) {
      const out = [];
      for (let page = 1; ; page++) {
        const body = await envelope(`${path}${path.includes("?") ? "&" : "?"}page=${page}&per_page=100`);
        const items = body?.result ?? [];
        out.push(...items);
        const pages = body?.result_info?.total_pages;
        if (items.length === 0 || (pages ? page >= pages : items.length < 100)) return out;
      }
    },
  };
}

/** The account's workers.dev subdomain (`<subdomain>.workers.dev`), which Workers without a host are served on. */
export async function workersDevSubdomain(api) {
  const result = await api.get("/workers/subdomain");
  if (!result?.subdomain) {
    throw new DeployError(
      "This account has no workers.dev subdomain yet. Open Workers & Pages in the Cloudflare dashboard once to pick one, " +
        "or give every host a custom domain (--img-host, --api-host, --beta-host).",
    );
  }
  return result.subdomain;
}
