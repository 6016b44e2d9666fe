// The documentation's examples, run: every `$ command` in a ```sh block of README.md and docs/webhooks.md is run
// against the local services, in order, and its output compared with the lines shown under it. What differs from run
// to run is ignored: keys and secrets, ids, timestamps, signatures and expiries, rate-limit counters, and whatever the
// text shortens with `…`. Lines of a block before its first `$` are the setup this script does itself (the services,
// the fixture web). Plain Node ESM, used by test/docs/run.mjs; readme-examples.test.mjs checks the checker.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

export const EXAMPLE_FILES = ["README.md", "docs/webhooks.md"];

/** The README's URLs of the three hosts, as `npm start` prints them. */
const README_URLS = { img_url: "http://localhost:8787", api_url: "http://localhost:8788", beta_url: "http://localhost:8789" };

/**
 * @typedef {{ file: string, line: number, command: string, expected: string[] }} Example
 * @param {string} markdown @param {string} file
 * @returns {Example[]}
 */
export function parseExamples(markdown, file) {
  const lines = markdown.split("\n");
  /** @type {Example[]} */
  const examples = [];
  let inShell = false;
  /** @type {Example | null} */
  let current = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!inShell) {
      inShell = /^```(sh|bash)\s*$/.test(line);
      continue;
    }
    if (line.startsWith("```")) {
      inShell = false;
      current = null;
    } else if (line.startsWith("$ ")) {
      current = { file, line: i + 1, command: line.slice(2), expected: [] };
      while (current.command.endsWith("\\") && i + 1 < lines.length) current.command += `\n${lines[++i]}`;
      examples.push(current);
    } else if (current) {
      current.expected.push(line);
    }
  }
  return examples;
}

// What changes between runs, each with what it reads as in a comparison. Order matters: keys before ids.
const VARIABLE = [
  [/\b(pk|sk)_[0-9A-Za-z]{24}\b|\btx_beta_[0-9A-Za-z]{32}\b/g, "<key>"],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, "whsec_<secret>"],
  [/\b(sub|wh|evt|msg|key|acc)_[0-9A-Za-z]{20}\b/g, "$1_<id>"],
  // Seeded brands' ids are derived from their domain (lower-case hex) and stay; a crawled brand's id is random.
  [/\bbrd_(?![0-9a-f]{20}\b)[0-9A-Za-z]{20}\b/g, "brd_<id>"],
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>"],
  [/\bexp=\d+/g, "exp=<time>"],
  [/\bsig=[A-Za-z0-9_-]+/g, "sig=<signature>"],
  [/^(X-RateLimit-Remaining|X-RateLimit-Reset): \d+$/gim, "$1: <n>"],
  [/^Date: .*GMT$/gim, "Date: <time>"],
  // The body's length follows the length of the host's URL in it (the port of this run).
  [/^Content-Length: \d+$/gim, "Content-Length: <n>"],
];

/** A line with what varies between runs replaced by placeholders. @param {string} line */
export function normalise(line) {
  return VARIABLE.reduce((text, [pattern, replacement]) => text.replace(pattern, /** @type {string} */ (replacement)), line.trimEnd());
}

/** Whether an output line is the one shown: equal once normalised, `…` in the shown one standing for any text. */
export function lineMatches(shown, actual) {
  const parts = normalise(shown).split("…").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`).test(normalise(actual));
}

/** @param {string[]} lines */
const trimTrailingBlank = (lines) => {
  const out = [...lines];
  while (out.length && out.at(-1)?.trim() === "") out.pop();
  return out;
};

/**
 * The differences between what `example` shows and what `actual` printed: [] when they agree.
 * @param {Example} example @param {string} actual
 */
export function differences(example, actual) {
  const shown = trimTrailingBlank(example.expected);
  const printed = trimTrailingBlank(actual.split("\n"));
  const problems = [];
  for (let i = 0; i < Math.max(shown.length, printed.length); i++) {
    if (shown[i] !== undefined && printed[i] !== undefined && lineMatches(shown[i], printed[i])) continue;
    problems.push(`  line ${i + 1}\n    shown:   ${shown[i] ?? "(nothing)"}\n    printed: ${printed[i] ?? "(nothing)"}`);
  }
  return problems;
}

/**
 * Runs every example of `files` (paths from `root`) against the services of `demo`, in order, in the scratch folder
 * `cwd`; returns a report of each that differs ([] when all agree).
 * @param {{ root: string, files?: string[], demo: Record<string, string>, cwd: string }} options
 */
export function checkExamples({ root, files = EXAMPLE_FILES, demo, cwd }) {
  const toLocal = (text) => Object.entries(README_URLS).reduce((t, [key, url]) => t.replaceAll(url, demo[key]), text);
  const toReadme = (text) => Object.entries(README_URLS).reduce((t, [key, url]) => t.replaceAll(demo[key], url), text);
  const env = { ...process.env, PK: demo.publishable_key, SK: demo.secret_key, BK: demo.beta_key };
  const failures = [];
  let count = 0;
  for (const file of files) {
    for (const example of parseExamples(readFileSync(`${root}${file}`, "utf8"), file)) {
      count++;
      const run = spawnSync("bash", ["-c", toLocal(example.command)], { cwd, env, encoding: "utf8", timeout: 60_000 });
      const printed = toReadme(run.stdout ?? "");
      const problems = run.status === 0 ? differences(example, printed) : [`  exited ${run.status ?? run.signal}: ${(run.stderr ?? "").trim()}`];
      if (problems.length) failures.push(`${example.file}:${example.line}: $ ${example.command}\n${problems.join("\n")}`);
    }
  }
  return { count, failures };
}
