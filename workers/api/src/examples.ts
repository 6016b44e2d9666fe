// Examples in the JSON host's OpenAPI document, copied from real responses of a local run (the README's examples).
// Each is typed by its schema, so a field renamed there fails the type check here.
import type { z } from "@hono/zod-openapi";
import type { DescribeRecord } from "@brand/core/brands/describe";
import type { CreateEndpointInput } from "@brand/core/webhooks/endpoints";
import type { WebhookEvent } from "@brand/core/webhooks/events";
import type { SearchResult } from "./routes/search.ts";

export const describeExample = {
  name: "Ethereum",
  domain: "ethereum.org",
  description: "Ether is the native currency of Ethereum, a programmable blockchain for smart contracts and decentralised applications.",
  indexed_at: "2026-11-25T05:29:19.060Z",
  socials: {},
  logo: "https://img.example.com/ethereum.org",
  blurhash: "LVJ8=0tS?EkFt9j[aya#^~WV~lxs",
  colors: [{ r: 98, g: 126, b: 234, hex: "#627eea" }],
} satisfies z.input<typeof DescribeRecord>;

export const searchExample = [
  { name: "Spotify", domain: "spotify.com", entity_id: "brd_a08747145f5bcc18375e", logo_url: "https://img.example.com/spotify.com" },
] satisfies z.input<typeof SearchResult>[];

export const createWebhookExample = {
  url: "https://hooks.example.com/brand-events",
  description: "Brand changes for the catalogue",
  events: ["brand.updated", "logo.updated"],
} satisfies z.input<typeof CreateEndpointInput>;

/** A brand.updated delivery's body, as the webhook guide's run received it (docs/webhooks.md). */
export const eventExample = {
  id: "evt_hIQpi2apsfLixsRb8ejA",
  type: "brand.updated",
  created_at: "2026-11-23T14:15:55.637Z",
  data: {
    domain: "touchicon.test",
    entity_id: "brd_LDeNQqDyovubbByLA6eU",
    object: {
      id: "brd_LDeNQqDyovubbByLA6eU",
      domain: "touchicon.test",
      name: "Touchstone Coffee Roasters",
      description: "Single-origin beans roasted to order every Monday and shipped the same day.",
      colors: ["#0e7c7b", "#ffffff"],
    },
    delta: { name: { old: "Touchstone Coffee", new: "Touchstone Coffee Roasters" } },
  },
} satisfies z.input<typeof WebhookEvent>;
