// The README checker's own rules: it finds each `$ command` with the output shown under it, ignores only what varies
// between runs, and reports a real difference.
import assert from "node:assert/strict";
import { test } from "node:test";
import { differences, lineMatches, parseExamples } from "./readme-examples.mjs";

const markdown = [
  "Some text.",
  "```sh",
  "node test/fixtures/site-router.mjs 9555 &   # setup: the checker does this itself",
  "$ curl -s http://localhost:8788/describe/acme.test",
  '{"name":"Acme"}',
  "$ curl -s -X POST http://localhost:8789/transaction \\",
  "    -d '{}'",
  "HTTP/1.1 200 OK",
  "```",
  "```ts",
  "$ not a shell block",
  "```",
].join("\n");

test("finds each command, its continuation lines and the output under it, in shell blocks only", () => {
  assert.deepEqual(parseExamples(markdown, "X.md"), [
    { file: "X.md", line: 4, command: "curl -s http://localhost:8788/describe/acme.test", expected: ['{"name":"Acme"}'] },
    { file: "X.md", line: 6, command: "curl -s -X POST http://localhost:8789/transaction \\\n    -d '{}'", expected: ["HTTP/1.1 200 OK"] },
  ]);
});

test("ignores keys, ids, times, signatures and counters, and what `…` shortens", () => {
  assert.ok(lineMatches('{"id":"wh_0gfmRBKFaXKviddQLjSb","created_at":"2026-11-23T14:15:28.651Z","secret":"whsec_qn/fQ="}', '{"id":"wh_AAAAAAAAAAAAAAAAAAAA","created_at":"2027-01-01T00:00:00.000Z","secret":"whsec_zz+Z="}'));
  assert.ok(lineMatches("/v/a60c.png?exp=1795588212&sig=YgN8Jg-_", "/v/a60c.png?exp=1&sig=other"));
  assert.ok(lineMatches("X-RateLimit-Remaining: 999", "X-RateLimit-Remaining: 12"));
  assert.ok(lineMatches("Date: Wed, 25 Nov 2026 06:12:09 GMT", "Date: Thu, 26 Nov 2026 20:32:43 GMT"));
  assert.ok(lineMatches("Location: pk_012345678901234567890123", "Location: pk_ABCDEFGHIJKLMNOPQRSTUVWX"));
  assert.ok(lineMatches('{"url":"…/files/logos/9ccb…d65.png","bytes":17941}', '{"url":"http://x/files/logos/9ccbaaad65.png","bytes":17941}'));
  assert.ok(lineMatches('"entity_id":"brd_LDeNQqDyovubbByLA6eU"', '"entity_id":"brd_SZ3FycbmJwbk6F3mK56m"')); // a crawled brand's
});

test("reports what does differ: a value, a seeded brand's id, a missing or an extra line", () => {
  assert.equal(lineMatches('{"bytes":17941}', '{"bytes":17942}'), false);
  assert.equal(lineMatches('"entity_id":"brd_a08747145f5bcc18375e"', '"entity_id":"brd_b08747145f5bcc18375e"'), false);
  assert.equal(lineMatches("200 image/jpeg 1893", "200 image/png 1893"), false);
  const example = { file: "X.md", line: 1, command: "true", expected: ["a", "b", ""] };
  assert.deepEqual(differences(example, "a\nb\n"), []);
  assert.equal(differences(example, "a\n").length, 1);
  assert.equal(differences(example, "a\nb\nc\n").length, 1);
});
