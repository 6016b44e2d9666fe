import { beforeAll, it } from "vitest";
import { identify } from "@brand/core/beta/identify";
import { transactionRequestSchema } from "@brand/core/beta/request";
import { parseDescriptor } from "@brand/core/descriptor/parse";
import { matchCorpus } from "@brand/core/descriptor/corpus-match";
import { countryShown } from "@brand/core/descriptor/country-hint";
import { ownStageDeps, context } from "../helpers/beta.ts";
import { seedCorpus } from "../helpers/corpus.ts";
import list from "/tmp/debug-list.json";

beforeAll(seedCorpus);
it("debug", async () => {
  const deps = await ownStageDeps();
  for (const d of list as string[]) {
    const p = parseDescriptor(d, deps.corpus.prefixes);
    const m = matchCorpus(deps.corpus, p.words, p.head, countryShown(d));
    const row = await identify(deps, transactionRequestSchema().parse({ transaction: d, transaction_context: context }), { transactionId: d, accountId: "dbg" });
    console.log(`${d} [match=${m?.domain} country=${countryShown(d)}]\n   words=${JSON.stringify(p.words)} platform=${p.platform?.name ?? "-"} → ${row.status} ${row.domain} via ${row.intermediary?.domain}`);
  }
}, 60_000);
