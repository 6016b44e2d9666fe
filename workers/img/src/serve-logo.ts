// How every logo request is answered: edge cache (Cache API) → KV variant → render, with the fallback, ETag/304,
// the 202 revalidation path and signed redirects.
import { monogramLetter } from "@brand/core/render/monogram";
import type { ImageOptions } from "@brand/core/render/params";
import { specKey } from "@brand/core/render/params";
import { renderLogo, renderMonogramVariant, UnusableSource, type Rendered } from "@brand/core/render/render";
import { signPath } from "@brand/core/signing";
import {
  readLatest,
  readVariant,
  writeImmutable,
  writeLatest,
  writeVariant,
  type StoredVariant,
} from "@brand/core/render/variant-store";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";
import { MONOGRAM_FONT } from "@brand/core/render/font-module";
import type { Subject } from "@brand/core/brands/subject";
import { AppError } from "@brand/core/errors";
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";
import { hotGet, hotPut, type HotAnswer } from "./hot-cache.ts";

export const CACHE_CONTROL = {
  logo: "public, max-age=86400, stale-while-revalidate=604800",
  fallback: "public, max-age=900",
  immutable: "public, max-age=31536000, immutable",
};
/** How long this colo's edge cache (and the isolate's hot cache) answer without looking at the source again: it
 * bounds how long a changed logo goes unnoticed there. */
const EDGE_TTL_SECONDS = 60;

/** The Cache API entry for a normalised request (token left out: auth has already run). */
export const edgeCacheRequest = (requestKey: string) =>
  new Request(`https://edge-cache.invalid/${encodeURIComponent(requestKey)}`);

type Answer = { variant: StoredVariant; status: 200 | 202 };

export async function serveLogo(
  c: Context<AppEnv>,
  options: ImageOptions,
  requestKey: string,
  findSubject: () => Promise<Subject>,
): Promise<Response> {
  const edgeKey = edgeCacheRequest(requestKey);
  if (!options.redirect) {
    const hot = hotGet(requestKey, Date.now());
    if (hot) return conditional(c.req.raw, hot);
    const hit = await caches.default.match(edgeKey);
    if (hit) {
      const answer = clientAnswer(hit.headers, await hit.arrayBuffer());
      hotPut(requestKey, answer, EDGE_TTL_SECONDS * 1000, Date.now());
      return conditional(c.req.raw, new Response(answer.body, answer));
    }
  }
  const answer = await answerFor(c, await findSubject(), options, requestKey);
  if (options.redirect) return redirectTo(c, answer.variant);
  const response = imageResponse(answer);
  if (answer.status === 200) {
    const headers = [...response.headers];
    hotPut(requestKey, { body: answer.variant.bytes, status: 200, headers }, EDGE_TTL_SECONDS * 1000, Date.now());
    const edgeHeaders = new Headers(headers);
    edgeHeaders.set("Cache-Control", `public, max-age=${EDGE_TTL_SECONDS}`);
    c.executionCtx.waitUntil(caches.default.put(edgeKey, new Response(answer.variant.bytes, { headers: edgeHeaders })));
  }
  return conditional(c.req.raw, response);
}

async function answerFor(c: Context<AppEnv>, subject: Subject, options: ImageOptions, requestKey: string): Promise<Answer> {
  const logoKey = subject.brand?.logo_key;
  if (!logoKey) return fallback(c, subject, options);
  const { VARIANTS: kv } = c.env;
  const variantKey = `${logoKey}|${specKey(options.spec)}`;
  const stored = await readVariant(kv, variantKey);
  if (stored) return { variant: stored, status: 200 };

  // The source changed since this request was last answered: serve what it had, render the new one meanwhile.
  const previousKey = await readLatest(kv, requestKey);
  const previous = previousKey && previousKey !== variantKey ? await readVariant(kv, previousKey) : null;
  if (previous) {
    c.executionCtx.waitUntil(renderAndStore(c, logoKey, variantKey, requestKey, options).catch(logFailure(logoKey)));
    return { variant: previous, status: 202 };
  }
  try {
    return { variant: await renderAndStore(c, logoKey, variantKey, requestKey, options), status: 200 };
  } catch (error) {
    if (!(error instanceof UnusableSource)) throw error;
    logFailure(logoKey)(error);
    return fallback(c, subject, options);
  }
}

async function renderAndStore(
  c: Context<AppEnv>,
  logoKey: string,
  variantKey: string,
  requestKey: string,
  options: ImageOptions,
): Promise<StoredVariant> {
  const master = await c.env.LOGOS.get(logoKey);
  if (!master) throw new UnusableSource(`master ${logoKey} is missing from R2`);
  await initWorkerCodecs();
  const variant = await writeVariant(c.env.VARIANTS, variantKey, await renderLogo(await master.arrayBuffer(), options.spec), false);
  await writeLatest(c.env.VARIANTS, requestKey, variantKey);
  return variant;
}

async function fallback(c: Context<AppEnv>, subject: Subject, options: ImageOptions): Promise<Answer> {
  if (options.fallback === "404") throw new AppError("not_found", `No logo for ${subject.label}.`);
  const key = `monogram:v1|${monogramLetter(subject.label)}|${subject.seed}|${specKey(options.spec)}`;
  const stored = await readVariant(c.env.VARIANTS, key);
  if (stored) return { variant: stored, status: 200 };
  await initWorkerCodecs();
  const rendered: Rendered = await renderMonogramVariant(subject.label, subject.seed, options.spec, MONOGRAM_FONT);
  return { variant: await writeVariant(c.env.VARIANTS, key, rendered, true), status: 200 };
}

const logFailure = (logoKey: string) => (error: unknown) =>
  console.error(`logo ${logoKey} not rendered:`, error instanceof Error ? error.message : error);

function imageResponse({ variant, status }: Answer): Response {
  const headers = new Headers({
    "Content-Type": variant.contentType,
    ETag: `"${variant.etag}"`,
    "Cache-Control": variant.fallback ? CACHE_CONTROL.fallback : CACHE_CONTROL.logo,
    "Access-Control-Allow-Origin": "*",
  });
  if (variant.fallback) headers.set("X-Logo-Fallback", "monogram");
  return new Response(variant.bytes, { status, headers });
}

/** An edge hit as the client gets it: the client-facing cache life again. */
function clientAnswer(edgeHeaders: Headers, body: ArrayBuffer): HotAnswer {
  const headers = new Headers(edgeHeaders);
  const fallback = headers.get("X-Logo-Fallback") !== null;
  headers.set("Cache-Control", fallback ? CACHE_CONTROL.fallback : CACHE_CONTROL.logo);
  headers.delete("Age");
  return { body, status: 200, headers: [...headers] };
}

/** 304 when the client already holds these bytes. */
export function conditional(request: Request, response: Response): Response {
  const etag = response.headers.get("ETag");
  const held = request.headers.get("If-None-Match");
  if (!etag || !held || response.status !== 200) return response;
  const matches = held.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  if (!matches) return response;
  const headers = new Headers({ ETag: etag, "Cache-Control": response.headers.get("Cache-Control") ?? "" });
  return new Response(null, { status: 304, headers });
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

async function redirectTo(c: Context<AppEnv>, variant: StoredVariant): Promise<Response> {
  await writeImmutable(c.env.VARIANTS, variant);
  const file = `${variant.etag}.${EXTENSIONS[variant.contentType]}`;
  const signature = await signPath(c.env.VARIANT_SIGNING_KEY, file);
  const location = `${c.env.IMG_BASE_URL.replace(/\/$/, "")}/v/${file}?sig=${signature}`;
  return new Response(null, {
    status: 302,
    headers: { Location: location, "Cache-Control": variant.fallback ? CACHE_CONTROL.fallback : "public, max-age=3600" },
  });
}
