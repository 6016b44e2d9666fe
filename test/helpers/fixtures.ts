// A small corpus for the image host's tests, written through the seed's own statements.
import { env } from "cloudflare:workers";
import { exchangeStatements, indexStatements, prepareAll } from "@brand/core/seed/write";
import { logoPng, seedBrand } from "./brands.ts";

export async function seedImageFixtures() {
  await seedBrand(
    {
      domain: "acme.com",
      name: "Acme",
      aliases: ["Acme Corporation"],
      popularity: 40,
      listings: [
        { symbol: "ACME", mic: "XNAS" },
        { symbol: "ACM", mic: "XLON" },
      ],
      isins: ["US0378331005"],
    },
    await logoPng(512, 256),
  );
  await seedBrand({ domain: "acmeshop.com", name: "Acme Shop", popularity: 90 }, await logoPng(256, 256, { r: 0, g: 90, b: 200 }));
  await seedBrand({ domain: "blackmark.com", name: "Black Mark", popularity: 10 }, await logoPng(256, 256, { r: 0, g: 0, b: 0 }));
  await seedBrand({ domain: "nologo.com", name: "No Logo Inc", popularity: 30, listings: [{ symbol: "NOLO", mic: "XNYS" }] });
  await seedBrand({ key: "crypto:BTC", domain: "bitcoin.org", name: "Bitcoin", aliases: ["BTC"] }, await logoPng(256, 256, { r: 247, g: 147, b: 26 }));
  await env.DB.prepare(
    "INSERT INTO identifiers (kind, value, qualifier, brand_id, domain, rank) SELECT 'crypto', 'BTC', '', id, NULL, 1 FROM brands WHERE domain = 'bitcoin.org'",
  ).run();
  const brandDomains = new Set(["acme.com"]);
  const statements = [
    ...(await exchangeStatements(
      { mic: "XLON", name: "London Stock Exchange", acronyms: ["LSE"], suffixes: ["L", "LSE"], country: "GB", domain: "londonstockexchange.com" },
      brandDomains,
    )),
    ...(await exchangeStatements(
      { mic: "XNAS", name: "Nasdaq", acronyms: ["NASDAQ"], suffixes: [], country: "US", domain: "acme.com" },
      brandDomains,
    )),
    ...(await indexStatements({ symbol: "SPX", aliases: ["^GSPC"], name: "S&P 500", domain: "acme.com" }, brandDomains)),
    ...(await indexStatements({ symbol: "DAX", aliases: [], name: "DAX", domain: "stoxx-unknown.com" }, brandDomains)),
  ];
  await env.DB.batch(prepareAll(env.DB, statements));
}
