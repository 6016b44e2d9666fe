// The describe record, exactly the spec's fields.
import { z } from "@hono/zod-openapi";
import { SOCIAL_KEYS } from "../seed/schema.ts";
import { brandImage } from "./images.ts";
import type { Brand } from "./store.ts";

export const DescribeRecord = z
  .object({
    name: z.string(),
    domain: z.string(),
    description: z.string(),
    indexed_at: z.string().openapi({ description: "ISO 8601 timestamp" }),
    socials: z.partialRecord(z.enum(SOCIAL_KEYS), z.string().url()),
    logo: z.string().url().openapi({ description: "Image-host URL of the logo; append your publishable key as token" }),
    blurhash: z.string(),
    colors: z.array(
      z.object({ r: z.number().int(), g: z.number().int(), b: z.number().int(), hex: z.string() }),
    ),
  })
  .openapi("DescribeRecord");
export type DescribeRecord = z.infer<typeof DescribeRecord>;

export function describeRecord(brand: Brand, domain: string, imgBaseUrl: string): DescribeRecord {
  return {
    name: brand.name,
    domain,
    description: brand.description,
    indexed_at: brand.indexed_at,
    socials: brand.socials,
    logo: logoUrl(imgBaseUrl, domain),
    blurhash: brandImage(brand, "icon")?.blurhash ?? "",
    colors: brand.colors.map(({ r, g, b, hex }) => ({ r, g, b, hex })),
  };
}

/** The image-host URL of a domain's logo, without a token (the client appends its publishable key). */
export const logoUrl = (imgBaseUrl: string, domain: string) => `${imgBaseUrl.replace(/\/$/, "")}/${domain}`;
