// What every host's OpenAPI document must hold for generated SDKs and the reference page, and that each documented
// error status has the body the host really answers with (http/error-response.ts decides both).
import { expect } from "vitest";
import { errorField, type Surface } from "@brand/core/http/error-response";
import { call } from "./http.ts";

type Schema = { $ref?: string; properties?: Record<string, unknown>; required?: string[]; allOf?: Schema[] };
type Response = { content?: Record<string, { schema?: Schema; example?: unknown }> };
type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, Response>;
};
export type Document = {
  info: { title: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
};

export const openApiDocument = async (): Promise<Document> => (await call("/openapi.json")).json();

/** Every operation (paths and webhooks), named "METHOD path". */
export function operations(doc: Document): [string, Operation][] {
  return [doc.paths, doc.webhooks ?? {}].flatMap((group) =>
    Object.entries(group).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op])),
  );
}

/** The body fields a documented JSON response's schema has. */
export function documentedFields(doc: Document, response: Response | undefined): string[] {
  return [...new Set(schemaFields(doc, response?.content?.["application/json"]?.schema))].sort();
}

function schemaFields(doc: Document, schema: Schema | undefined): string[] {
  const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split("/").at(-1)!] : schema;
  return [...Object.keys(resolved?.properties ?? {}), ...(resolved?.allOf ?? []).flatMap((part) => schemaFields(doc, part))];
}

/** The document's frame and each operation's name, group, summary, security and error bodies. */
export function expectSdkGrade(doc: Document, surface: Surface) {
  expect(doc.servers).toEqual([{ url: "https://worker.test" }]); // the origin it was asked at
  const tags = new Set(doc.tags.map((t) => t.name));
  const ids = new Set<string>();
  for (const [name, op] of operations(doc)) {
    expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
    expect(ids.has(op.operationId!), `${name}: operationId ${op.operationId} used twice`).toBe(false);
    ids.add(op.operationId!);
    expect(op.tags?.length, name).toBe(1);
    expect(tags.has(op.tags![0]), `${name}: tag ${op.tags![0]} is not declared`).toBe(true);
    expect(op.summary, name).toBeTruthy();
    expect(Array.isArray(op.security), `${name} declares its security`).toBe(true);
    if (op.requestBody) {
      expect(op.requestBody.content["application/json"]?.example, `${name}: an example body`).toBeDefined();
    }
    for (const scheme of op.security!.flatMap((s) => Object.keys(s as object))) expect(doc.components.securitySchemes, name).toHaveProperty(scheme);
    for (const [status, response] of Object.entries(op.responses)) {
      if (Number(status) < 400 || !response.content) continue;
      expect(documentedFields(doc, response), `${name} ${status}`).toEqual([errorField(surface, Number(status))]);
    }
  }
}

/** A real error response's body has exactly the fields the document gives that operation's status. */
export async function expectDocumentedError(doc: Document, operation: string, response: globalThis.Response) {
  const [method, path] = operation.split(" ");
  const documented = doc.paths[path]?.[method.toLowerCase()]?.responses[String(response.status)];
  expect(documented, `${operation} documents ${response.status}`).toBeDefined();
  expect(Object.keys(await response.json()).sort(), `${operation} ${response.status}`).toEqual(documentedFields(doc, documented));
}

/** The host's root says what it is and links its document. */
export async function expectRootLinksDocument(doc: Document) {
  const response = await call("/");
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ name: doc.info.title, openapi: "https://worker.test/openapi.json" });
}
