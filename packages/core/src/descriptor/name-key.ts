// The key brand names and aliases are matched under: ASCII case and punctuation ignored, so "McDonald's",
// "MCDONALDS" and "Mc Donalds" meet. Mirrors the SQL expression in migrations/0004_brand_keys.sql: change both together.
const DROPPED = /[ '.,\-&*/!’+:()_#]/g;

export const nameKey = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase()).replace(DROPPED, "");
