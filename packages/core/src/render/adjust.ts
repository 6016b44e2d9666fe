// Theme and greyscale, applied to the scaled logo before it is placed on its canvas.
import { luminance } from "../brands/colors.ts";
import { PixelData, type Pixels } from "./image-data.ts";
import type { Theme } from "./params.ts";

/** The page backgrounds the themes name; jpg output is flattened on these too. */
export const THEME_BACKGROUNDS = {
  light: { r: 255, g: 255, b: 255 },
  dark: { r: 17, g: 17, b: 17 },
} as const;

/** Below this contrast with the page a pixel is practically invisible there. */
const INVISIBLE_CONTRAST = 1.6;
/** Recolour when at least this share of the logo's ink would vanish; multi-colour logos that read well stay. */
const VANISHING_SHARE = 0.3;

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * On `dark` (or `light`), pixels too close to the page colour flip their lightness (keeping hue and saturation):
 * a black mark becomes white, a navy wordmark light blue. Applied only when enough of the logo would vanish.
 */
export function adaptToTheme(image: Pixels, theme: Theme): Pixels {
  if (theme === "auto") return image;
  const page = luminance(THEME_BACKGROUNDS[theme]);
  const { data } = image;
  let ink = 0;
  let vanishing = 0;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3] / 255;
    if (alpha === 0) continue;
    ink += alpha;
    if (contrast(luminance({ r: data[i], g: data[i + 1], b: data[i + 2] }), page) < INVISIBLE_CONTRAST) vanishing += alpha;
  }
  if (ink === 0 || vanishing / ink < VANISHING_SHARE) return image;

  const out = new Uint8ClampedArray(data);
  for (let i = 0; i < out.length; i += 4) {
    if (out[i + 3] === 0) continue;
    const l = luminance({ r: out[i], g: out[i + 1], b: out[i + 2] });
    if (contrast(l, page) < INVISIBLE_CONTRAST) {
      const [r, g, b] = flipLightness(out[i], out[i + 1], out[i + 2]);
      out[i] = r;
      out[i + 1] = g;
      out[i + 2] = b;
    }
  }
  return new PixelData(out, image.width, image.height);
}

/** Rec. 709 luma into all three channels. */
export function greyscale(image: Pixels): Pixels {
  const out = new Uint8ClampedArray(image.data);
  for (let i = 0; i < out.length; i += 4) {
    const y = Math.round(0.2126 * out[i] + 0.7152 * out[i + 1] + 0.0722 * out[i + 2]);
    out[i] = out[i + 1] = out[i + 2] = y;
  }
  return new PixelData(out, image.width, image.height);
}

/** HSL lightness L → 1 − L. */
function flipLightness(r8: number, g8: number, b8: number): [number, number, number] {
  const [r, g, b] = [r8 / 255, g8 / 255, b8 / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
  }
  return hslToRgb(h * 60, s, 1 - l);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((((h / 60) % 2) + 2) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor((((h % 360) + 360) % 360) / 60);
  const [r, g, b] = [
    [c, x, 0],
    [x, c, 0],
    [0, c, x],
    [0, x, c],
    [x, 0, c],
    [c, 0, x],
  ][sector];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}
