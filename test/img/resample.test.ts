// Scaling for variants: a large shrink is a box reduction then Lanczos3, and must look like Lanczos3 alone (same size,
// same geometry, within a few levels); enlargements and small reductions are Lanczos3 alone. WebP keeps alpha exact.
import { beforeAll, describe, expect, it } from "vitest";
import { boxShrink } from "@brand/core/render/box-shrink";
import { decodeWebp, encodeWebp, resize } from "@brand/core/render/codecs";
import { PixelData, type Pixels } from "@brand/core/render/image-data";
import { resample } from "@brand/core/render/resample";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";

beforeAll(initWorkerCodecs);

/** A logo-like test card: a ring and diagonal stripes in two colours with hard, anti-aliased edges, on transparency. */
function card(width: number, height: number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  const [cx, cy, radius] = [width / 2, height / 2, Math.min(width, height) * 0.45];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      const ring = Math.max(0, Math.min(1, radius - d + 0.5)) * Math.max(0, Math.min(1, d - radius * 0.6 + 0.5));
      const stripe = Math.floor((x + y) / (width / 16)) % 2 === 0 && d < radius * 0.55;
      const i = (y * width + x) * 4;
      if (stripe) data.set([20, 60, 220, 255], i);
      else if (ring > 0) data.set([220, 20, 60, Math.round(ring * 255)], i);
    }
  }
  return new PixelData(data, width, height);
}

/** PSNR in dB over premultiplied RGBA (colour under transparent pixels does not count). */
function psnr(a: Pixels, b: Pixels): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) sum += ((a.data[i + c] * a.data[i + 3] - b.data[i + c] * b.data[i + 3]) / 255) ** 2;
    sum += (a.data[i + 3] - b.data[i + 3]) ** 2;
  }
  return 10 * Math.log10((255 * 255) / (sum / a.data.length));
}

describe("box shrink", () => {
  it("averages each block weighted by alpha: transparent pixels lend no colour", () => {
    const image = new PixelData(new Uint8ClampedArray([200, 0, 0, 255, 0, 0, 255, 0, 0, 200, 0, 255, 0, 0, 0, 0]), 2, 2);
    expect([...boxShrink(image, 2, 2).data]).toEqual([100, 100, 0, 128]);
  });

  it("folds the remainder into the last block (the 1024 px master is made this way: its bytes must not change)", () => {
    const image = new PixelData(new Uint8ClampedArray(5 * 4).fill(255), 5, 1);
    image.data.set([0, 0, 0, 255], 16); // the fifth pixel, black, joins the second block of two
    const out = boxShrink(image, 2, 1);
    expect([out.width, out.height]).toEqual([2, 1]);
    expect([...out.data]).toEqual([255, 255, 255, 255, 170, 170, 170, 255]);
  });
});

describe("resample", () => {
  const cases: [number, number, number, number][] = [
    [512, 512, 128, 128], // the bench's job: a 2× box, then Lanczos 256 → 128
    [1000, 733, 128, 94], // sides the box factor does not divide evenly
    [733, 1000, 46, 64],
    [997, 601, 100, 60], // a prime side: no box on that axis
    [1024, 333, 256, 83], // the small master of a wide master
  ];
  for (const [w, h, tw, th] of cases) {
    it(`${w}×${h} → ${tw}×${th}: exact size, and within a few levels of Lanczos3 alone`, async () => {
      const source = card(w, h);
      const out = await resample(source, tw, th);
      expect([out.width, out.height]).toEqual([tw, th]);
      // A block stretched by a remainder shifts edges by up to half a pixel: that measured 25–39 dB on these cards.
      expect(psnr(out, await resize(source, tw, th))).toBeGreaterThan(44);
    });
  }

  it("leaves enlargements and reductions under 4× to Lanczos3 alone", async () => {
    const source = card(512, 512);
    const same = (a: Pixels, b: Pixels) => a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
    for (const [tw, th] of [[800, 800], [300, 300], [129, 129]]) {
      expect(same(await resample(source, tw, th), await resize(source, tw, th))).toBe(true);
    }
  });
});

describe("webp", () => {
  it("keeps alpha exactly (lossless alpha plane)", async () => {
    const image = await resample(card(512, 512), 128, 128);
    const decoded = await decodeWebp(await encodeWebp(image));
    const alpha = (p: Pixels) => p.data.filter((_, i) => i % 4 === 3);
    expect(alpha(decoded)).toEqual(alpha(image));
  });
});
