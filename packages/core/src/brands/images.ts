// A brand's images by type (design §4, §5): the logo (the full logo at its real aspect ratio: a wordmark or lockup
// when one is known), the brandmark (the square symbol) and the icon (what the image host serves by default, as
// logo.dev does: the brandmark, else the logo). The one place that knows which brands columns hold each role.
import { z } from "@hono/zod-openapi";
import type { Brand } from "./store.ts";

export const ImageType = z.enum(["icon", "logo", "brandmark"]);
export type ImageType = z.infer<typeof ImageType>;
export type ImageRole = Exclude<ImageType, "icon">;

/**
 * A stored image: its PNG master in R2, the sanitised SVG master when its source was a vector drawing, and its score
 * (brands/image-rank.ts; null when stored before scores were kept).
 */
export type BrandImage = { key: string; width: number; height: number; blurhash: string | null; svgKey: string | null; score: number | null };

/** Each role's columns in `brands`, in the order `imageValues` gives them. */
export const IMAGE_COLUMNS = {
  logo: ["logo_key", "logo_width", "logo_height", "blurhash", "logo_svg_key", "logo_score"],
  brandmark: ["brandmark_key", "brandmark_width", "brandmark_height", "brandmark_blurhash", "brandmark_svg_key", "brandmark_score"],
} as const;

/** An image as the values of its role's columns (all null for none). */
export const imageValues = (image: BrandImage | null): (string | number | null)[] =>
  image ? [image.key, image.width, image.height, image.blurhash, image.svgKey, image.score] : Array(6).fill(null);

export function brandImage(brand: Brand, type: ImageType): BrandImage | null {
  if (type === "icon") return brandImage(brand, "brandmark") ?? brandImage(brand, "logo");
  const [key, width, height, blurhash, svgKey, score] = IMAGE_COLUMNS[type].map((column) => brand[column]);
  if (!key) return null;
  return {
    key: key as string,
    width: (width as number | null) ?? 0,
    height: (height as number | null) ?? 0,
    blurhash: blurhash as string | null,
    svgKey: svgKey as string | null,
    score: score as number | null,
  };
}
