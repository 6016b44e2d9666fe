// What must never reach production: the offline crawl proxy, webhooks to loopback and DNS resolution switched off
// (local development's switches, which would turn the crawler and the webhook sender into a way into private
// networks), and local URLs in place of the deployed hosts. Checked on the generated configs and on the secrets
// already set, before anything is changed.

export const LOCAL_ONLY = ["CRAWL_PROXY", "WEBHOOK_ALLOW_LOOPBACK"];
/** Variables that are fine in production except with this one value: DNS_RESOLVER_URL may name another resolver. */
const LOCAL_ONLY_VALUES = { DNS_RESOLVER_URL: "off" };
/** Variables that hold a host's URL. */
const HOST_VARS = ["IMG_BASE_URL", "API_BASE_URL", "BETA_BASE_URL"];

/**
 * @param {Record<string, { name: string, vars?: Record<string, string> }>} configs by Worker
 * @param {Record<string, string[]>} secretNames set on each Worker, by Worker
 * @param {{ remote: boolean }} o whether this is a real deploy (the rehearsal runs on local URLs)
 * @returns {string[]} one line a problem; none when it is safe to go on
 */
export function productionProblems(configs, secretNames, { remote }) {
  const problems = [];
  for (const [worker, config] of Object.entries(configs)) {
    const vars = config.vars ?? {};
    for (const name of LOCAL_ONLY) {
      if (name in vars) problems.push(`${config.name}: the variable ${name} is for local development only; remove it from workers/${worker}/wrangler.toml`);
      if ((secretNames[worker] ?? []).includes(name)) {
        problems.push(`${config.name}: the secret ${name} is for local development only; remove it: npx wrangler secret delete ${name} --name ${config.name}`);
      }
    }
    for (const [name, value] of Object.entries(LOCAL_ONLY_VALUES)) {
      if (vars[name] === value) problems.push(`${config.name}: ${name}=${value} is for local development only; remove it from workers/${worker}/wrangler.toml`);
    }
    if (!remote) continue;
    for (const name of HOST_VARS) {
      const value = vars[name];
      let url = null;
      try {
        url = new URL(value);
      } catch {
        // reported below
      }
      if (!url || url.protocol !== "https:" || /^(localhost|127\.|\[::1\])/.test(url.hostname)) {
        problems.push(`${config.name}: ${name} is ${JSON.stringify(value)}; a deployed host needs its https URL`);
      }
    }
  }
  return problems;
}
