// Webhook endpoints (design §5): create (the secret shown once), list, get, update, delete, rotate the secret; and
// the events they receive, described in the OpenAPI document's `webhooks`.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  createEndpoint,
  CreateEndpointInput,
  deleteEndpoint,
  EndpointId,
  endpointRow,
  listEndpoints,
  rotateSecret,
  targetPolicy,
  toEndpoint,
  updateEndpoint,
  UpdateEndpointInput,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "@brand/core/webhooks/endpoints";
import { EVENT_TYPES, TEST_EVENT_TYPE, WebhookEvent } from "@brand/core/webhooks/events";
import { secretKeyring } from "@brand/core/webhooks/secret-box";
import { Page, PageQuery } from "@brand/core/pagination";
import { meteredResponses, meteredRoute } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { PUBLIC } from "@brand/core/http/openapi";
import { apiErrors, jsonBody, jsonResponse } from "../schemas.ts";
import { createdWebhookExample, createWebhookExample, eventExample, webhookEndpointExample } from "../examples.ts";

const notFound = apiErrors({ 404: "No such endpoint on this account" });
export const EndpointParam = z.object({ id: EndpointId });

const routes = {
  create: createRoute({
    method: "post",
    path: "/webhooks",
    operationId: "createWebhook",
    tags: ["Webhooks"],
    summary: "Create a webhook endpoint",
    description: "The URL must be https on a public domain. The signing secret is in this response only.",
    ...meteredRoute(),
    request: { body: jsonBody(CreateEndpointInput, createWebhookExample) },
    responses: {
      201: jsonResponse(WebhookEndpointWithSecret, "Created, with its secret (shown this once)", createdWebhookExample),
      ...apiErrors({ 400: "Invalid body, event type or URL (not https, private or loopback target)" }),
      ...meteredResponses,
    },
  }),
  list: createRoute({
    method: "get",
    path: "/webhooks",
    operationId: "listWebhooks",
    tags: ["Webhooks"],
    summary: "List webhook endpoints, newest first",
    ...meteredRoute(),
    request: { query: PageQuery },
    responses: {
      200: jsonResponse(Page(WebhookEndpoint, "WebhookEndpointPage"), "A page of endpoints"),
      ...apiErrors({ 400: "Invalid limit or cursor" }),
      ...meteredResponses,
    },
  }),
  get: createRoute({
    method: "get",
    path: "/webhooks/{id}",
    operationId: "getWebhook",
    tags: ["Webhooks"],
    summary: "Get a webhook endpoint",
    ...meteredRoute(),
    request: { params: EndpointParam },
    responses: { 200: jsonResponse(WebhookEndpoint, "The endpoint", webhookEndpointExample), ...apiErrors({ 400: "Malformed id" }), ...meteredResponses, ...notFound },
  }),
  update: createRoute({
    method: "patch",
    path: "/webhooks/{id}",
    operationId: "updateWebhook",
    tags: ["Webhooks"],
    summary: "Update a webhook endpoint (url, description, events, enabled)",
    ...meteredRoute(),
    request: { params: EndpointParam, body: jsonBody(UpdateEndpointInput, { enabled: true }) },
    responses: {
      200: jsonResponse(WebhookEndpoint, "The updated endpoint"),
      ...apiErrors({ 400: "Invalid body, event type or URL" }),
      ...meteredResponses,
      ...notFound,
    },
  }),
  delete: createRoute({
    method: "delete",
    path: "/webhooks/{id}",
    operationId: "deleteWebhook",
    tags: ["Webhooks"],
    summary: "Delete a webhook endpoint and its delivery log",
    ...meteredRoute(),
    request: { params: EndpointParam },
    responses: { 204: { description: "Deleted" }, ...apiErrors({ 400: "Malformed id" }), ...meteredResponses, ...notFound },
  }),
  rotate: createRoute({
    method: "post",
    path: "/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    tags: ["Webhooks"],
    summary: "Rotate the signing secret",
    description: "Returns the new secret, once. For 24 hours the old secret signs too: `webhook-signature` carries both.",
    ...meteredRoute(),
    request: { params: EndpointParam },
    responses: {
      200: jsonResponse(WebhookEndpointWithSecret, "The endpoint with its new secret (shown this once)"),
      ...apiErrors({ 400: "Malformed id" }),
      ...meteredResponses,
      ...notFound,
    },
  }),
};

export function registerWebhooks(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.create, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const keys = await secretKeyring(c.env.WEBHOOK_SECRET_KEYS);
    const { endpoint, secret } = await createEndpoint(c.env.DB, principal.accountId, c.req.valid("json"), targetPolicy(c.env), keys, now);
    return c.json({ ...endpoint, secret }, 201);
  });

  app.openapi(routes.list, async (c) => {
    const principal = c.get("principal");
    const { limit, cursor } = c.req.valid("query");
    return c.json(await listEndpoints(c.env.DB, principal.accountId, limit, cursor), 200);
  });

  app.openapi(routes.get, async (c) => {
    const principal = c.get("principal");
    return c.json(toEndpoint(await endpointRow(c.env.DB, principal.accountId, c.req.valid("param").id)), 200);
  });

  app.openapi(routes.update, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const { id } = c.req.valid("param");
    return c.json(await updateEndpoint(c.env.DB, principal.accountId, id, c.req.valid("json"), targetPolicy(c.env), now), 200);
  });

  app.openapi(routes.delete, async (c) => {
    const principal = c.get("principal");
    await deleteEndpoint(c.env.DB, principal.accountId, c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(routes.rotate, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const keys = await secretKeyring(c.env.WEBHOOK_SECRET_KEYS);
    const { endpoint, secret } = await rotateSecret(c.env.DB, principal.accountId, c.req.valid("param").id, keys, now);
    return c.json({ ...endpoint, secret }, 200);
  });
}

const SIGNATURE_HEADERS = z.object({
  "webhook-id": z.string().openapi({ description: "The delivery id; the same on every retry: deduplicate on it" }),
  "webhook-timestamp": z.string().openapi({ description: "Unix seconds of this attempt" }),
  "webhook-signature": z.string().openapi({
    description:
      "Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, keyed with the bytes after `whsec_` (Standard Webhooks v1); two during a secret rotation",
  }),
});

/** The events, as OpenAPI 3.1 `webhooks`: what a receiver gets and what its answer means. */
export function registerWebhookEvents(app: OpenAPIHono<AppEnv>) {
  for (const type of [...EVENT_TYPES, TEST_EVENT_TYPE]) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: type,
      operationId: `on${type.replace(/(^|\.)(\w)/g, (_, _dot, letter: string) => letter.toUpperCase())}`,
      tags: ["Webhooks"],
      summary: `${type} event`,
      // Sent by us to your endpoint, signed (the headers below), not called with a key.
      security: PUBLIC,
      request: { headers: SIGNATURE_HEADERS, body: { content: { "application/json": { schema: WebhookEvent, example: eventExample } } } },
      responses: {
        200: { description: "Any 2xx: delivered" },
        410: { description: "Gone: the endpoint is disabled" },
        500: { description: "Anything else (or no answer in 10 s, or a redirect): retried on the schedule" },
      },
    });
  }
}
