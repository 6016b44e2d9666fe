// Local state for the image bench, in its own persist folder (never .wrangler/state, which `npm start` uses):
// D1 migrations, one pro account with a publishable key, one brand whose logo master is a real PNG in R2, and
// `uncachedCount` more brands, each with a byte-distinct copy of that master (so no cache keyed by domain, brand,
// or master content can serve them: every first request for one of them has to render).
import { readFile } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { encode as blurhash } from "blurhash";
import { createAccount } from "../../packages/core/src/auth/accounts.ts";
import { SEED_IMAGE_SCORE } from "../../packages/core/src/brands/image-rank.ts";
import { brandStatements, prepareAll } from "../../packages/core/src/seed/write.ts";
import { encodePng, rasteriseSvg, resize } from "../../packages/core/src/render/codecs.ts";
import { flatten } from "../../packages/core/src/render/compose.ts";
import { makeSmallMaster } from "../../packages/core/src/ingest/master.ts";
import { smallMasterKey } from "../../packages/core/src/render/small-master.ts";
import { sha256Hex } from "../../packages/core/src/ids.ts";
import { initNodeCodecs, MASTER_SIZE } from "../../scripts/lib/logo-masters.mjs";
import { packageFile } from "../../scripts/lib/package-file.mjs";
import { freshState } from "./state.mjs";

/** A simple-icons glyph painted in its brand colour, as the seed does. */
export async function iconSvg(slug, hex) {
  const svg = await readFile(packageFile("simple-icons", `icons/${slug}.svg`), "utf8");
  return svg.replace("<svg ", `<svg fill="${hex}" `);
}

/** A PNG rasterised from the icon with the codecs the seed uses (longer side `size` px). */
export async function iconPng(slug, hex, size) {
  await initNodeCodecs();
  const image = await rasteriseSvg(await iconSvg(slug, hex), size);
  return { image, png: new Uint8Array(await encodePng(image)) };
}

/** The same PNG with a tEXt chunk before IEND: identical pixels, different bytes (and so a different hash/key). */
export function pngWithComment(png, text) {
  const type = Buffer.from("tEXt");
  const data = Buffer.from(`Comment\0${text}`, "latin1");
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  const iend = png.length - 12; // IEND is always the last 12 bytes
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

export async function prepareImgState({ dir, domain, icon, uncachedCount }) {

  const { image, png } = await iconPng(icon.slug, icon.hex, MASTER_SIZE);
  const thumb = flatten(await resize(image, 32, 32), { r: 255, g: 255, b: 255 });
  const hash = blurhash(thumb.data, 32, 32, 4, 3);
  // Its small master, stored beside each master as the seed and the crawler store it (render/small-master.ts).
  const small = (await makeSmallMaster(image)).png;

  const proxy = await freshState(dir);
  try {
    const { env } = proxy;
    const now = new Date();
    const { account, keys } = await createAccount(env.DB, { plan: "pro", name: "Bench" }, now);

    const brand = async (key, bytes, smallBytes) => {
      const logoKey = `logos/${await sha256Hex(bytes)}.png`;
      await env.LOGOS.put(logoKey, bytes, { httpMetadata: { contentType: "image/png" } });
      await env.LOGOS.put(smallMasterKey(logoKey), smallBytes, { httpMetadata: { contentType: "image/png" } });
      const master = { key: logoKey, width: image.width, height: image.height, blurhash: hash, svgKey: null, score: SEED_IMAGE_SCORE.singleColour };
      return brandStatements(
        {
          key,
          domain: key,
          name: `Bench ${key}`,
          aliases: [],
          description: "A brand seeded by the image benchmark.",
          colors: [icon.hex],
          socials: {},
          popularity: 50,
          icon: { package: "simple-icons", slug: icon.slug },
          wordmark: null,
          domains: [],
          listings: [],
          isins: [],
        },
        { logo: master, brandmark: master },
      );
    };

    let statements = await brand(domain, png, small);
    const uncachedDomains = [];
    for (let i = 0; i < uncachedCount; i++) {
      const d = `bench-uncached-${String(i).padStart(4, "0")}.com`;
      uncachedDomains.push(d);
      statements.push(...(await brand(d, pngWithComment(png, `bench ${i}`), pngWithComment(Buffer.from(small), `bench ${i}`))));
      if (statements.length >= 300) {
        await env.DB.batch(prepareAll(env.DB, statements));
        statements = [];
      }
    }
    if (statements.length) await env.DB.batch(prepareAll(env.DB, statements));
    return { accountId: account.id, publishableKey: keys.publishable, domain, uncachedDomains, masterBytes: png.length, masterSize: { width: image.width, height: image.height } };
  } finally {
    await proxy.dispose();
  }
}
