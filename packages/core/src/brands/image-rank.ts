// Which image a brand shows when two sources offer one for the same role (logo or brandmark): the seed's icon-package
// drawing or the brand's own site. Every image carries a score on the crawler's scale (crawler/candidates.ts: an SVG
// icon 105, a 512 px manifest icon 100, a 180 px touch icon 90, a favicon near 0). Seed drawings score by their kind,
// so a full-colour vector from the seed outlasts most of what a site offers, while a single-colour mark gives way to
// any good icon the site has. Ties go to the seed: a crawl replaces a seed image only when it ranks strictly higher,
// and a re-seed replaces a crawled image when it ranks at least as high. Documented in docs/decisions.md.

import type { ImageRole } from "./images.ts";

export const SEED_IMAGE_SCORE = {
  /** @iconify-json/logos, super-tiny-icons, cryptocurrency-icons: full-colour vector drawings. */
  fullColour: 110,
  /** simple-icons: one colour, painted in the brand's; a placeholder a site's own colour icon should replace. */
  singleColour: 80,
} as const;

/** An image already held whose score is unknown (stored before scores were kept) ranks below everything. */
const UNKNOWN = -1;

/**
 * Whether a crawled image replaces the one a seeded brand holds for its role. (A brand the crawler found by itself
 * takes each new crawl whole: its site is its only source.)
 */
export const crawlReplaces = (incoming: number, held: number | null) => incoming > (held ?? UNKNOWN);

/** The same rule in SQL, for a re-seed's upsert: true when the seed's (excluded) image replaces the brand's. */
export const seedReplacesSql = (role: ImageRole) =>
  `(excluded.${role}_key IS NOT NULL AND excluded.${role}_score >= COALESCE(brands.${role}_score, ${UNKNOWN}))`;
