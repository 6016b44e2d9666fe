// The typed client against a running instance: `npm start`, then `node examples/client.ts` (Node 22.18+ runs the
// TypeScript as is). Reads the demo keys npm start wrote to .dev/demo.json; prints a describe record, an identity row
// and a logo's size. test/docs/client.test.ts runs the same calls in CI.
import { readFileSync } from "node:fs";
import { betaClient, imageClient, jsonClient } from "@brand/client";

const demo = JSON.parse(readFileSync(`${import.meta.dirname}/../.dev/demo.json`, "utf8"));

const json = jsonClient(demo.api_url, demo.secret_key);
const described = await json.GET("/describe/{domain}", { params: { path: { domain: "ethereum.org" } } });
console.log(described.response.status, described.data ?? described.error);

const beta = betaClient(demo.beta_url, demo.beta_key);
const row = await beta.POST("/transaction", { body: { transaction: "CHECKCARD 0322 NETFLIX.COM 866-579-7172 CA" } });
console.log(row.response.status, row.data ?? row.error);

const images = imageClient(demo.img_url);
const logo = await images.GET("/{domain}", {
  params: { path: { domain: "apple.com" }, query: { token: demo.publishable_key, size: 64, format: "png" } },
  parseAs: "blob",
});
console.log(logo.response.status, logo.response.headers.get("content-type"), logo.data?.size, "bytes");
