// The verified owner list (seed/parents.json): one level, child brand → parent brand.

export type Owner = { id: string; name: string; domain: string };

/** The nearest verified owner of a brand, when it has a domain of its own. */
export async function ownerOf(db: D1Database, brandId: string): Promise<Owner | null> {
  return db
    .prepare(
      "SELECT b.id, b.name, b.domain FROM parents p JOIN brands b ON b.id = p.parent_id WHERE p.child_id = ? AND b.domain IS NOT NULL",
    )
    .bind(brandId)
    .first<Owner>();
}

/** The owner's domain of the brand a domain belongs to, if any. */
export async function ownerDomainOf(db: D1Database, domain: string): Promise<string | null> {
  return db
    .prepare(
      `SELECT owner.domain FROM domains d JOIN parents p ON p.child_id = d.brand_id JOIN brands owner ON owner.id = p.parent_id
       WHERE d.domain = ? AND owner.domain IS NOT NULL`,
    )
    .bind(domain)
    .first<string>("domain");
}
