// The merchant identity row (spec, "Merchant identity row").
import { z } from "@hono/zod-openapi";

export const MATCH_TYPES = [
  "enriched_context",
  "descriptor_domain",
  "resolved_entity",
  "searched_name",
  "cleaned_descriptor",
] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

const RelatedEntity = z.object({
  domain: z.string().nullable(),
  name: z.string().nullable(),
  entity_id: z.string().nullable(),
  logo_url: z.string().url().nullable(),
});

export const IdentityRow = z
  .object({
    domain: z.string().nullable(),
    name: z.string(),
    entity_type: z.enum(["person", "organization"]).nullable().optional(),
    entity_id: z.string().nullable(),
    logo_url: z.string().url().nullable(),
    parent: RelatedEntity.nullable(),
    intermediary: RelatedEntity.nullable(),
    status: z.enum(["matched", "cleaned"]),
    match_type: z.enum(MATCH_TYPES),
    confidence: z.number().min(0).max(1),
  })
  .openapi("IdentityRow");

export type IdentityRow = z.infer<typeof IdentityRow>;
