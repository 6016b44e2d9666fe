// Image-host query parameters (spec + design §4), parsed once into a normalised variant so that every spelling of
// the same request (`size=64` or `width=64&height=64`, `greyscale` or `greyscale=1`, `format=jpeg`) is one entry.
import { z } from "@hono/zod-openapi";

export const MAX_DIMENSION = 800;
export const DEFAULT_DIMENSION = 128;

const dimension = (name: string) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `${name} must be a whole number from 1 to ${MAX_DIMENSION}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `${name} must be a whole number from 1 to ${MAX_DIMENSION}`)
        .max(MAX_DIMENSION, `${name} must be at most ${MAX_DIMENSION}`),
    )
    .optional();

/** Present with no value, `true` or `1` is on; `false` or `0` is off; anything else is a 400 (design §4). */
const flag = (name: string) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .refine((v) => ["", "true", "1", "false", "0"].includes(v), `${name} takes no value, or true/false/1/0`)
    .transform((v) => v === "" || v === "true" || v === "1")
    .optional();

/** One of a few words, in any letter case (`PNG`, `Dark`, `Suggest`), like the flags. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(values, { message }));

export const ImageQuery = z.object({
  token: z.string().optional().openapi({ description: "Publishable key (pk_…)" }),
  size: dimension("size").openapi({ description: "Square box; sets width and height", type: "integer" }),
  width: dimension("width").openapi({ type: "integer" }),
  height: dimension("height").openapi({ type: "integer" }),
  format: oneOf(["jpg", "jpeg", "png", "webp"], "format must be jpg, png or webp")
    .transform((v) => (v === "jpeg" ? "jpg" : v))
    .optional()
    .openapi({ description: "jpg (default, no transparency), png or webp" }),
  theme: oneOf(["auto", "light", "dark"], "theme must be auto, light or dark")
    .optional()
    .openapi({ description: "The background the logo is shown on" }),
  greyscale: flag("greyscale"),
  grayscale: flag("grayscale").openapi({ description: "Alias of greyscale" }),
  retina: flag("retina").openapi({ description: "Twice the pixels" }),
  redirect: flag("redirect").openapi({ description: "302 to an immutable URL of this exact image" }),
  fallback: oneOf(["monogram", "404"], "fallback must be monogram or 404")
    .optional()
    .openapi({ description: "monogram (default): a generated image; 404: status 404 when no logo exists" }),
  type: oneOf(["icon", "logo", "brandmark"], "type must be icon, logo or brandmark")
    .optional()
    .openapi({
      description:
        "icon (default): the square symbol; logo: the full logo at its real aspect ratio (a wordmark where known), " +
        "so width alone gives a wide image; brandmark: the square symbol only, else the fallback",
    }),
  strategy: oneOf(["match", "suggest"], "strategy must be match or suggest")
    .optional()
    .openapi({ description: "Only on /name/{brand}: match (closest name) or suggest (most popular prefix match)" }),
});
export type ImageQuery = z.infer<typeof ImageQuery>;

export type ImageFormat = "jpg" | "png" | "webp";
export type Theme = "auto" | "light" | "dark";

/** What to render: the box may leave one side open, to follow the source's aspect ratio. */
export type VariantSpec = {
  width: number | null;
  height: number | null;
  format: ImageFormat;
  theme: Theme;
  greyscale: boolean;
  retina: boolean;
};

export type ImageOptions = {
  spec: VariantSpec;
  type: "icon" | "logo" | "brandmark";
  fallback: "monogram" | "404";
  redirect: boolean;
  strategy: "match" | "suggest";
};

export function imageOptions(query: ImageQuery): ImageOptions {
  const width = query.width ?? query.size ?? null;
  const height = query.height ?? query.size ?? null;
  const neither = width === null && height === null;
  return {
    spec: {
      width: neither ? DEFAULT_DIMENSION : width,
      height: neither ? DEFAULT_DIMENSION : height,
      format: (query.format as ImageFormat | undefined) ?? "jpg",
      theme: query.theme ?? "auto",
      greyscale: query.greyscale ?? query.grayscale ?? false,
      retina: query.retina ?? false,
    },
    type: query.type ?? "icon",
    fallback: query.fallback ?? "monogram",
    redirect: query.redirect ?? false,
    strategy: query.strategy ?? "match",
  };
}

/** The variant as a stable string: the same for every spelling of the same request. */
export function specKey(spec: VariantSpec): string {
  return [
    `${spec.width ?? "_"}x${spec.height ?? "_"}`,
    spec.format,
    spec.theme,
    spec.greyscale ? "grey" : "colour",
    spec.retina ? "2x" : "1x",
  ].join(",");
}

/**
 * The pixel box for a source of the given size: an open side follows the source's aspect ratio (capped at the
 * maximum), and retina doubles both.
 */
export function pixelBox(spec: VariantSpec, sourceWidth: number, sourceHeight: number) {
  const aspect = sourceWidth / sourceHeight;
  const width = spec.width ?? Math.min(MAX_DIMENSION, Math.max(1, Math.round(spec.height! * aspect)));
  const height = spec.height ?? Math.min(MAX_DIMENSION, Math.max(1, Math.round(spec.width! / aspect)));
  const scale = spec.retina ? 2 : 1;
  return { width: width * scale, height: height * scale };
}
