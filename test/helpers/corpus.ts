// The real seed corpus written into the test database through the seed's own units (packages/core/src/seed/corpus.ts,
// as npm start and deploy write it), without logo masters; every seeded domain is then marked indexed, so rows carry
// the brand's id as in production.
import { env } from "cloudflare:workers";
import { corpusUnits } from "@brand/core/seed/corpus";
import { prepareAll } from "@brand/core/seed/write";
import { corpus } from "./seed-data.ts";

export async function seedCorpus(): Promise<void> {
  const statements = prepareAll(env.DB, (await corpusUnits(corpus)).flatMap((u) => u.statements));
  for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
  await env.DB.prepare("UPDATE domains SET state = 'indexed' WHERE brand_id IS NOT NULL").run();
}
