// Colour records as the spec shows them: r, g, b integers and hex `#rrggbb`.
import { z } from "zod";

export const ColorType = z.enum(["brand", "accent", "dark", "light"]);
export const BrandColor = z.object({
  hex: z.string().regex(/^#[0-9a-f]{6}$/),
  r: z.number().int().min(0).max(255),
  g: z.number().int().min(0).max(255),
  b: z.number().int().min(0).max(255),
  type: ColorType,
});
export type BrandColor = z.infer<typeof BrandColor>;

export function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const n = parseInt(hex.slice(1), 16);
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 };
}

export const rgbToHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** Relative luminance (WCAG 2.x). */
export function luminance({ r, g, b }: { r: number; g: number; b: number }): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2.x contrast ratio of two colours, from 1 (same luminance) to 21 (black on white); order does not matter. */
export function contrastRatio(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The first colour is the brand colour; later ones are accents, or dark/light when nearly black or white. */
export function brandColors(hexes: string[]): BrandColor[] {
  return hexes.map((hex, i) => {
    const rgb = hexToRgb(hex);
    const l = luminance(rgb);
    const type = i === 0 ? "brand" : l < 0.03 ? "dark" : l > 0.9 ? "light" : "accent";
    return { hex, ...rgb, type };
  });
}
