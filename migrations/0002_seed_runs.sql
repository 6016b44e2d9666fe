-- Which corpus the local database was last seeded with (a hash of the seed files and the code that writes them),
-- so `npm start` skips an unchanged corpus.
CREATE TABLE seed_runs (
  fingerprint TEXT PRIMARY KEY,
  seeded_at   TEXT NOT NULL
);
