// Our own stages on labelled real-world descriptors, with no provider at all: big brands must be found; local shops,
// people, cheques and bank noise must never become a merchant. Two sets: the one the engine was tuned on, and a
// held-out one written apart from the engine's code. The per-kind accuracy is printed (docs/beta-accuracy.md quotes
// it) and held above a floor, so a regression in the descriptor engine fails here.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { identify } from "@brand/core/beta/identify";
import { transactionRequestSchema } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";
import { ownStageDeps } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";
import holdout from "./fixtures/holdout-descriptors.json";
import labelled from "./fixtures/labelled-descriptors.json";

type Entry = {
  id: string;
  kind: "big_brand" | "local_shop" | "platform" | "person" | "noise";
  descriptor: string;
  context: boolean;
  account_holder_name?: string;
  expect: { status: "matched" | "cleaned"; domain: string | null; intermediary?: string | null; entity_type?: "person" };
};

/** The share of each kind the engine must get right: merchants must never be invented (local, person, noise). */
const FLOOR = { big_brand: 0.9, platform: 0.9, local_shop: 1, person: 1, noise: 1 };
const SETS = { tuning: labelled as Entry[], "held-out": holdout as Entry[] };

function request(entry: Entry) {
  return transactionRequestSchema().parse({
    transaction: entry.descriptor,
    ...(entry.context && {
      transaction_context: {
        date: "2026-06-15",
        amount: 23.5,
        currency: "USD",
        entry_type: "outgoing",
        ...(entry.account_holder_name && { account_holder: { type: "consumer", name: entry.account_holder_name } }),
      },
    }),
  });
}

/** What the row got wrong against the label; empty when right. */
function mistakes(entry: Entry, row: IdentityRow): string[] {
  const wrong: string[] = [];
  if (row.status !== entry.expect.status) wrong.push(`status ${row.status}`);
  if (row.domain !== entry.expect.domain) wrong.push(`domain ${row.domain}`);
  if ("intermediary" in entry.expect && (row.intermediary?.domain ?? null) !== entry.expect.intermediary) {
    wrong.push(`intermediary ${row.intermediary?.domain ?? null}`);
  }
  if (entry.expect.entity_type && row.entity_type !== entry.expect.entity_type) wrong.push(`entity_type ${row.entity_type}`);
  return wrong;
}

for (const [set, entries] of Object.entries(SETS)) {
  describe(`${set} descriptors, no provider`, () => {
    const results: { entry: Entry; row: IdentityRow; wrong: string[] }[] = [];

    beforeAll(async () => {
      await seedCorpus();
      const deps = await ownStageDeps();
      for (const entry of entries) {
        const row = await identify(deps, request(entry), { transactionId: entry.id, accountId: "acc_labelled" });
        results.push({ entry, row, wrong: mistakes(entry, row) });
      }
    }, 120_000);

    it("has enough descriptors of every kind", () => {
      expect(entries.length).toBeGreaterThanOrEqual(100);
      expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
      for (const kind of Object.keys(FLOOR)) expect(entries.filter((e) => e.kind === kind).length).toBeGreaterThanOrEqual(8);
    });

    it("meets each kind's accuracy floor", () => {
      const report = Object.entries(FLOOR).map(([kind, floor]) => {
        const ofKind = results.filter((r) => r.entry.kind === kind);
        const right = ofKind.filter((r) => r.wrong.length === 0).length;
        return { kind, right, total: ofKind.length, accuracy: right / ofKind.length, floor };
      });
      const lines = report.map((r) => `  ${r.kind.padEnd(10)} ${r.right}/${r.total} = ${(r.accuracy * 100).toFixed(1)}%`);
      const misses = results.filter((r) => r.wrong.length);
      const missLines = misses.map((m) => `  ✗ ${m.entry.kind} ${m.entry.descriptor} → ${m.wrong.join(", ")} (${m.row.name})`);
      console.log([`${set} set, accuracy by kind (no provider):`, ...lines, ...missLines].join("\n"));
      for (const r of report) expect(r.accuracy, `${r.kind}: ${r.right}/${r.total}`).toBeGreaterThanOrEqual(r.floor);
    });
  });
}

it("keeps the two sets apart", () => {
  const tuning = new Set(SETS.tuning.map((e) => e.descriptor));
  expect(SETS.tuning.length + SETS["held-out"].length).toBeGreaterThanOrEqual(150);
  expect(SETS["held-out"].filter((e) => tuning.has(e.descriptor))).toEqual([]);
});
