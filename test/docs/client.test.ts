// The typed client (packages/client) against the running Workers, as a user of it would call them: each host's main
// call answers with the typed body, and an error with the body its document gives (run by test/docs/run.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";
import { betaClient, imageClient, jsonClient } from "@brand/client";
import { readDocsDemo } from "./services.mjs";

/** The services' URLs and demo keys, as the launcher wrote them for this run. */
const demo = readDocsDemo();

test("the JSON host: a describe record, and a bad key's message", async () => {
  const { data, response } = await jsonClient(demo.api_url, demo.secret_key).GET("/describe/{domain}", {
    params: { path: { domain: "ethereum.org" } },
  });
  assert.equal(response.status, 200);
  assert.ok(data && "name" in data); // 200, not 202's message
  assert.equal(data.name, "Ethereum");
  const refused = await jsonClient(demo.api_url, "sk_nope").GET("/search", { params: { query: { q: "spot" } } });
  assert.equal(refused.response.status, 401);
  assert.ok(refused.error && "msg" in refused.error); // 401's body, not 400's
  assert.match(refused.error.msg, /key/i);
});

test("the beta host: an identity row, and an empty transaction's error", async () => {
  const beta = betaClient(demo.beta_url, demo.beta_key);
  const { data } = await beta.POST("/transaction", { body: { transaction: "CHECKCARD 0322 NETFLIX.COM 866-579-7172 CA" } });
  assert.equal(data?.domain, "netflix.com");
  assert.equal(data?.status, "matched");
  const refused = await beta.POST("/transaction", { body: { transaction: "   " } });
  assert.equal(refused.response.status, 400);
  assert.match(refused.error?.error ?? "", /empty/);
});

test("the image host: a logo as an image", async () => {
  const { data, response } = await imageClient(demo.img_url).GET("/{domain}", {
    params: { path: { domain: "apple.com" }, query: { token: demo.publishable_key, size: 64, format: "png" } },
    parseAs: "blob",
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "image/png");
  assert.ok((data?.size ?? 0) > 100);
});
