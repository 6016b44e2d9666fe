-- A brand's home market (ISO 3166-1 alpha-2): the country a seeded merchant trades in (seed/merchants-*.json
-- `country`), NULL for brands known everywhere. The beta's corpus index reads it to tell same-named brands of
-- different countries apart (A&W in the US and in Canada, Netto in Denmark and in Germany) by the request's
-- country_code, or the country its descriptor shows (packages/core/src/descriptor/country-hint.ts).
ALTER TABLE brands ADD COLUMN market TEXT;
