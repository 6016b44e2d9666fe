// How every logo request is answered: isolate memory and edge cache (Cache API) → KV variant → render, with the
// fallback, ETag/304, the 202 revalidation path and signed redirects.
import { brandImage } from "@brand/core/brands/images";
import { monogramLetter } from "@brand/core/render/monogram";
import { markText } from "@brand/core/render/text-mark";
import type { ImageOptions } from "@brand/core/render/params";
import { specKey } from "@brand/core/render/params";
import { readMasterFor, type MasterRef } from "@brand/core/render/master";
import { renderLogo, renderMonogramVariant, renderTextMarkVariant, UnusableSource, type Rendered } from "@brand/core/render/render";
import { signPath } from "@brand/core/signing";
import {
  markSourceFailed,
  readLatest,
  readVariant,
  sourceFailedLately,
  storeImmutable,
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
import { hotGet, hotPut } from "./hot-cache.ts";
import { once } from "./single-flight.ts";

export const CACHE_CONTROL = {
  logo: "public, max-age=86400, stale-while-revalidate=604800",
  fallback: "public, max-age=900",
  /** A 202: the previous image while the changed logo renders, so ask again soon. */
  revalidating: "public, max-age=60",
  redirect: "public, max-age=3600",
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
  let answer = await cachedAnswer(requestKey);
  if (!answer) {
    answer = await answerFor(c, await findSubject(), options, requestKey);
    if (answer.status === 200) keep(c, requestKey, answer.variant);
  }
  return options.redirect ? redirectTo(c, answer) : imageReply(c.req.raw, answer.variant, answer.status, cacheLife(answer));
}

/** This isolate's memory, then this colo's edge cache: both hold 200 answers only, for EDGE_TTL_SECONDS. */
async function cachedAnswer(requestKey: string): Promise<Answer | null> {
  const now = Date.now();
  const hot = hotGet(requestKey, now);
  if (hot) return { variant: hot, status: 200 };
  const hit = await caches.default.match(edgeCacheRequest(requestKey));
  if (!hit) return null;
  const variant: StoredVariant = {
    bytes: await hit.arrayBuffer(),
    contentType: hit.headers.get("Content-Type")!,
    etag: hit.headers.get("ETag")!.replaceAll('"', ""),
    fallback: hit.headers.has("X-Logo-Fallback"),
  };
  hotPut(requestKey, variant, EDGE_TTL_SECONDS * 1000, now);
  return { variant, status: 200 };
}

function keep(c: Context<AppEnv>, requestKey: string, variant: StoredVariant) {
  hotPut(requestKey, variant, EDGE_TTL_SECONDS * 1000, Date.now());
  const headers = variantHeaders(variant, `public, max-age=${EDGE_TTL_SECONDS}`);
  c.executionCtx.waitUntil(caches.default.put(edgeCacheRequest(requestKey), new Response(variant.bytes, { headers })));
}

async function answerFor(c: Context<AppEnv>, subject: Subject, options: ImageOptions, requestKey: string): Promise<Answer> {
  if (subject.blocked) throw new AppError("not_found", `No logo for ${subject.label}.`);
  const master = subject.brand && brandImage(subject.brand, options.type);
  if (!master) return fallback(c, subject, options);
  const logoKey = master.key;
  const { VARIANTS: kv } = c.env;
  const variantKey = `${logoKey}|${specKey(options.spec)}`;
  const [stored, latestKey] = await Promise.all([readVariant(kv, variantKey), readLatest(kv, requestKey)]);
  if (stored) {
    // Whoever rendered it (a master can serve several brands and identifiers), this is now what this request had.
    if (latestKey !== variantKey) c.executionCtx.waitUntil(writeLatest(kv, requestKey, variantKey));
    return { variant: stored, status: 200 };
  }
  // The source changed since this request was last answered: what it had is served while the new one renders.
  const previous = latestKey && latestKey !== variantKey ? await readVariant(kv, latestKey) : null;
  // A source that failed lately is not decoded again before its cool-down ends: the best image we have answers.
  if (await sourceFailedLately(kv, logoKey)) {
    return previous ? { variant: previous, status: 200 } : fallback(c, subject, options);
  }
  const render = renderOnce(c, master, variantKey, requestKey, options);
  if (previous) return { variant: previous, status: 202 };
  try {
    return { variant: await render, status: 200 };
  } catch (error) {
    if (!(error instanceof UnusableSource)) throw error;
    return fallback(c, subject, options);
  }
}

/**
 * Renders and stores a variant, once for the concurrent requests with this key in this isolate. A failure is logged,
 * and an unusable source is remembered for the cool-down. Every request sharing the render keeps it alive
 * (waitUntil), so none depends on the life of the request that started it.
 */
function renderOnce(
  c: Context<AppEnv>,
  master: MasterRef,
  variantKey: string,
  requestKey: string,
  options: ImageOptions,
): Promise<StoredVariant> {
  const kv = c.env.VARIANTS;
  const logoKey = master.key;
  const render = once(requestKey, async () => {
    try {
      await initWorkerCodecs();
      // The small master when the variant fits it (most requests: 128 px), else or when missing the master itself.
      const rendered = await renderLogo(await readMasterFor(c.env.LOGOS, master, options.spec), options.spec, master);
      const variant = await writeVariant(kv, variantKey, rendered, false);
      await writeLatest(kv, requestKey, variantKey);
      return variant;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`logo ${logoKey} not rendered:`, reason);
      if (error instanceof UnusableSource) await markSourceFailed(kv, logoKey, reason);
      throw error;
    }
  });
  c.executionCtx.waitUntil(render.catch(() => {}));
  return render;
}

/** A text mark of the code the lookup named (an exchange, index, ticker or crypto symbol), else the letter monogram. */
async function fallback(c: Context<AppEnv>, subject: Subject, options: ImageOptions): Promise<Answer> {
  if (options.fallback === "404") throw new AppError("not_found", `No logo for ${subject.label}.`);
  const code = subject.code ? markText(subject.code) : null;
  const key = code
    ? `textmark:v1|${code}|${subject.seed}|${specKey(options.spec)}`
    : `monogram:v1|${monogramLetter(subject.label)}|${subject.seed}|${specKey(options.spec)}`;
  const stored = await readVariant(c.env.VARIANTS, key);
  if (stored) return { variant: stored, status: 200 };
  await initWorkerCodecs();
  const rendered: Rendered = code
    ? await renderTextMarkVariant(code, subject.seed, options.spec, MONOGRAM_FONT)
    : await renderMonogramVariant(subject.label, subject.seed, options.spec, MONOGRAM_FONT);
  return { variant: await writeVariant(c.env.VARIANTS, key, rendered, true), status: 200 };
}

/** A variant's headers, as a plain object: built once, as cheaply as a response can be made. */
function variantHeaders(variant: StoredVariant, cacheControl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": variant.contentType,
    ETag: `"${variant.etag}"`,
    "Cache-Control": cacheControl,
    "Access-Control-Allow-Origin": "*",
  };
  if (variant.fallback) headers["X-Logo-Fallback"] = "monogram";
  return headers;
}

/** A 202 is short-lived (the new logo is on its way); so is a fallback (the real logo may arrive). */
const cacheLife = ({ variant, status }: Answer) =>
  status === 202 ? CACHE_CONTROL.revalidating : variant.fallback ? CACHE_CONTROL.fallback : CACHE_CONTROL.logo;

/** An image answer: the bytes with their headers, or 304 when the client already holds them (If-None-Match). */
export function imageReply(request: Request, variant: StoredVariant, status: 200 | 202, cacheControl: string): Response {
  const etag = `"${variant.etag}"`;
  if (status === 200 && holds(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": cacheControl } });
  }
  return new Response(variant.bytes, { status, headers: variantHeaders(variant, cacheControl) });
}

/** Whether an If-None-Match list names this ETag (weak or strong) or is `*`. */
function holds(ifNoneMatch: string | null, etag: string): boolean {
  return ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
}

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

async function redirectTo(c: Context<AppEnv>, answer: Answer): Promise<Response> {
  const { variant } = answer;
  await storeImmutable(c.env.VARIANTS, variant);
  const file = `${variant.etag}.${EXTENSIONS[variant.contentType]}`;
  const signature = await signPath(c.env.VARIANT_SIGNING_KEY, file);
  const location = `${c.env.IMG_BASE_URL.replace(/\/$/, "")}/v/${file}?sig=${signature}`;
  const life = answer.status === 200 && !variant.fallback ? CACHE_CONTROL.redirect : cacheLife(answer);
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": life } });
}
