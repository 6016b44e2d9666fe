// Keys are stored hashed: no plain key anywhere in the database.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { rotateKey } from "@brand/core/auth/accounts";
import { hashKey } from "@brand/core/auth/keys";
import { newAccount } from "../helpers/accounts.ts";

async function databaseText(): Promise<string> {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'").all<{ name: string }>();
  let text = "";
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}"`).all();
    text += JSON.stringify(rows.results);
  }
  return text;
}

describe("key storage", () => {
  it("keeps only hashes and short prefixes, never a plain key", async () => {
    const account = await newAccount("pro");
    const rotated = await rotateKey(env.DB, account.id, "beta", new Date());
    const text = await databaseText();
    for (const key of [account.publishable, account.secret, account.beta, rotated]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(0, 16));
      expect(text).toContain(await hashKey(key));
    }
  });
});
