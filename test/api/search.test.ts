// GET /search: typeahead and match over names, aliases and domains, ranked by popularity.
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/accounts.ts";
import { seedBrand } from "../helpers/brands.ts";
import { bearer, call } from "../helpers/http.ts";

let key: string;
beforeAll(async () => {
  key = (await newAccount("pro")).secret;
  await seedBrand({ domain: "apple.com", name: "Apple", aliases: ["Apple Inc."], popularity: 100 });
  await seedBrand({ domain: "applebees.com", name: "Applebee's", popularity: 60 });
  await seedBrand({ domain: "snapple.com", name: "Snapple", popularity: 70 });
  await seedBrand({ domain: "appfolio.com", name: "AppFolio", popularity: 40 });
  await seedBrand({ domain: "wm.com", name: "Waste Management", aliases: ["WM"], popularity: 50 });
});

const search = async (query: string) => {
  const response = await call(`/search?${query}`, { headers: bearer(key) });
  return { status: response.status, body: (await response.json()) as any };
};
const names = async (query: string) => (await search(query)).body.map((r: { name: string }) => r.name);

describe("search", () => {
  it("typeahead (default) ranks prefix matches by popularity", async () => {
    expect(await names("q=app")).toEqual(["Apple", "Applebee's", "AppFolio"]);
  });

  it("match puts the closest name first", async () => {
    expect((await names("q=applebee&strategy=match"))[0]).toBe("Applebee's");
    expect((await names("q=apple&strategy=match"))[0]).toBe("Apple");
  });

  it("finds by alias and by domain", async () => {
    expect(await names("q=waste")).toEqual(["Waste Management"]);
    expect(await names("q=wm")).toContain("Waste Management");
    expect(await names("q=snapple.com")).toEqual(["Snapple"]);
  });

  it("returns the result shape with a tokenless logo URL", async () => {
    const { body } = await search("q=snapple");
    expect(body).toEqual([{ name: "Snapple", domain: "snapple.com", entity_id: expect.stringMatching(/^brd_/), logo_url: "https://img.test/snapple.com" }]);
  });

  it("honours limit, answers [] for no match, and 400 for an empty query or bad parameters", async () => {
    expect(await names("q=app&limit=1")).toEqual(["Apple"]);
    expect((await search("q=zzzzqqq")).body).toEqual([]);
    for (const q of ["q=", "q=%20%20", "", "q=app&limit=0", "q=app&limit=11", "q=app&strategy=fuzzy", `q=${"a".repeat(101)}`]) {
      const { status, body } = await search(q);
      expect(status, q).toBe(400);
      expect(Object.keys(body)).toEqual(["err"]);
    }
  });

  it("treats FTS syntax as words", async () => {
    for (const q of ['"app', "app OR snapple", "app*", "NEAR(app", "-app", "app)"]) {
      expect((await search(`q=${encodeURIComponent(q)}`)).status).toBe(200);
    }
  });
});
