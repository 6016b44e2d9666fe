-- What a seeded merchant sells (seed/merchants-*.json `category`: grocery, restaurant, transport, …), NULL for brands
-- the seed does not class. The beta's corpus matcher reads it: a word for the brand's own kind of business after its
-- name is part of the purchase ("STARBUCKS COFFEE", "BWS LIQUOR", "HILTON HOTELS"), while any other kind names another
-- business ("SHELL BEACH CAFE").
ALTER TABLE brands ADD COLUMN category TEXT;
