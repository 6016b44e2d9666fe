// A typed client of the three hosts. The path types (generated/: img.ts, api.ts, beta.ts) are generated from each
// host's OpenAPI document by openapi-typescript; `npm run test:docs` fails when they no longer match the documents the
// hosts serve (regenerate with `npm run test:docs -- --write`). Calls go through openapi-fetch: every path, parameter,
// body and response is typed, and `{ data, error, response }` comes back instead of a throw.
import createClient, { type ClientOptions } from "openapi-fetch";
import type { paths as ApiPaths } from "./generated/api.ts";
import type { paths as BetaPaths } from "./generated/beta.ts";
import type { paths as ImagePaths } from "./generated/img.ts";

export type { ApiPaths, BetaPaths, ImagePaths };

type Options = Omit<ClientOptions, "baseUrl" | "headers">;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** The JSON host (describe, brand, logos, search, subscriptions, webhooks, account), with a secret key. */
export const jsonClient = (baseUrl: string, secretKey: string, options: Options = {}) =>
  createClient<ApiPaths>({ ...options, baseUrl, headers: bearer(secretKey) });

/** The beta host (merchant identification), with a beta key. */
export const betaClient = (baseUrl: string, betaKey: string, options: Options = {}) =>
  createClient<BetaPaths>({ ...options, baseUrl, headers: bearer(betaKey) });

/** The image host: its lookups return images (`parseAs: "blob"`); the publishable key goes in each call's `token`. */
export const imageClient = (baseUrl: string, options: Options = {}) => createClient<ImagePaths>({ ...options, baseUrl });
