// The account's own keys: list (prefixes only), rotate (the new key shown once), revoke, referrers of a publishable
// key. Same rules as the operator's /admin key routes, on the caller's account only.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import { activeKeys, ApiKey, issueKey, IssuedKey, KeyId, Referrers, revokeOwnKey, setKeyReferrers } from "@brand/core/account/keys";
import { KeyKind } from "@brand/core/auth/keys";
import type { AppEnv } from "../env.ts";
import { apiErrors, jsonBody, jsonResponse } from "../schemas.ts";
import { accountAuth, authorizeAccountRequest, NO_STORE } from "./account-auth.ts";

const unauthorized = apiErrors({ 401: "Missing or invalid secret key" });
const notFound = apiErrors({ 404: "No such active key on this account" });
const KeyParam = z.object({ id: KeyId });

const routes = {
  list: createRoute({
    method: "get",
    path: "/account/keys",
    operationId: "listKeys",
    tags: ["Account"],
    summary: "List your active keys (kind, prefix, creation date; never the key itself)",
    ...accountAuth,
    responses: { 200: jsonResponse(z.object({ data: z.array(ApiKey) }), "Active keys, oldest first"), ...unauthorized },
  }),
  issue: createRoute({
    method: "post",
    path: "/account/keys",
    operationId: "rotateKey",
    tags: ["Account"],
    summary: "Rotate a key: issue a new one of the kind and revoke the old",
    description:
      "The new key is in this response only. The old key of the kind stops working at once (the image host may accept a " +
      "publishable key for up to 10 more seconds). Rotating the secret key replaces the key this request was made " +
      "with: sign in again with the new one. A publishable key's referrer list carries over.",
    ...accountAuth,
    request: { body: jsonBody(z.strictObject({ kind: KeyKind }), { kind: "publishable" }) },
    responses: {
      201: jsonResponse(IssuedKey, "The new key, shown this once"),
      ...apiErrors({ 400: "Invalid body" }),
      ...unauthorized,
    },
  }),
  revoke: createRoute({
    method: "delete",
    path: "/account/keys/{id}",
    operationId: "revokeKey",
    tags: ["Account"],
    summary: "Revoke a key",
    description: "The secret key the request is made with cannot be revoked (409): rotate it, or sign out.",
    ...accountAuth,
    request: { params: KeyParam },
    responses: {
      204: { description: "Revoked" },
      ...apiErrors({ 400: "Malformed id" }),
      ...unauthorized,
      ...notFound,
      ...apiErrors({ 409: "That is the key this request is made with" }),
    },
  }),
  referrers: createRoute({
    method: "put",
    path: "/account/keys/{id}/referrers",
    operationId: "setKeyReferrers",
    tags: ["Account"],
    summary: "Set the referrer hosts a publishable key works from",
    description: "Exact hosts or `*.example.com` (its subdomains); [] lifts the restriction.",
    ...accountAuth,
    request: { params: KeyParam, body: jsonBody(z.strictObject({ referrers: Referrers }), { referrers: ["example.com", "*.example.com"] }) },
    responses: {
      200: jsonResponse(ApiKey, "The key with its new list"),
      ...apiErrors({ 400: "Invalid list, malformed id, or not a publishable key" }),
      ...unauthorized,
      ...notFound,
    },
  }),
};

export function registerAccountKeys(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.list, async (c) => {
    const caller = await authorizeAccountRequest(c, new Date());
    return c.json({ data: await activeKeys(c.env.DB, caller) }, 200, NO_STORE);
  });

  app.openapi(routes.issue, async (c) => {
    const now = new Date();
    const caller = await authorizeAccountRequest(c, now);
    return c.json(await issueKey(c.env.DB, caller, c.req.valid("json").kind, now), 201, NO_STORE);
  });

  app.openapi(routes.revoke, async (c) => {
    const now = new Date();
    const caller = await authorizeAccountRequest(c, now);
    await revokeOwnKey(c.env.DB, caller, c.req.valid("param").id, now);
    return c.body(null, 204);
  });

  app.openapi(routes.referrers, async (c) => {
    const caller = await authorizeAccountRequest(c, new Date());
    const { referrers } = c.req.valid("json");
    return c.json(await setKeyReferrers(c.env.DB, caller, c.req.valid("param").id, referrers), 200, NO_STORE);
  });
}
