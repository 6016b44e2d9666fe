// An endpoint's deliveries: send a test event, list deliveries with their attempts, replay one.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "@brand/core/errors";
import {
  createTestDelivery,
  Delivery,
  DeliveryId,
  DeliveryStatus,
  getDelivery,
  listDeliveries,
  replayDelivery,
} from "@brand/core/webhooks/deliveries";
import { endpointRow, type EndpointRow } from "@brand/core/webhooks/endpoints";
import { Page, PageQuery } from "@brand/core/pagination";
import { meteredResponses, meteredRoute } from "../auth.ts";
import type { AppEnv } from "../env.ts";
import { apiErrors, jsonResponse } from "../schemas.ts";
import { wakeDeliveries } from "../webhook-queue.ts";
import { EndpointParam } from "./webhooks.ts";

const notFound = apiErrors({ 404: "No such endpoint (or delivery) on this account" });
const disabled = apiErrors({ 409: "The endpoint is disabled; enable it first (PATCH enabled: true)" });

const routes = {
  test: createRoute({
    method: "post",
    path: "/webhooks/{id}/test",
    operationId: "testWebhook",
    tags: ["Webhooks"],
    summary: "Send a test event (webhook.test)",
    description: "Queued like any event, whatever the endpoint's filter; follow it in the deliveries list.",
    ...meteredRoute(),
    request: { params: EndpointParam },
    responses: {
      201: jsonResponse(Delivery, "The queued delivery"),
      ...apiErrors({ 400: "Malformed id" }),
      ...meteredResponses,
      ...notFound,
      ...disabled,
    },
  }),
  list: createRoute({
    method: "get",
    path: "/webhooks/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tags: ["Webhooks"],
    summary: "List deliveries, newest first, with their attempts",
    ...meteredRoute(),
    request: { params: EndpointParam, query: PageQuery.extend({ status: DeliveryStatus.optional() }) },
    responses: {
      200: jsonResponse(Page(Delivery, "DeliveryPage"), "A page of deliveries"),
      ...apiErrors({ 400: "Invalid limit, cursor or status" }),
      ...meteredResponses,
      ...notFound,
    },
  }),
  replay: createRoute({
    method: "post",
    path: "/webhooks/{id}/deliveries/{delivery_id}/replay",
    operationId: "replayWebhookDelivery",
    tags: ["Webhooks"],
    summary: "Replay a delivery",
    description: "Sends it again now, with the same webhook-id and body and a fresh retry schedule.",
    ...meteredRoute(),
    request: { params: EndpointParam.extend({ delivery_id: DeliveryId }) },
    responses: {
      200: jsonResponse(Delivery, "The delivery, pending again"),
      ...apiErrors({ 400: "Malformed id" }),
      ...meteredResponses,
      ...notFound,
      ...disabled,
    },
  }),
};

function assertEnabled(endpoint: EndpointRow) {
  if (endpoint.enabled !== 1) {
    throw new AppError("conflict", `Webhook endpoint ${endpoint.id} is disabled (${endpoint.disabled_reason}); enable it first.`);
  }
}

export function registerWebhookDeliveries(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.test, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const endpoint = await endpointRow(c.env.DB, principal.accountId, c.req.valid("param").id);
    assertEnabled(endpoint);
    const id = await createTestDelivery(c.env.DB, endpoint.id, now);
    await wakeDeliveries(c.env.WEBHOOK_QUEUE, [id]);
    return c.json(await getDelivery(c.env.DB, endpoint.id, id), 201);
  });

  app.openapi(routes.list, async (c) => {
    const principal = c.get("principal");
    const endpoint = await endpointRow(c.env.DB, principal.accountId, c.req.valid("param").id);
    return c.json(await listDeliveries(c.env.DB, endpoint.id, c.req.valid("query")), 200);
  });

  app.openapi(routes.replay, async (c) => {
    const now = new Date();
    const principal = c.get("principal");
    const { id, delivery_id } = c.req.valid("param");
    const endpoint = await endpointRow(c.env.DB, principal.accountId, id);
    assertEnabled(endpoint);
    await replayDelivery(c.env.DB, endpoint.id, delivery_id, now);
    await wakeDeliveries(c.env.WEBHOOK_QUEUE, [delivery_id]);
    return c.json(await getDelivery(c.env.DB, endpoint.id, delivery_id), 200);
  });
}
