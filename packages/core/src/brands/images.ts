// A brand's images by type (design §4, §5): the logo (the full logo at its real aspect ratio: a wordmark or lockup
// when one is known), the brandmark (the square symbol) and the icon (what the image host serves by default, as
// logo.dev does: the brandmark, else the logo).
import { z } from "@hono/zod-openapi";
import type { Brand } from "./store.ts";

export const ImageType = z.enum(["icon", "logo", "brandmark"]);
export type ImageType = z.infer<typeof ImageType>;

/** A stored image: its PNG master in R2, and the sanitised SVG master when its source was a vector drawing. */
export type BrandImage = { key: string; width: number; height: number; blurhash: string | null; svgKey: string | null };

export function brandImage(brand: Brand, type: ImageType): BrandImage | null {
  const logo = brand.logo_key
    ? { key: brand.logo_key, width: brand.logo_width ?? 0, height: brand.logo_height ?? 0, blurhash: brand.blurhash, svgKey: brand.logo_svg_key }
    : null;
  const brandmark = brand.brandmark_key
    ? {
        key: brand.brandmark_key,
        width: brand.brandmark_width ?? 0,
        height: brand.brandmark_height ?? 0,
        blurhash: brand.brandmark_blurhash,
        svgKey: brand.brandmark_svg_key,
      }
    : null;
  return type === "logo" ? logo : type === "brandmark" ? brandmark : (brandmark ?? logo);
}
