// Cold render in Node: our pipeline (core's renderLogo on the jsquash wasm codecs the Worker uses) against sharp
// (libvips) doing the same job on the same source bytes. Runs alternate between the two so drift hits both alike.
import sharp from "sharp";
import { renderLogo } from "../../packages/core/src/render/render.ts";
import { initNodeCodecs } from "../../scripts/lib/logo-masters.mjs";
import { summarise } from "./stats.mjs";

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255 };

/**
 * Ours: core's renderLogo as the Worker calls it (guard, decode, fit into the box with Lanczos3, theme, centre,
 * encode). The one place to adapt when renderLogo's signature changes; today it takes a VariantSpec and returns
 * { bytes, contentType } (it used to take { width, height, format, background } and return the bytes).
 */
async function ours(source, job) {
  const spec = { width: job.width, height: job.height, format: job.format, theme: "auto", greyscale: false, retina: false, background: WHITE };
  const out = await renderLogo(source, spec);
  return out instanceof ArrayBuffer ? out : out.bytes;
}

/** sharp: the same job with the same settings where they exist (Lanczos3, contain on transparent, same quality). */
function viaSharp(source, job) {
  let pipeline = sharp(source).resize(job.width, job.height, { fit: "contain", background: TRANSPARENT, kernel: "lanczos3" });
  if (job.format === "webp") pipeline = pipeline.webp({ quality: 85, alphaQuality: 100 });
  else if (job.format === "png") pipeline = pipeline.png();
  else pipeline = pipeline.flatten({ background: WHITE }).jpeg({ quality: 85, mozjpeg: true });
  return pipeline.toBuffer();
}

async function timed(fn) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, bytes: out.byteLength };
}

/**
 * @param {Uint8Array} png  the source PNG
 * @param {{ name: string, width: number, height: number, format: "webp" | "png" | "jpg" }[]} jobs
 */
export async function coldRender({ png, jobs, runs, warmup }) {
  await initNodeCodecs();
  sharp.cache(false); // no libvips operation cache: every sharp run does the whole job, as every render of ours does
  const defaultThreads = sharp.concurrency();
  const source = png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength);
  const sourceBuf = Buffer.from(png);
  const results = [];
  for (const job of jobs) {
    const samples = { ours: [], sharp: [], sharp_1_thread: [] };
    const bytes = {};
    const contestants = {
      ours: () => ours(source, job),
      sharp: () => viaSharp(sourceBuf, job),
      sharp_1_thread: async () => {
        sharp.concurrency(1);
        try {
          return await viaSharp(sourceBuf, job);
        } finally {
          sharp.concurrency(defaultThreads);
        }
      },
    };
    for (let i = 0; i < warmup + runs; i++) {
      for (const [name, fn] of Object.entries(contestants)) {
        const { ms, bytes: size } = await timed(fn);
        bytes[name] = size;
        if (i >= warmup) samples[name].push(ms);
      }
    }
    results.push({
      job: job.name,
      width: job.width,
      height: job.height,
      format: job.format,
      runs,
      ours_ms: summarise(samples.ours),
      sharp_ms: summarise(samples.sharp),
      sharp_1_thread_ms: summarise(samples.sharp_1_thread),
      output_bytes: bytes,
    });
  }
  return { sharp_default_threads: defaultThreads, libvips: sharp.versions.vips, results };
}
