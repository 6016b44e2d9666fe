// Admin CLI over the JSON host's /admin API. Prints JSON.
// Talks to BRAND_API_URL with ADMIN_TOKEN, defaulting to the local services' values in .dev/demo.json.
import { existsSync, readFileSync } from "node:fs";
import { DEMO_FILE } from "./lib/demo-account.mjs";

const USAGE = `Usage: npm run admin -- <command> [arguments]

  create-account <free|starter|pro> [name] [--beta]   new account; prints its plain keys (shown this once)
  show <account_id>                                   account, plan, credits and keys (prefixes only)
  set-plan <account_id> <free|starter|pro>
  beta <account_id> <on|off> [daily_limit]
  rotate-key <account_id> <publishable|secret|beta>   issue a new key, revoke the old one; prints the new key
  revoke-key <account_id> <key_id>
  referrers <account_id> [host ...]                   allowed referrers of the publishable key (none = any)
  credits <account_id> <grant|sell> <amount> [reason]
  usage <account_id>                                  this month's requests, credits and ledger
  block <domain> <reason>                             the domain answers 404 everywhere
`;

const demo = existsSync(DEMO_FILE) ? JSON.parse(readFileSync(DEMO_FILE, "utf8")) : {};
const apiUrl = process.env.BRAND_API_URL ?? demo.api_url ?? "http://localhost:8788";
const token = process.env.ADMIN_TOKEN ?? demo.admin_token;

const [command, ...args] = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};

const commands = {
  "create-account": () => {
    const beta = flag("--beta"); // first, so a missing name is not taken from the flag
    const [plan, name] = args;
    return ["POST", "/admin/accounts", { plan, ...(name ? { name } : {}), beta }];
  },
  show: ([id]) => ["GET", `/admin/accounts/${id}`],
  "set-plan": ([id, plan]) => ["PATCH", `/admin/accounts/${id}`, { plan }],
  beta: ([id, state, limit]) => [
    "PATCH",
    `/admin/accounts/${id}`,
    { beta: state === "on", ...(limit ? { beta_daily_limit: Number(limit) } : {}) },
  ],
  "rotate-key": ([id, kind]) => ["POST", `/admin/accounts/${id}/keys`, { kind }],
  "revoke-key": ([id, keyId]) => ["DELETE", `/admin/accounts/${id}/keys/${keyId}`],
  referrers: ([id, ...hosts]) => ["PUT", `/admin/accounts/${id}/referrers`, { referrers: hosts }],
  credits: ([id, kind, amount, reason]) => [
    "POST",
    `/admin/accounts/${id}/credits`,
    { kind: kind === "sell" ? "purchase" : kind, amount: Number(amount), ...(reason ? { reason } : {}) },
  ],
  usage: ([id]) => ["GET", `/admin/accounts/${id}/usage`],
  block: ([domain, ...reason]) => ["POST", "/admin/blocked-domains", { domain, reason: reason.join(" ") }],
};

const build = commands[command];
if (!build) {
  process.stderr.write(USAGE);
  process.exit(command ? 2 : 0);
}
if (!token) {
  console.error("No admin token: set ADMIN_TOKEN (npm start writes one to .dev/demo.json).");
  process.exit(2);
}
const [method, path, body] = build(args);
const response = await fetch(new URL(path, apiUrl), {
  method,
  headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
  body: body ? JSON.stringify(body) : undefined,
}).catch((error) => {
  console.error(`Cannot reach ${apiUrl} (${error.cause?.code ?? error.message}). Is npm start running?`);
  process.exit(1);
});
const text = await response.text();
console.log(text ? JSON.stringify(JSON.parse(text), null, 2) : JSON.stringify({ status: response.status }));
process.exit(response.ok ? 0 : 1);
