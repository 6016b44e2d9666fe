-- Logo types (design §4, §9): a brand holds a logo (the full logo at its real aspect ratio: a wordmark or horizontal
-- lockup when one is known) and a brandmark (the square symbol the image host serves by default). Each may have a
-- sanitised SVG master beside its PNG one, and a score on the crawler's scale that decides whether a seed drawing
-- or the brand's own site supplies it (packages/core/src/brands/image-rank.ts).
ALTER TABLE brands ADD COLUMN logo_svg_key TEXT;
ALTER TABLE brands ADD COLUMN logo_score INTEGER;
ALTER TABLE brands ADD COLUMN brandmark_svg_key TEXT;
ALTER TABLE brands ADD COLUMN brandmark_score INTEGER;
