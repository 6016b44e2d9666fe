// Spec, Authentication rule 5 and the beta's 403, with `error` bodies.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { rotateKey } from "@brand/core/auth/accounts";
import { newAccount } from "../helpers/accounts.ts";
import { postTransaction } from "../helpers/beta.ts";
import { call } from "../helpers/http.ts";

async function expectError(response: Response, status: number) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error).toEqual(expect.any(String));
}

describe("beta authentication", () => {
  it("accepts the beta key as Bearer and bare", async () => {
    const account = await newAccount("pro", { beta: true });
    expect((await postTransaction({ transaction: "STARBUCKS" }, account.beta)).status).toBe(200);
    const bare = await call("/transaction", {
      method: "POST",
      headers: { Authorization: account.beta, "Content-Type": "application/json" },
      body: JSON.stringify({ transaction: "STARBUCKS" }),
    });
    expect(bare.status).toBe(200);
  });

  it("answers 401 without an Authorization header", async () => {
    await expectError(await postTransaction({ transaction: "X" }, null), 401);
  });

  it("answers 401 for a malformed, unknown, publishable or secret key", async () => {
    const account = await newAccount("pro", { beta: true });
    for (const key of ["tx_beta_short", `tx_beta_${"Q".repeat(32)}`, account.publishable, account.secret, "Basic abc"]) {
      await expectError(await postTransaction({ transaction: "X" }, key), 401);
    }
    await expectError(await postTransaction({ transaction: "X" }, null, { Authorization: "Bearer" }), 401);
  });

  it("answers 401 for a key replaced by a newer one", async () => {
    const account = await newAccount("pro", { beta: true });
    const fresh = await rotateKey(env.DB, account.id, "beta", new Date());
    await expectError(await postTransaction({ transaction: "X" }, account.beta), 401);
    expect((await postTransaction({ transaction: "X" }, fresh)).status).toBe(200);
  });

  it("answers 403 when beta is off for the account", async () => {
    const account = await newAccount("pro", { beta: false });
    await expectError(await postTransaction({ transaction: "X" }, account.beta), 403);
  });

  it("checks auth before content type and size", async () => {
    const response = await call("/transaction", { method: "POST", body: "x".repeat(10_000) });
    await expectError(response, 401);
  });
});

describe("beta OpenAPI", () => {
  it("documents POST /transaction with its request and row schemas, version 2.0.0", async () => {
    const doc = (await (await call("/openapi.json")).json()) as {
      info: { version: string };
      paths: Record<string, { post?: { responses: Record<string, unknown> } }>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.info.version).toBe("2.0.0");
    expect(Object.keys(doc.paths["/transaction"].post!.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "409", "413", "415", "429"]),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(["TransactionRequest", "IdentityRow"]));
  });

  it("answers an unknown path with a 404 error body", async () => {
    const response = await call("/nope");
    expect(response.status).toBe(404);
    expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
  });
});
