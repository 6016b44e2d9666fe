// The image host's OpenAPI document: SDK-grade (test/helpers/openapi.ts), and its error bodies as answered.
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/accounts.ts";
import { call } from "../helpers/http.ts";
import { expectDocumentedError, expectRootLinksDocument, expectSdkGrade, openApiDocument, type Document } from "../helpers/openapi.ts";

let doc: Document;
beforeAll(async () => {
  doc = await openApiDocument();
});

describe("the image host's OpenAPI document", () => {
  it("names, groups, summarises and secures every operation, and documents each error's body by the host's rule", () => {
    expectSdkGrade(doc, "img");
    expect(doc.components.securitySchemes).toEqual({ token: expect.objectContaining({ type: "apiKey", in: "query", name: "token" }) });
    expect(doc.paths["/v/{file}"].get.security).toEqual([]); // signed, not keyed
    expect(doc.paths["/{domain}"].get.security).toEqual([{ token: [] }]);
  });

  it("is linked from the host's root", async () => {
    await expectRootLinksDocument(doc);
  });

  it("answers each error with the body its document gives that status", async () => {
    const { publishable } = await newAccount();
    await expectDocumentedError(doc, "GET /{domain}", await call("/acme.com")); // 401: msg
    await expectDocumentedError(doc, "GET /{domain}", await call(`/not_a_domain?token=${publishable}`)); // 400: err
    await expectDocumentedError(doc, "GET /v/{file}", await call(`/v/${"0".repeat(32)}.png?sig=x`)); // 403: msg
  });
});
