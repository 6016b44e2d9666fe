// The brand profile of GET /brand/{domain} (design §5).
import { z } from "@hono/zod-openapi";
import { SOCIAL_KEYS } from "../seed/schema.ts";
import { ColorType } from "./colors.ts";
import { logoUrl } from "./describe.ts";
import type { Brand } from "./store.ts";

const Image = z.object({
  url: z.string().url().openapi({ description: "Temporary download URL (1 hour)" }),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(["png", "webp"]),
  blurhash: z.string().nullable(),
});

export const BrandProfile = z
  .object({
    id: z.string(),
    domain: z.string(),
    name: z.string(),
    description: z.string(),
    colors: z.array(z.object({ hex: z.string(), r: z.number().int(), g: z.number().int(), b: z.number().int(), type: ColorType })),
    socials: z.partialRecord(z.enum(SOCIAL_KEYS), z.string().url()),
    logo: Image.extend({ cdn_url: z.string().url().openapi({ description: "Image-host URL; append your publishable key as token" }) }),
    brandmark: Image.nullable(),
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

export async function brandProfile(db: D1Database, brand: Brand, domain: string, imgBaseUrl: string, sign: Sign): Promise<BrandProfile> {
  const [identifiers, parent] = await db.batch<{ kind: string; value: string; qualifier: string } | { id: string; name: string; domain: string | null }>([
    db.prepare("SELECT kind, value, qualifier FROM identifiers WHERE brand_id = ? AND kind IN ('ticker', 'isin') ORDER BY kind, value").bind(brand.id),
    db.prepare("SELECT b.id, b.name, b.domain FROM parents p JOIN brands b ON b.id = p.parent_id WHERE p.child_id = ?").bind(brand.id),
  ]);
  const ids = identifiers.results as { kind: string; value: string; qualifier: string }[];
  const owner = parent.results[0] as { id: string; name: string; domain: string | null } | undefined;
  return {
    id: brand.id,
    domain,
    name: brand.name,
    description: brand.description,
    colors: brand.colors,
    socials: brand.socials,
    logo: {
      url: await sign(brand.logo_key!),
      cdn_url: logoUrl(imgBaseUrl, domain),
      width: brand.logo_width ?? 0,
      height: brand.logo_height ?? 0,
      format: "png",
      blurhash: brand.blurhash,
    },
    brandmark: brand.brandmark_key
      ? {
          url: await sign(brand.brandmark_key),
          width: brand.brandmark_width ?? 0,
          height: brand.brandmark_height ?? 0,
          format: "png",
          blurhash: brand.brandmark_blurhash,
        }
      : null,
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
