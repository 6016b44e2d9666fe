// The beta host's OpenAPI document: SDK-grade (test/helpers/openapi.ts), and its error bodies as answered.
import { beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "../helpers/accounts.ts";
import { bearer, call } from "../helpers/http.ts";
import { expectDocumentedError, expectRootLinksDocument, expectSdkGrade, openApiDocument, type Document } from "../helpers/openapi.ts";

let doc: Document;
beforeAll(async () => {
  doc = await openApiDocument();
});

describe("the beta host's OpenAPI document", () => {
  it("names, groups, summarises and secures every operation, and documents each error's body by the host's rule", () => {
    expectSdkGrade(doc, "beta");
    expect(doc.paths["/transaction"].post.security).toEqual([{ bearer: [] }]);
  });

  it("is linked from the host's root", async () => {
    await expectRootLinksDocument(doc);
  });

  it("answers each error with the body its document gives that status", async () => {
    const { beta } = await newAccount();
    const post = (body: string, headers: Record<string, string>) => call("/transaction", { method: "POST", headers, body });
    await expectDocumentedError(doc, "POST /transaction", await post("{}", {})); // 401
    await expectDocumentedError(doc, "POST /transaction", await post("{}", { ...bearer(beta), "Content-Type": "text/plain" })); // 415
    await expectDocumentedError(doc, "POST /transaction", await post('{"transaction":" "}', { ...bearer(beta), "Content-Type": "application/json" })); // 400
  });
});
