// The operator's CLI over the JSON host's /admin API. Scriptable: the answer as JSON on stdout and nothing else there;
// messages a person can act on on stderr. Exit 0 on success (and --help), 1 when the service refused or could not be
// reached, 2 for a command or arguments it does not know. `npm run -s admin -- …` keeps npm's banner off stdout.
// Talks to BRAND_API_URL with ADMIN_TOKEN, defaulting to the local services' values in .dev/demo.json.
import { existsSync, readFileSync } from "node:fs";
import { DEMO_FILE } from "./lib/demo-account.mjs";

const PLANS = ["free", "starter", "pro"];
const KINDS = ["publishable", "secret", "beta"];

const oneOf = (name, values) => (value) => (values.includes(value) ? null : `${name} must be one of ${values.join(", ")}`);
const wholeNumber = (name) => (value) => (/^\d+$/.test(value) && Number(value) > 0 ? null : `${name} must be a whole number above 0`);

/**
 * Each command: its arguments (`<required>`, `[optional]`, `[rest...]`), what it does, a check per argument, and the
 * request it makes. `ok` shapes an answer without a body.
 */
const COMMANDS = {
  "create-account": {
    args: "<free|starter|pro> [name] [--beta]",
    about: "a new account; prints its plain keys (shown this once)",
    checks: [oneOf("the plan", PLANS)],
    request: ([plan, name], { beta }) => ["POST", "/admin/accounts", { plan, ...(name ? { name } : {}), beta }],
  },
  accounts: {
    args: "[--limit n] [--cursor c]",
    about: "accounts, newest first, a page at a time (pass next_cursor as --cursor)",
    request: (_, { limit, cursor }) => ["GET", `/admin/accounts${query({ limit, cursor })}`],
  },
  show: {
    args: "<account_id>",
    about: "an account: plan, credits, beta and its keys (prefixes only, with each one's last use)",
    request: ([id]) => ["GET", `/admin/accounts/${id}`],
  },
  "set-plan": {
    args: "<account_id> <free|starter|pro>",
    about: "change an account's plan",
    checks: [null, oneOf("the plan", PLANS)],
    request: ([id, plan]) => ["PATCH", `/admin/accounts/${id}`, { plan }],
  },
  beta: {
    args: "<account_id> <on|off> [daily_limit]",
    about: "turn the beta on or off, and set its daily allowance",
    checks: [null, oneOf("the state", ["on", "off"]), wholeNumber("daily_limit")],
    request: ([id, state, limit]) => ["PATCH", `/admin/accounts/${id}`, { beta: state === "on", ...(limit ? { beta_daily_limit: Number(limit) } : {}) }],
  },
  "rotate-key": {
    args: "<account_id> <publishable|secret|beta>",
    about: "issue a new key of the kind and revoke the old; prints the new key",
    checks: [null, oneOf("the kind", KINDS)],
    request: ([id, kind]) => ["POST", `/admin/accounts/${id}/keys`, { kind }],
  },
  "revoke-key": {
    args: "<account_id> <key_id>",
    about: "revoke a key (show lists their ids)",
    request: ([id, keyId]) => ["DELETE", `/admin/accounts/${id}/keys/${keyId}`],
    ok: ([id, keyId]) => ({ account: id, key: keyId, revoked: true }),
  },
  referrers: {
    args: "<account_id> [host...]",
    about: "the hosts the publishable key works from (none: any)",
    request: ([id, ...hosts]) => ["PUT", `/admin/accounts/${id}/referrers`, { referrers: hosts }],
  },
  credits: {
    args: "<account_id> <grant|sell> <amount> [reason...]",
    about: "grant credits, or sell them (Pro only)",
    checks: [null, oneOf("the kind", ["grant", "sell"]), wholeNumber("amount")],
    request: ([id, kind, amount, ...reason]) => [
      "POST",
      `/admin/accounts/${id}/credits`,
      { kind: kind === "sell" ? "purchase" : kind, amount: Number(amount), ...(reason.length ? { reason: reason.join(" ") } : {}) },
    ],
  },
  usage: {
    args: "<account_id>",
    about: "this month's requests, credits and ledger",
    request: ([id]) => ["GET", `/admin/accounts/${id}/usage`],
  },
  block: {
    args: "<domain> <reason...>",
    about: "the domain answers 404 on every host and is never crawled",
    request: ([domain, ...reason]) => ["POST", "/admin/blocked-domains", { domain, reason: reason.join(" ") }],
  },
  blocked: {
    args: "[--limit n] [--cursor c]",
    about: "blocked domains with their reasons, newest first",
    request: (_, { limit, cursor }) => ["GET", `/admin/blocked-domains${query({ limit, cursor })}`],
  },
  unblock: {
    args: "<domain>",
    about: "lift a block (every host follows within a minute)",
    request: ([domain]) => ["DELETE", `/admin/blocked-domains/${encodeURIComponent(domain)}`],
  },
};

const query = (params) => {
  const set = Object.entries(params).filter(([, v]) => v !== undefined);
  return set.length ? `?${new URLSearchParams(set)}` : "";
};

const usageLine = (name) => `npm run -s admin -- ${name} ${COMMANDS[name].args}`;
const HELP = [
  "Usage: npm run -s admin -- <command> [arguments]   (JSON on stdout; -s keeps npm's banner off it)",
  "",
  ...Object.entries(COMMANDS).map(([name, c]) => `  ${`${name} ${c.args}`.padEnd(58)} ${c.about}`),
  "",
  "npm run -s admin -- <command> --help explains one command. BRAND_API_URL and ADMIN_TOKEN choose the service",
  "(default: the local one npm start wrote to .dev/demo.json).",
].join("\n");

/** Stops with a message on stderr. */
function fail(message, code) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Splits --flags (--beta, --limit n, --cursor c) from the positional arguments. */
function parseArgs(argv) {
  const positional = [];
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") flags.help = true;
    else if (arg === "--beta") flags.beta = true;
    else if (arg === "--limit" || arg === "--cursor") {
      if (argv[i + 1] === undefined) fail(`${arg} needs a value.`, 2);
      flags[arg.slice(2)] = argv[++i];
    } else if (arg.startsWith("--")) fail(`Unknown option ${arg}.`, 2);
    else positional.push(arg);
  }
  return { positional, flags };
}

/** The required count, the most allowed (Infinity with a rest argument), and each argument's name. */
function arity(args) {
  const names = (args.match(/<[^>]+>|\[[^\]]+\]/g) ?? []).filter((a) => !a.startsWith("[--"));
  const required = names.filter((a) => a.startsWith("<")).length;
  const rest = names.some((a) => a.endsWith("...]") || a.endsWith("...>"));
  return { required, most: rest ? Infinity : names.length, names };
}

const [name, ...rest] = process.argv.slice(2);
if (!name || name === "--help" || name === "-h" || name === "help") {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}
const command = COMMANDS[name];
if (!command) fail(`Unknown command "${name}". Run npm run -s admin -- --help for the list.`, 2);
const { positional, flags } = parseArgs(rest);
if (flags.help) {
  process.stdout.write(`Usage: ${usageLine(name)}\n  ${command.about}\n`);
  process.exit(0);
}
const { required, most, names } = arity(command.args);
if (positional.length < required || positional.length > most) {
  const missing = names.slice(positional.length, required).join(" ");
  fail(`${missing ? `Missing ${missing}.` : "Too many arguments."} Usage: ${usageLine(name)}`, 2);
}
for (const [i, check] of (command.checks ?? []).entries()) {
  const problem = check && positional[i] !== undefined ? check(positional[i]) : null;
  if (problem) fail(`${problem}. Usage: ${usageLine(name)}`, 2);
}

const demo = existsSync(DEMO_FILE) ? JSON.parse(readFileSync(DEMO_FILE, "utf8")) : {};
const apiUrl = process.env.BRAND_API_URL ?? demo.api_url ?? "http://localhost:8788";
const token = process.env.ADMIN_TOKEN ?? demo.admin_token;
if (!token) fail("No admin token: set ADMIN_TOKEN (npm start writes one to .dev/demo.json).", 2);

const [method, path, body] = command.request(positional, flags);
const response = await fetch(new URL(path, apiUrl), {
  method,
  headers: { Authorization: `Bearer ${token}`, ...(body ? { "Content-Type": "application/json" } : {}) },
  body: body ? JSON.stringify(body) : undefined,
}).catch((error) => fail(`Cannot reach ${apiUrl} (${error.cause?.code ?? error.message}). Is npm start running?`, 1));
const text = await response.text();
let answer = null;
try {
  answer = text ? JSON.parse(text) : null;
} catch {
  fail(`${apiUrl} answered ${response.status} with something other than JSON. Is BRAND_API_URL the JSON host?`, 1);
}
if (!response.ok) fail(`${name}: ${answer?.err ?? answer?.msg ?? `the service answered ${response.status}`} (HTTP ${response.status})`, 1);
process.stdout.write(`${JSON.stringify(answer ?? command.ok?.(positional) ?? {}, null, 2)}\n`);
