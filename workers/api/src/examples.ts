// Examples in the JSON host's OpenAPI document, copied from real responses of a local run (the README's examples).
// Each is typed by its schema, so a field renamed there fails the type check here.
import type { z } from "@hono/zod-openapi";
import type { DescribeRecord } from "@brand/core/brands/describe";
import type { BrandProfile } from "@brand/core/brands/profile";
import type { CreateEndpointInput, WebhookEndpoint, WebhookEndpointWithSecret } from "@brand/core/webhooks/endpoints";
import type { WebhookEvent } from "@brand/core/webhooks/events";
import type { Subscription } from "@brand/core/webhooks/subscriptions";
import type { LogoRecord } from "./routes/logos.ts";
import type { SearchResult } from "./routes/search.ts";

/** A signed download URL of a stored file, as /brand and /logos give them (hash, expiry and signature from the run). */
const file = (hash: string, format: "png" | "svg", sig: string) =>
  `https://api.example.com/files/logos/${hash}.${format}?exp=1795728319&sig=${sig}`;

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

const SPOTIFY_MARK = {
  url: file("31e19bfe605056b997e946ca45257241ff852e763ad306f03d9c1d7d59b0fed8", "png", "Hmd8WViSZ3LfXbCa6hWl12UxgxR0BSqH34KTlfNbAlU"),
  svg_url: file("49f8e6ee3b5edc236120626a8a9cdaac50f51a6ed5e89a72c1c1087bd42d6fd9", "svg", "TGHMnXw6xjcLptx4Y_h-Jzd1le1BvwIcOwXAEbt5U0I"),
  width: 1024,
  height: 1024,
  format: "png",
  blurhash: "LbI8BEo|=$tQx[j[WUa{-Eju}xs;",
} as const;

export const brandExample = {
  id: "brd_a08747145f5bcc18375e",
  domain: "spotify.com",
  name: "Spotify",
  description: "Spotify is the world's largest audio streaming subscription service.",
  colors: [{ hex: "#1ed760", r: 30, g: 215, b: 96, type: "brand" }],
  socials: {
    github: "https://github.com/spotify",
    instagram: "https://www.instagram.com/spotify",
    linkedin: "https://www.linkedin.com/company/spotify",
    twitter: "https://x.com/Spotify",
  },
  logo: {
    url: file("06ee63585f9737fe105824cce8e27c77a522f12c069b680a986647ab8a81daac", "png", "mGqTPbpdRz4fw3UTKH6wF7CTmPmEA43zeV-oBqTUZgQ"),
    svg_url: file("f00bf5151adb534f2522dfc45726a7bb7fa8391b9670fe90636d6be51546edd0", "svg", "qKqSgCP3KfsBCITd14SFFG2NyEjTLiz7fR3X9eN6FDM"),
    cdn_url: "https://img.example.com/spotify.com?type=logo",
    width: 1024,
    height: 319,
    format: "png",
    blurhash: "LnM]BZAS9?S^.7S1S1fk}wNYNZoM",
  },
  brandmark: { ...SPOTIFY_MARK, cdn_url: "https://img.example.com/spotify.com?type=brandmark" },
  icon: { ...SPOTIFY_MARK, cdn_url: "https://img.example.com/spotify.com" },
  banners: [],
  identifiers: { tickers: [{ symbol: "SPOT", mic: "XNYS" }], isins: ["LU1778762911"] },
  parent: null,
  indexed_at: "2026-11-26T06:19:18.378Z",
} satisfies z.input<typeof BrandProfile>;

export const logoRecordExample = {
  type: "logo",
  url: file("06ee63585f9737fe105824cce8e27c77a522f12c069b680a986647ab8a81daac", "png", "yfukQH4LcFKmYa1bfJ9SlGS0Nt01xHX8iN2wn3srLLM"),
  expires_at: "2026-11-26T21:25:20.000Z",
  width: 1024,
  height: 319,
  format: "png",
  blurhash: "LnM]BZAS9?S^.7S1S1fk}wNYNZoM",
  bytes: 44740,
} satisfies z.input<typeof LogoRecord>;

export const subscriptionExample = {
  id: "sub_65jTtGFszcjeFviYai9B",
  domain: "spotify.com",
  entity_id: "brd_a08747145f5bcc18375e",
  created_at: "2026-11-26T20:25:22.632Z",
} satisfies z.input<typeof Subscription>;

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

export const webhookEndpointExample = {
  id: "wh_4Dn6gRJwRZz6bzwgoLn3",
  ...createWebhookExample,
  enabled: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  created_at: "2026-11-26T20:25:22.364Z",
  updated_at: "2026-11-26T20:25:22.364Z",
} satisfies z.input<typeof WebhookEndpoint>;

/** The secret is that of an endpoint made for this example on a local run, and deleted. */
export const createdWebhookExample = {
  ...webhookEndpointExample,
  secret: "whsec_OCsx9mWtNSEQOmTOuHGQ/H6uO/oqx8G/jz6LTmKgtvA=",
} satisfies z.input<typeof WebhookEndpointWithSecret>;
