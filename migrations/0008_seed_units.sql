-- What the database holds of the seed corpus, unit by unit (a brand, an exchange, an index, a parent pair, a
-- platform) with the hash of the statements that wrote it. A seed run writes only the units whose hash differs, and
-- records each in the same batch as its rows, so an interrupted run resumes where it stopped (scripts/lib/seed).
CREATE TABLE seed_units (
  key  TEXT PRIMARY KEY,
  hash TEXT NOT NULL
);
