// The operator CLI (scripts/admin.mjs) against the running services, as a script would use it: JSON alone on stdout,
// a message a person can act on on stderr, and exit codes 0, 1 (the service refused) and 2 (a usage error).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { readDocsDemo, ROOT } from "./services.mjs";

const demo = readDocsDemo();

/** Runs the CLI against the documentation checks' services; its exit code, stdout and stderr. */
function admin(...args) {
  const run = spawnSync(process.execPath, [`${ROOT}scripts/admin.mjs`, ...args], {
    encoding: "utf8",
    env: { ...process.env, BRAND_API_URL: demo.api_url, ADMIN_TOKEN: demo.admin_token },
  });
  return { code: run.status, out: run.stdout, err: run.stderr, json: () => JSON.parse(run.stdout) };
}

test("--help on the CLI and on every command: exit 0, the usage on stdout", () => {
  const help = admin("--help");
  assert.equal(help.code, 0);
  for (const command of ["accounts", "blocked", "unblock", "credits", "revoke-key"]) {
    assert.match(help.out, new RegExp(`^  ${command} `, "m"));
    const one = admin(command, "--help");
    assert.equal(one.code, 0, command);
    assert.match(one.out, new RegExp(`^Usage: npm run -s admin -- ${command}`), command);
  }
});

test("an unknown command, missing or bad arguments: exit 2, named on stderr, nothing on stdout", () => {
  const unknown = admin("frobnicate");
  assert.deepEqual([unknown.code, unknown.out], [2, ""]);
  assert.match(unknown.err, /Unknown command "frobnicate"/);
  const missing = admin("credits", "acc_00000000000000000000", "grant");
  assert.deepEqual([missing.code, missing.out], [2, ""]);
  assert.match(missing.err, /Missing <amount>/);
  const bad = admin("set-plan", "acc_00000000000000000000", "gold");
  assert.equal(bad.code, 2);
  assert.match(bad.err, /the plan must be one of free, starter, pro/);
});

test("accounts: create, list a page at a time, show, revoke a key with a JSON answer", () => {
  const created = admin("create-account", "pro", "CLI test", "--beta");
  assert.equal(created.code, 0, created.err);
  const { id } = created.json();
  const page = admin("accounts", "--limit", "1").json();
  assert.equal(page.data.length, 1);
  assert.equal(page.data[0].id, id); // newest first
  assert.equal(typeof page.next_cursor, "string");
  assert.equal(admin("accounts", "--limit", "1", "--cursor", page.next_cursor).json().data.length, 1);

  const shown = admin("show", id).json();
  assert.deepEqual(shown.keys.map((k) => k.last_used_at), [null, null, null]); // never used yet
  const key = shown.keys.find((k) => k.kind === "beta");
  const revoked = admin("revoke-key", id, key.id);
  assert.equal(revoked.code, 0, revoked.err);
  assert.deepEqual(revoked.json(), { account: id, key: key.id, revoked: true });
});

test("block, blocked and unblock: JSON answers, and a domain that is not blocked named on stderr", () => {
  const blocked = admin("block", "cli-block-example.com", "owner", "asked");
  assert.equal(blocked.code, 0, blocked.err);
  assert.deepEqual(blocked.json(), { domain: "cli-block-example.com", blocked: true });
  assert.ok(admin("blocked", "--limit", "100").json().data.some((b) => b.domain === "cli-block-example.com" && b.reason === "owner asked"));
  assert.deepEqual(admin("unblock", "cli-block-example.com").json(), { domain: "cli-block-example.com", blocked: false });
  const again = admin("unblock", "cli-block-example.com");
  assert.deepEqual([again.code, again.out], [1, ""]);
  assert.match(again.err, /cli-block-example\.com is not blocked\. \(HTTP 404\)/);
});

test("a refusal by the service: exit 1, its message on stderr", () => {
  const refused = admin("show", "acc_nope");
  assert.deepEqual([refused.code, refused.out], [1, ""]);
  assert.match(refused.err, /not an account id/);
});
