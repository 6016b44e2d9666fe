// Cold render in Node: our pipeline (core's renderLogo on the jsquash wasm codecs the Worker uses) against sharp
// (libvips) doing the same job. Runs alternate between the contestants so drift hits them alike.
//
// Each job names what each side reads. Most read the same bytes; the Worker's own path differs on purpose: it renders
// a small variant from the small master (a 256 px copy stored beside the 1024 px one), which sharp has no part in, so
// that row says which file each side read.
import sharp from "sharp";
import { makeMaster } from "../../packages/core/src/ingest/master.ts";
import { renderLogo } from "../../packages/core/src/render/render.ts";
import { iconPng } from "./img-state.mjs";
import { summarise } from "./stats.mjs";

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };
const WHITE = { r: 255, g: 255, b: 255 };

/**
 * The files a job can read: `png` (the icon rasterised at `sourceSize`, untrimmed), `master` (the 1024 px master
 * ingest makes from the icon) and `small` (that master's small master).
 */
export async function renderSources(icon, sourceSize) {
  const { png } = await iconPng(icon.slug, icon.hex, sourceSize);
  const master = await makeMaster((await iconPng(icon.slug, icon.hex, 1024)).image);
  const masterSize = { width: master.width, height: master.height };
  const file = (bytes, size, label) => ({ bytes, size, label });
  return {
    png: file(png, null, `${sourceSize} px PNG`),
    master: file(master.png, masterSize, `${master.width}×${master.height} master`),
    small: file(master.small.png, masterSize, `${master.small.width}×${master.small.height} small master`),
  };
}

/**
 * Ours: core's renderLogo as the Worker calls it (guard, decode, fit into the box, theme, centre, encode), given the
 * master's size as the Worker passes it from the brand row. The one place to adapt when renderLogo's signature changes.
 */
async function ours(file, job) {
  const spec = { width: job.width, height: job.height, format: job.format, theme: "auto", greyscale: false, retina: false };
  const out = await renderLogo(file.buffer, spec, file.size ?? undefined);
  return out.bytes;
}

/** sharp: the same job with the same settings where they exist (Lanczos3, contain on transparent, same quality). */
function viaSharp(file, job) {
  let pipeline = sharp(file.buf).resize(job.width, job.height, { fit: "contain", background: TRANSPARENT, kernel: "lanczos3" });
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

/** Both views of a file's bytes, made once: an ArrayBuffer for renderLogo, a Buffer for sharp. */
const prepared = (file) => ({
  ...file,
  buffer: file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.byteLength),
  buf: Buffer.from(file.bytes),
});

/**
 * @param {Record<string, { bytes: Uint8Array, size: { width: number, height: number } | null, label: string }>} sources
 *   what renderSources returns
 * @param {{ name: string, reads: { ours: string, sharp: string }, width: number, height: number,
 *   format: "webp" | "png" | "jpg", target?: string }[]} jobs  `target` is passed through to the result, unread
 */
export async function coldRender({ sources, jobs, runs, warmup }) {
  sharp.cache(false); // no libvips operation cache: every sharp run does the whole job, as every render of ours does
  const defaultThreads = sharp.concurrency();
  const files = Object.fromEntries(Object.entries(sources).map(([name, file]) => [name, prepared(file)]));
  const results = [];
  for (const job of jobs) {
    const [oursFile, sharpFile] = [files[job.reads.ours], files[job.reads.sharp]];
    const samples = { ours: [], sharp: [], sharp_1_thread: [] };
    const bytes = {};
    const contestants = {
      ours: () => ours(oursFile, job),
      sharp: () => viaSharp(sharpFile, job),
      sharp_1_thread: async () => {
        sharp.concurrency(1);
        try {
          return await viaSharp(sharpFile, job);
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
      reads: { ours: oursFile.label, sharp: sharpFile.label },
      width: job.width,
      height: job.height,
      format: job.format,
      runs,
      target: job.target ?? null,
      ours_ms: summarise(samples.ours),
      sharp_ms: summarise(samples.sharp),
      sharp_1_thread_ms: summarise(samples.sharp_1_thread),
      output_bytes: bytes,
    });
  }
  const sourceSizes = Object.fromEntries(Object.entries(files).map(([name, f]) => [name, { label: f.label, bytes: f.bytes.byteLength }]));
  return { sharp_default_threads: defaultThreads, libvips: sharp.versions.vips, sources: sourceSizes, results };
}
