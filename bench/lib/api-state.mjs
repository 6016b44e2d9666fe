// Local state for the JSON host bench, in its own persist folder (never .wrangler/state, which `npm start` uses):
// D1 migrations, one pro account (its secret key opens describe), and one indexed brand whose logo master is a real
// PNG in R2, so GET /describe/<domain> answers 200 from the first request. The fixture domains the indexing part
// crawls are not in it: they start unknown, so their first describe answers 202 and queues a real job.
import { encode as blurhash } from "blurhash";
import { createAccount } from "../../packages/core/src/auth/accounts.ts";
import { SEED_IMAGE_SCORE } from "../../packages/core/src/brands/image-rank.ts";
import { brandStatements, prepareAll } from "../../packages/core/src/seed/write.ts";
import { resize } from "../../packages/core/src/render/codecs.ts";
import { flatten } from "../../packages/core/src/render/compose.ts";
import { sha256Hex } from "../../packages/core/src/ids.ts";
import { MASTER_SIZE } from "../../scripts/lib/logo-masters.mjs";
import { iconPng } from "./img-state.mjs";
import { freshState } from "./state.mjs";

/**
 * @param {{ dir: string, brand: { domain: string, name: string, description: string, socials: Record<string, string>,
 *   icon: { slug: string, hex: string }, colors: string[] } }} o
 */
export async function prepareApiState({ dir, brand }) {

  const { image, png } = await iconPng(brand.icon.slug, brand.icon.hex, MASTER_SIZE);
  const small = flatten(await resize(image, 32, 32), { r: 255, g: 255, b: 255 });
  const hash = blurhash(small.data, 32, 32, 4, 3);

  const proxy = await freshState(dir);
  try {
    const { env } = proxy;
    const now = new Date();
    const { account, keys } = await createAccount(env.DB, { plan: "pro", name: "Bench" }, now);
    const logoKey = `logos/${await sha256Hex(png)}.png`;
    await env.LOGOS.put(logoKey, png, { httpMetadata: { contentType: "image/png" } });
    const master = { key: logoKey, width: image.width, height: image.height, blurhash: hash, svgKey: null, score: SEED_IMAGE_SCORE.singleColour };
    const statements = await brandStatements(
      {
        key: brand.domain,
        domain: brand.domain,
        name: brand.name,
        aliases: [],
        description: brand.description,
        colors: brand.colors,
        socials: brand.socials,
        popularity: 50,
        icon: { package: "simple-icons", slug: brand.icon.slug },
        wordmark: null,
        domains: [],
        listings: [],
        isins: [],
      },
      { logo: master, brandmark: master },
    );
    await env.DB.batch(prepareAll(env.DB, statements));
    return { accountId: account.id, secretKey: keys.secret, domain: brand.domain };
  } finally {
    await proxy.dispose();
  }
}
