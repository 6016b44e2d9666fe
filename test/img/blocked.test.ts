// A domain the operator blocked answers 404 on the image host too, by any lookup that reaches its brand, whatever the
// fallback asks for; nothing is queued for it.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { blockDomain } from "@brand/core/brands/store";
import { countRows, newAccount } from "../helpers/accounts.ts";
import { seedImageFixtures } from "../helpers/fixtures.ts";
import { call } from "../helpers/http.ts";

let token: string;
beforeAll(async () => {
  token = (await newAccount("pro")).publishable;
  await seedImageFixtures();
  await blockDomain(env.DB, "acme.com", "owner asked", new Date());
  await blockDomain(env.DB, "blocked-never-seen.com", "abuse", new Date());
});

describe("blocked domains on the image host", () => {
  for (const path of ["/acme.com", "/www.ACME.com", "/ticker/ACME", "/isin/US0378331005", "/name/Acme"]) {
    it(`${path} is 404 err, monogram fallback or not`, async () => {
      for (const query of ["", "&fallback=monogram", "&fallback=404"]) {
        const response = await call(`${path}?token=${token}${query}`);
        expect(response.status).toBe(404);
        expect(Object.keys((await response.json()) as object)).toEqual(["err"]);
      }
    });
  }

  it("a blocked domain nobody has seen is not queued for indexing", async () => {
    expect((await call(`/blocked-never-seen.com?token=${token}`)).status).toBe(404);
    expect(await countRows("domains", "domain = ?", "blocked-never-seen.com")).toBe(0);
  });

  it("other brands are served as before", async () => {
    const response = await call(`/acmeshop.com?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Logo-Fallback")).toBeNull();
  });
});
