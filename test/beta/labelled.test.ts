// Our own stages on a labelled set of real-world descriptors, with no provider at all: big brands must be found,
// local shops, people, cheques and bank noise must never become a merchant. The per-kind accuracy is printed (the
// README quotes it) and held above a floor, so a regression in the descriptor engine fails here.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { identify } from "@brand/core/beta/identify";
import { transactionRequestSchema } from "@brand/core/beta/request";
import type { IdentityRow } from "@brand/core/beta/row";
import { seedCorpus } from "../helpers/corpus.ts";
import labelled from "./fixtures/labelled-descriptors.json";

type Entry = {
  id: string;
  kind: "big_brand" | "local_shop" | "platform" | "person" | "noise";
  descriptor: string;
  context: boolean;
  account_holder_name?: string;
  expect: { status: "matched" | "cleaned"; domain: string | null; intermediary?: string | null; entity_type?: "person" };
};

const entries = labelled as Entry[];

/** The share of each kind the engine must get right: merchants must never be invented (local, person, noise). */
const FLOOR = { big_brand: 0.9, platform: 0.9, local_shop: 1, person: 1, noise: 1 };

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

describe("labelled descriptors, no provider", () => {
  const results: { entry: Entry; row: IdentityRow; wrong: string[] }[] = [];

  beforeAll(async () => {
    await seedCorpus();
    const deps = { db: env.DB, imgBaseUrl: "https://img.test", provider: null, requestIndexing: async () => {} };
    for (const entry of entries) {
      const row = await identify(deps, request(entry), { transactionId: entry.id, accountId: "acc_labelled" });
      results.push({ entry, row, wrong: mistakes(entry, row) });
    }
  }, 120_000);

  it("has at least 150 descriptors covering every kind", () => {
    expect(entries.length).toBeGreaterThanOrEqual(150);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    for (const kind of Object.keys(FLOOR)) expect(entries.filter((e) => e.kind === kind).length).toBeGreaterThanOrEqual(15);
  });

  it("meets each kind's accuracy floor", () => {
    const report = Object.entries(FLOOR).map(([kind, floor]) => {
      const ofKind = results.filter((r) => r.entry.kind === kind);
      const right = ofKind.filter((r) => r.wrong.length === 0).length;
      return { kind, right, total: ofKind.length, accuracy: right / ofKind.length, floor };
    });
    console.log(
      ["accuracy by kind (no provider):", ...report.map((r) => `  ${r.kind.padEnd(10)} ${r.right}/${r.total} = ${(r.accuracy * 100).toFixed(1)}%`)].join("\n"),
    );
    const misses = results.filter((r) => r.wrong.length);
    if (misses.length) console.log(misses.map((m) => `  ✗ ${m.entry.kind} ${m.entry.descriptor} → ${m.wrong.join(", ")} (${m.row.name})`).join("\n"));
    for (const r of report) expect(r.accuracy, `${r.kind}: ${r.right}/${r.total}`).toBeGreaterThanOrEqual(r.floor);
  });
});
