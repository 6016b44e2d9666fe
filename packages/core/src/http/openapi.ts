// What the three hosts' OpenAPI documents share: the error bodies, documented by the rule that shapes them at run time
// (error-response.ts: one status, one field), and each document's frame (servers, security schemes, tags).
import { z, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context, Env } from "hono";
import type { ERROR_STATUS } from "../errors.ts";
import { errorField, type Surface } from "./error-response.ts";

/** Error bodies by their one field: `msg` and `err` on the image and JSON hosts, `error` on the beta host. */
export const ERROR_BODIES = {
  msg: z.object({ msg: z.string().openapi({ example: "Missing or invalid key." }) }).openapi("Message"),
  err: z.object({ err: z.string().openapi({ example: "Not a valid domain: example..com." }) }).openapi("Error"),
  error: z.object({ error: z.string().openapi({ example: "transaction is empty after trimming whitespace" }) }).openapi("BetaError"),
};

export type ErrorStatus = (typeof ERROR_STATUS)[keyof typeof ERROR_STATUS];
/** An error status's description, with the headers it carries where it has some. */
export type Described = string | { description: string; headers?: z.ZodObject };
type ErrorDoc = { description: string; headers?: z.ZodObject; content: { "application/json": { schema: z.ZodObject } } };

/**
 * The documented error responses of an operation, `{status: description}`: each with the body schema that status has
 * on this host, so the document cannot disagree with the responses.
 */
export function errorDocs<S extends ErrorStatus>(surface: Surface, described: Record<S, Described>): Record<S, ErrorDoc> {
  const docs = {} as Record<S, ErrorDoc>;
  for (const [key, value] of Object.entries(described) as [string, Described][]) {
    const status = Number(key) as S;
    const { description, headers } = typeof value === "string" ? { description: value, headers: undefined } : value;
    const schema = ERROR_BODIES[errorField(surface, status)];
    docs[status] = { description, ...(headers && { headers }), content: { "application/json": { schema } } };
  }
  return docs;
}

type Tag = { name: string; description: string };
type HostDoc = { title: string; description: string; tags: Tag[]; scheme: { name: string; scheme: Record<string, string> } };

/** Each host's document: what it is, its operations' groups, and how they authenticate. */
const HOST_DOCS: Record<Surface, HostDoc> = {
  img: {
    title: "Brand Asset Service: image host",
    description:
      "Logo images for a domain, brand name, ticker, ISIN, crypto symbol, exchange or index: resized, re-encoded, " +
      "themed and greyscaled, with a generated monogram when no logo exists. Authenticate with a publishable key " +
      "(`pk_…`) in the `token` query parameter.",
    tags: [{ name: "Logos", description: "Logo images by identifier, and the immutable variants they redirect to" }],
    scheme: { name: "token", scheme: { type: "apiKey", in: "query", name: "token", description: "A publishable key, pk_…" } },
  },
  api: {
    title: "Brand Asset Service: JSON host",
    description:
      "Describe records, brand profiles, logo records and name search; subscriptions and webhook endpoints; your " +
      "account and its keys. Unknown domains are crawled on demand (202, then 200). Authenticate with a secret key " +
      "(`sk_…`) as a bearer token.",
    tags: [
      { name: "Brands", description: "What we know of a domain: describe records, profiles, logos, search, stored files" },
      { name: "Subscriptions", description: "The brands whose changes your webhook endpoints hear about" },
      { name: "Webhooks", description: "Endpoints, their signing secrets, test events, deliveries and replays" },
      { name: "Account", description: "Plan, credits, usage and keys" },
    ],
    scheme: { name: "bearer", scheme: { type: "http", scheme: "bearer", description: "A secret key, sk_…" } },
  },
  beta: {
    title: "Brand Asset Service: beta host",
    description:
      "Merchant identification: a card descriptor in, one merchant identity row out (matched or cleaned). " +
      "Authenticate with a beta key (`tx_beta_…`) as a bearer token.",
    tags: [{ name: "Transactions", description: "Identify the merchant behind card descriptors, one or a batch" }],
    scheme: { name: "bearer", scheme: { type: "http", scheme: "bearer", description: "A beta key, tx_beta_…" } },
  },
};

/** An operation's security: the host's key, or (signed URLs) none. */
export const security = (surface: Surface) => [{ [HOST_DOCS[surface].scheme.name]: [] }];
export const PUBLIC: Record<string, string[]>[] = [];

/**
 * Serves the host's document at /openapi.json (readable from any origin: the JSON host's reference page reads all
 * three), its server the origin it was asked at, and at / what the host is, its document and the API reference.
 */
export function serveDocument<E extends Env>(app: OpenAPIHono<E>, surface: Surface, version: string) {
  const { title, description, tags, scheme } = HOST_DOCS[surface];
  app.get("/", (c) => {
    const origin = new URL(c.req.url).origin;
    const api = (c.env as { API_BASE_URL?: string } | undefined)?.API_BASE_URL ?? (surface === "api" ? origin : null);
    return c.json({ name: title, version, description, openapi: `${origin}/openapi.json`, ...(api && { docs: `${api}/docs` }) });
  });
  app.use("/openapi.json", async (c, next) => {
    await next();
    c.header("Access-Control-Allow-Origin", "*");
  });
  app.openAPIRegistry.registerComponent("securitySchemes", scheme.name, scheme.scheme as never);
  app.doc31("/openapi.json", (c: Context<E>) => ({
    openapi: "3.1.0",
    info: { title, version, description },
    servers: [{ url: new URL(c.req.url).origin }],
    tags,
  }));
}
