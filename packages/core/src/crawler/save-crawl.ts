// Stores a crawl: images in R2 (content-addressed, so an unchanged logo is no write), the brand row (its search row
// follows by trigger, migration 0006), the domain's state, and the events a change emits (brand.indexed,
// brand.updated with a delta, logo.updated) with their webhook deliveries, in the same batch so no event is recorded
// without them.
import { crawlReplaces } from "../brands/image-rank.ts";
import { brandImage, IMAGE_COLUMNS, imageValues, type BrandImage, type ImageRole } from "../brands/images.ts";
import { getBrand, type Brand } from "../brands/store.ts";
import { newId } from "../ids.ts";
import { eventBody, type EventType } from "../webhooks/events.ts";
import { fanOutStatement } from "../webhooks/fan-out.ts";
import type { CrawlResult, StoredImage } from "./index-domain.ts";
import { reindexIntervalMs } from "./reindex.ts";

type Bindings = { DB: D1Database; LOGOS: R2Bucket };
type Delta = Record<string, { old: unknown; new: unknown }>;

/** Backoff for a domain whose crawl gave no data: 1 h, 2 h, 4 h … capped at 30 days. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(attempts - 1, 0) * 3_600_000, 30 * 86_400_000);
}

const ALL_IMAGE_COLUMNS = [...IMAGE_COLUMNS.logo, ...IMAGE_COLUMNS.brandmark];
const IMAGE_COLUMN_LIST = ALL_IMAGE_COLUMNS.join(", ");
const IMAGE_COLUMNS_FROM_CRAWL = ALL_IMAGE_COLUMNS.map((c) => `${c} = excluded.${c}`).join(", ");

export type SavedCrawl = { brandId: string; events: EventType[]; eventIds: string[] };

export async function saveCrawl(env: Bindings, result: CrawlResult, now: Date): Promise<SavedCrawl> {
  for (const image of [result.logo, result.brandmark, ...result.banners]) if (image) await putOnce(env.LOGOS, image);
  for (const image of [result.logo, result.brandmark]) if (image?.svg) await putOnce(env.LOGOS, image.svg);
  // Its own check: a master stored before small masters existed gains one when the crawl finds it again.
  for (const image of [result.logo, result.brandmark]) if (image?.small) await putOnce(env.LOGOS, image.small);

  const existingId = await env.DB.prepare("SELECT brand_id FROM domains WHERE domain = ?").bind(result.domain).first<string>("brand_id");
  const before = existingId ? await getBrand(env.DB, existingId) : null;
  const after = merged(before, result);
  const brandId = before?.id ?? newId("brd");
  const at = now.toISOString();

  const statements = [
    env.DB.prepare(
      `INSERT INTO brands (id, domain, name, description, colors, socials, ${IMAGE_COLUMN_LIST}, banners, popularity, source,
         indexed_at, updated_at)
       VALUES (${Array.from({ length: 19 }, (_, i) => `?${i + 1}`).join(", ")}, 0, 'crawl', ?20, ?20)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, colors = excluded.colors,
         socials = excluded.socials, ${IMAGE_COLUMNS_FROM_CRAWL}, banners = excluded.banners,
         indexed_at = excluded.indexed_at, updated_at = excluded.updated_at`,
    ).bind(
      brandId,
      result.domain,
      after.name,
      after.description,
      JSON.stringify(after.colors),
      JSON.stringify(after.socials),
      ...imageValues(after.logo),
      ...imageValues(after.brandmark),
      JSON.stringify(after.banners.map(({ key, width, height, source }) => ({ key, width, height, source }))),
      at,
    ),
    env.DB.prepare(
      `INSERT INTO domains (domain, brand_id, state, attempts, requested_at, updated_at, indexed_at)
       VALUES (?1, ?2, 'indexed', 0, ?3, ?3, ?3)
       ON CONFLICT (domain) DO UPDATE SET brand_id = excluded.brand_id, state = 'indexed', attempts = 0,
         last_error = NULL, next_attempt_at = NULL, updated_at = excluded.updated_at, indexed_at = excluded.indexed_at`,
    ).bind(result.domain, brandId, at),
  ];
  const events = changeEvents(before, after).map((event) => ({ ...event, id: newId("evt") }));
  for (const event of events) {
    const data = { domain: result.domain, entity_id: brandId, object: summary(brandId, result.domain, after), delta: event.delta };
    statements.push(
      env.DB.prepare("INSERT INTO events (id, type, brand_id, domain, data, created_at) VALUES (?, ?, ?, ?, ?, ?)").bind(
        event.id,
        event.type,
        brandId,
        result.domain,
        JSON.stringify(data),
        at,
      ),
      fanOutStatement(env.DB, {
        id: event.id,
        type: event.type,
        brandId,
        domain: result.domain,
        body: eventBody({ id: event.id, type: event.type, created_at: at, data }),
        at,
      }),
    );
  }
  await env.DB.batch(statements);
  return { brandId, events: events.map((e) => e.type), eventIds: events.map((e) => e.id) };
}

/**
 * A crawl that found nothing usable: `no_data`, tried again later with backoff. A brand we already have data for keeps
 * it (and stays `indexed`); its next try waits for the backoff and for its regular re-crawl, whichever comes later.
 */
export async function saveCrawlFailure(db: D1Database, domain: string, reason: string, now: Date): Promise<void> {
  const row = await db
    .prepare(
      `SELECT attempts, state, EXISTS (SELECT 1 FROM subscriptions s WHERE s.domain = d.domain) AS subscribed
       FROM domains d WHERE domain = ?`,
    )
    .bind(domain)
    .first<{ attempts: number; state: string; subscribed: number }>();
  const attempts = (row?.attempts ?? 0) + 1;
  const delay =
    row?.state === "indexed" ? Math.max(retryDelayMs(attempts), reindexIntervalMs(row.subscribed === 1)) : retryDelayMs(attempts);
  const at = now.toISOString();
  await db
    .prepare(
      `INSERT INTO domains (domain, state, attempts, last_error, next_attempt_at, requested_at, updated_at)
       VALUES (?1, 'no_data', ?2, ?3, ?4, ?5, ?5)
       ON CONFLICT (domain) DO UPDATE SET state = CASE WHEN domains.state = 'indexed' THEN 'indexed' ELSE 'no_data' END,
         attempts = excluded.attempts, last_error = excluded.last_error, next_attempt_at = excluded.next_attempt_at,
         updated_at = excluded.updated_at`,
    )
    .bind(domain, attempts, reason.slice(0, 500), new Date(now.getTime() + delay).toISOString(), at)
    .run();
}

async function putOnce(bucket: R2Bucket, file: { key: string; bytes: Uint8Array }) {
  if (await bucket.head(file.key)) return;
  const contentType = file.key.endsWith(".webp") ? "image/webp" : file.key.endsWith(".svg") ? "image/svg+xml" : "image/png";
  await bucket.put(file.key, file.bytes, { httpMetadata: { contentType } });
}

/** A crawled image as the brand row keeps it. */
const saved = ({ key, width, height, blurhash, score, svg }: StoredImage): BrandImage => ({ key, width, height, blurhash, score, svgKey: svg?.key ?? null });

type Merged = Pick<CrawlResult, "name" | "description" | "socials" | "colors" | "banners"> & {
  logo: BrandImage;
  brandmark: BrandImage | null;
};

/**
 * What the brand becomes. A brand the crawler found takes the new crawl whole. A seeded brand keeps its curated facts
 * (name, colours) and only gains what it lacks; for each image role it keeps the seed's drawing unless the site's
 * image ranks higher (brands/image-rank.ts).
 */
function merged(before: Brand | null, crawl: CrawlResult): Merged {
  const fresh = { ...crawl, logo: saved(crawl.logo), brandmark: crawl.brandmark && saved(crawl.brandmark) };
  if (!before || before.source !== "seed") return fresh;
  const better = (role: ImageRole, incoming: BrandImage | null): BrandImage | null => {
    const held = brandImage(before, role);
    return held && (!incoming || !crawlReplaces(incoming.score ?? 0, held.score)) ? held : incoming;
  };
  return {
    name: before.name,
    description: before.description || crawl.description,
    socials: { ...crawl.socials, ...before.socials },
    colors: before.colors.length ? before.colors : crawl.colors,
    logo: better("logo", fresh.logo)!,
    brandmark: better("brandmark", fresh.brandmark),
    banners: crawl.banners,
  };
}

function changeEvents(before: Brand | null, after: Merged): { type: EventType; delta: Delta | null }[] {
  if (!before || !before.logo_key) return [{ type: "brand.indexed", delta: null }];
  const events: { type: EventType; delta: Delta | null }[] = [];
  const delta: Delta = {};
  const compare = (field: string, old: unknown, now: unknown) => {
    if (JSON.stringify(old) !== JSON.stringify(now)) delta[field] = { old, new: now };
  };
  compare("name", before.name, after.name);
  compare("description", before.description, after.description);
  compare("socials", before.socials, after.socials);
  compare("colors", before.colors.map((c) => c.hex), after.colors.map((c) => c.hex));
  if (Object.keys(delta).length) events.push({ type: "brand.updated", delta });
  const logoDelta: Delta = {};
  if (before.logo_key !== after.logo.key) logoDelta.logo = { old: before.logo_key, new: after.logo.key };
  if (before.brandmark_key !== (after.brandmark?.key ?? null)) {
    logoDelta.brandmark = { old: before.brandmark_key, new: after.brandmark?.key ?? null };
  }
  if (Object.keys(logoDelta).length) events.push({ type: "logo.updated", delta: logoDelta });
  return events;
}

const summary = (id: string, domain: string, brand: Merged) => ({
  id,
  domain,
  name: brand.name,
  description: brand.description,
  colors: brand.colors.map((c) => c.hex),
});
