// The JSON host's OpenAPI document lists every status each route can answer, is SDK-grade (test/helpers/openapi.ts),
// and documents each error with the body the host answers with.
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/accounts.ts";
import { bearer, call } from "../helpers/http.ts";
import { documentedFields, expectDocumentedError, expectRootLinksDocument, expectSdkGrade, type Document } from "../helpers/openapi.ts";

type Response = { content: Record<string, { example?: unknown }> };
type Operation = { responses: Record<string, unknown>; parameters?: unknown[]; requestBody?: unknown; security?: unknown[] };
let operations: Map<string, Operation>;
let doc: Document;

beforeAll(async () => {
  doc = (await (await call("/openapi.json")).json()) as Document;
  operations = new Map(
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op])),
  );
});

const statuses = (operation: string) => Object.keys(operations.get(operation)?.responses ?? {}).sort();
const metered = ["200", "400", "401", "429", "500"];

describe("OpenAPI statuses", () => {
  it.each([
    ["GET /describe/{domain}", [...metered, "202", "404"]],
    ["GET /brand/{domain}", [...metered, "202", "402", "403", "404"]],
    ["GET /logos/{domain}", [...metered, "202", "404"]],
    ["GET /search", metered],
    ["GET /files/{folder}/{name}", ["200", "400", "403", "404", "500"]],
    ["POST /subscriptions", [...metered, "201", "404"]],
    ["GET /subscriptions", metered],
    ["DELETE /subscriptions/{id}", ["204", "400", "401", "404", "429", "500"]],
    ["POST /webhooks", ["201", "400", "401", "429", "500"]],
    ["GET /webhooks/{id}", [...metered, "404"]],
    ["POST /webhooks/{id}/test", ["201", "400", "401", "404", "409", "429", "500"]],
  ])("%s documents %j", (operation, expected) => {
    expect(statuses(operation)).toEqual(expect.arrayContaining(expected));
  });

  it("every operation with parameters or a body documents 400, and every keyed one 401", () => {
    for (const [name, op] of operations) {
      if (op.parameters?.length || op.requestBody) expect(statuses(name), name).toContain("400");
      if (op.security?.length) expect(statuses(name), name).toContain("401");
    }
  });
});

describe("the JSON host's OpenAPI document", () => {
  it("names, groups, summarises and secures every operation, and documents each error's body by the host's rule", () => {
    expectSdkGrade(doc, "api");
    expect(doc.paths["/files/{folder}/{name}"].get.security).toEqual([]); // signed, not keyed
    expect(doc.paths["/describe/{domain}"].get.security).toEqual([{ bearer: [] }]);
  });

  it("is linked from the host's root", async () => {
    await expectRootLinksDocument(doc);
  });

  it("gives the main responses an example with exactly their schema's fields", () => {
    const main = [
      ["GET /describe/{domain}", "200"],
      ["GET /brand/{domain}", "200"],
      ["GET /logos/{domain}", "200"],
      ["POST /subscriptions", "201"],
      ["POST /webhooks", "201"],
      ["GET /webhooks/{id}", "200"],
    ];
    for (const [name, status] of main) {
      const response = operations.get(name)!.responses[status] as Response;
      const example = response.content["application/json"].example as object | undefined;
      expect(example, `${name} ${status}`).toBeDefined();
      expect(Object.keys(example!).sort(), `${name} ${status}`).toEqual(documentedFields(doc, response));
    }
    const search = operations.get("GET /search")!.responses["200"] as Response;
    expect((search.content["application/json"].example as unknown[]).length).toBeGreaterThan(0);
  });

  it("answers each error with the body its document gives that status", async () => {
    const { secret } = await newAccount();
    await expectDocumentedError(doc, "GET /describe/{domain}", await call("/describe/acme.com")); // 401: msg
    await expectDocumentedError(doc, "GET /describe/{domain}", await call("/describe/not_a_domain", { headers: bearer(secret) })); // 400: err
    await expectDocumentedError(doc, "GET /webhooks/{id}", await call("/webhooks/wh_nope", { headers: bearer(secret) })); // 400 or 404: err
  });
});
