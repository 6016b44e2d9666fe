// The brand profile of GET /brand/{domain} (design §5).
import { TtlCache } from "../ttl-cache.ts";
import { DOMAIN_CACHE_MS } from "./domain-cache.ts";
import { z } from "@hono/zod-openapi";
import { SOCIAL_KEYS } from "../seed/schema.ts";
import { ColorType } from "./colors.ts";
import { logoUrl } from "./describe.ts";
import { brandImage, type BrandImage, type ImageType } from "./images.ts";
import type { Brand } from "./store.ts";

const Image = z.object({
  url: z.string().url().openapi({ description: "Temporary download URL (1 hour)" }),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(["png", "webp"]),
  blurhash: z.string().nullable(),
});
/** A logo image: its PNG master, the sanitised SVG one when the source was a vector, and its image-host URL. */
const LogoImage = Image.extend({
  svg_url: z.string().url().nullable().openapi({ description: "Temporary download URL of the sanitised SVG master, when there is one" }),
  cdn_url: z.string().url().openapi({ description: "Image-host URL of this image; add your publishable key as `token`" }),
});

export const BrandProfile = z
  .object({
    id: z.string(),
    domain: z.string(),
    name: z.string(),
    description: z.string(),
    colors: z.array(z.object({ hex: z.string(), r: z.number().int(), g: z.number().int(), b: z.number().int(), type: ColorType })),
    socials: z.partialRecord(z.enum(SOCIAL_KEYS), z.string().url()),
    logo: LogoImage.openapi({ description: "The full logo at its real aspect ratio: a wordmark or lockup where known" }),
    brandmark: LogoImage.nullable().openapi({ description: "The square symbol, when the brand has one" }),
    icon: LogoImage.openapi({ description: "What the image host serves by default: the brandmark, else the logo" }),
    banners: z.array(Image.omit({ format: true, blurhash: true }).extend({ source: z.string() })),
    identifiers: z.object({
      tickers: z.array(z.object({ symbol: z.string(), mic: z.string() })),
      isins: z.array(z.string()),
    }),
    parent: z.object({ domain: z.string().nullable(), name: z.string(), id: z.string() }).nullable(),
    indexed_at: z.string(),
  })
  .openapi("BrandProfile");
export type BrandProfile = z.infer<typeof BrandProfile>;

type Sign = (key: string) => Promise<string>;

type Extras = { ids: { kind: string; value: string; qualifier: string }[]; owner: { id: string; name: string; domain: string | null } | null };

/** A brand's identifiers and owner, kept per isolate as long as its domain record (brands/domain-cache.ts). */
const extrasCache = new TtlCache<string, Extras>(DOMAIN_CACHE_MS, 2_000);

async function readExtras(db: D1Database, brandId: string): Promise<Extras> {
  const [identifiers, parent] = await db.batch<{ kind: string; value: string; qualifier: string } | { id: string; name: string; domain: string | null }>([
    db.prepare("SELECT kind, value, qualifier FROM identifiers WHERE brand_id = ? AND kind IN ('ticker', 'isin') ORDER BY kind, value").bind(brandId),
    db.prepare("SELECT b.id, b.name, b.domain FROM parents p JOIN brands b ON b.id = p.parent_id WHERE p.child_id = ?").bind(brandId),
  ]);
  return { ids: identifiers.results as Extras["ids"], owner: (parent.results[0] as Extras["owner"]) ?? null };
}

export async function brandProfile(db: D1Database, brand: Brand, domain: string, imgBaseUrl: string, sign: Sign): Promise<BrandProfile> {
  const { ids, owner } = await extrasCache.through(brand.id, () => readExtras(db, brand.id));
  const image = async (type: ImageType) => {
    const found = brandImage(brand, type);
    return found && logoImage(found, type === "icon" ? logoUrl(imgBaseUrl, domain) : `${logoUrl(imgBaseUrl, domain)}?type=${type}`, sign);
  };
  return {
    id: brand.id,
    domain,
    name: brand.name,
    description: brand.description,
    colors: brand.colors,
    socials: brand.socials,
    logo: (await image("logo"))!,
    brandmark: await image("brandmark"),
    icon: (await image("icon"))!,
    banners: await Promise.all(
      brand.banners.map(async (b) => ({ url: await sign(b.key), width: b.width, height: b.height, source: b.source })),
    ),
    identifiers: {
      tickers: ids.filter((i) => i.kind === "ticker").map((i) => ({ symbol: i.value, mic: i.qualifier })),
      isins: ids.filter((i) => i.kind === "isin").map((i) => i.value),
    },
    parent: owner ? { domain: owner.domain, name: owner.name, id: owner.id } : null,
    indexed_at: brand.indexed_at,
  };
}

async function logoImage(image: BrandImage, cdnUrl: string, sign: Sign): Promise<z.infer<typeof LogoImage>> {
  return {
    url: await sign(image.key),
    svg_url: image.svgKey ? await sign(image.svgKey) : null,
    cdn_url: cdnUrl,
    width: image.width,
    height: image.height,
    format: "png",
    blurhash: image.blurhash,
  };
}
