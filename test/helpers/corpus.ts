// The real seed corpus (brands, parents, platforms) written into the test database through the seed's own statements,
// without logo masters; every seeded domain is then marked indexed, so rows carry the brand's id as in production.
import { env } from "cloudflare:workers";
import { brandStatements, parentStatement, platformStatements } from "@brand/core/seed/write";
import consumer from "../../seed/brands-consumer.json";
import sp500 from "../../seed/brands-sp500.json";
import parents from "../../seed/parents.json";
import platforms from "../../seed/platforms.json";
import type { SeedBrand, SeedParent, SeedPlatform } from "@brand/core/seed/schema";

export async function seedCorpus(): Promise<void> {
  const now = new Date();
  const seen = new Set<string>();
  const statements: D1PreparedStatement[] = [];
  for (const brand of [...(consumer as SeedBrand[]), ...(sp500 as SeedBrand[])]) {
    if (seen.has(brand.domain)) continue;
    seen.add(brand.domain);
    statements.push(...(await brandStatements(env.DB, { ...brand, key: brand.domain }, null, now)));
  }
  for (const pair of parents as SeedParent[]) statements.push(await parentStatement(env.DB, pair));
  for (const platform of platforms as SeedPlatform[]) statements.push(...(await platformStatements(env.DB, platform)));
  for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
  await env.DB.prepare("UPDATE domains SET state = 'indexed' WHERE brand_id IS NOT NULL").run();
}
