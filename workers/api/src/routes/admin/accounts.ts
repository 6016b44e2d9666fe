// Admin: accounts, plans, beta access and keys.
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import {
  createAccount,
  getAccount,
  listAccounts,
  listKeys,
  revokeKey,
  rotateKey,
  setReferrers,
  updateAccount,
} from "@brand/core/auth/accounts";
import { KeyKind } from "@brand/core/auth/keys";
import { REFERRER_PATTERN } from "@brand/core/auth/referrers";
import { PlanName } from "@brand/core/billing/plans";
import { PageQuery } from "@brand/core/pagination";
import type { AppEnv } from "../../env.ts";
import { AccountIdParam, jsonBody, KeyIdParam } from "./schemas.ts";

const ok = (description: string) => ({ description });

const routes = {
  create: createRoute({
    method: "post",
    path: "/admin/accounts",
    hide: true,
    request: {
      body: jsonBody(
        z.strictObject({ plan: PlanName, name: z.string().min(1).max(200).optional(), beta: z.boolean().optional() }),
      ),
    },
    responses: { 201: ok("Account with its plain keys, shown this once") },
  }),
  list: createRoute({
    method: "get",
    path: "/admin/accounts",
    hide: true,
    request: { query: PageQuery },
    responses: { 200: ok("A page of accounts, newest first") },
  }),
  show: createRoute({
    method: "get",
    path: "/admin/accounts/{id}",
    hide: true,
    request: { params: AccountIdParam },
    responses: { 200: ok("Account and its keys (prefixes only, each with its last use)") },
  }),
  update: createRoute({
    method: "patch",
    path: "/admin/accounts/{id}",
    hide: true,
    request: {
      params: AccountIdParam,
      body: jsonBody(
        z.strictObject({
          plan: PlanName.optional(),
          beta: z.boolean().optional(),
          beta_daily_limit: z.number().int().min(0).max(10_000_000).optional(),
          name: z.string().min(1).max(200).optional(),
        }),
      ),
    },
    responses: { 200: ok("Updated account") },
  }),
  rotateKey: createRoute({
    method: "post",
    path: "/admin/accounts/{id}/keys",
    hide: true,
    request: { params: AccountIdParam, body: jsonBody(z.strictObject({ kind: KeyKind })) },
    responses: { 201: ok("The new plain key, shown this once; older keys of the kind are revoked") },
  }),
  revokeKey: createRoute({
    method: "delete",
    path: "/admin/accounts/{id}/keys/{keyId}",
    hide: true,
    request: { params: KeyIdParam },
    responses: { 204: ok("Revoked") },
  }),
  referrers: createRoute({
    method: "put",
    path: "/admin/accounts/{id}/referrers",
    hide: true,
    request: {
      params: AccountIdParam,
      body: jsonBody(
        z.strictObject({
          referrers: z
            .array(z.string().toLowerCase().regex(REFERRER_PATTERN, "a host name, optionally led by *."))
            .max(100),
        }),
      ),
    },
    responses: { 200: ok("Referrers set on the publishable key") },
  }),
};

export function registerAdminAccounts(app: OpenAPIHono<AppEnv>) {
  app.openapi(routes.create, async (c) => {
    const { account, keys } = await createAccount(c.env.DB, c.req.valid("json"), new Date());
    return c.json({ id: account.id, plan: account.plan, beta: account.beta === 1, keys }, 201);
  });

  app.openapi(routes.list, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const page = await listAccounts(c.env.DB, limit, cursor);
    return c.json({ ...page, data: page.data.map((a) => ({ ...a, beta: a.beta === 1 })) }, 200);
  });

  app.openapi(routes.show, async (c) => {
    const { id } = c.req.valid("param");
    const account = await getAccount(c.env.DB, id);
    return c.json({ ...account, beta: account.beta === 1, keys: await listKeys(c.env.DB, id) }, 200);
  });

  app.openapi(routes.update, async (c) => {
    const account = await updateAccount(c.env.DB, c.req.valid("param").id, c.req.valid("json"), new Date());
    return c.json({ ...account, beta: account.beta === 1 }, 200);
  });

  app.openapi(routes.rotateKey, async (c) => {
    const { kind } = c.req.valid("json");
    const key = await rotateKey(c.env.DB, c.req.valid("param").id, kind, new Date());
    return c.json({ kind, key }, 201);
  });

  app.openapi(routes.revokeKey, async (c) => {
    const { id, keyId } = c.req.valid("param");
    await revokeKey(c.env.DB, id, keyId, new Date());
    return c.body(null, 204);
  });

  app.openapi(routes.referrers, async (c) => {
    const { id } = c.req.valid("param");
    const { referrers } = c.req.valid("json");
    await setReferrers(c.env.DB, id, referrers);
    return c.json({ referrers }, 200);
  });
}
