// HTML extraction for the crawler (design §6), on the fixture sites (test/fixtures/sites, served through the outbound
// service exactly as the crawler fetches them) and on hostile pages written here.
import { describe, expect, it } from "vitest";
import {
  extractPage,
  manifestIcons,
  rankCandidates,
  rankIcons,
  socialProfile,
  type LogoCandidate,
} from "@brand/core/crawler/extract";
import { brandFromTitle, cleanText, decodeEntities } from "@brand/core/crawler/extract";
import { SOCIAL_KEYS } from "@brand/core/seed/schema";

const PROXY = "http://fixtures.internal";

function site(host: string, path = "/", init?: RequestInit): Promise<Response> {
  return fetch(`${PROXY}/${host}${path}`, init);
}

async function extractSite(host: string, path = "/") {
  const response = await site(host, path);
  expect(response.status).toBe(200);
  return extractPage(response, `https://${host}${path}`, host);
}

function html(body: string | Uint8Array | ReadableStream, contentType = "text/html; charset=utf-8"): Response {
  return new Response(body, { headers: { "content-type": contentType } });
}

function extract(body: string, pageUrl = "https://acme.com/", domain = "acme.com") {
  return extractPage(html(body), pageUrl, domain);
}

const candidate = (url: string, kind: LogoCandidate["kind"], size: number | [number, number] | null = null, type: string | null = null): LogoCandidate => {
  const [width, height] = size === null ? [null, null] : typeof size === "number" ? [size, size] : size;
  return { url, kind, width, height, type };
};

describe("the fixture sites", () => {
  it("acme-jsonld.test: JSON-LD Organization with an ImageObject logo, sameAs over anchors, share links ignored", async () => {
    const facts = await extractSite("acme-jsonld.test");
    expect(facts).toEqual({
      name: "Acme Rockets",
      description:
        "Acme builds reusable rockets for small satellites, weather balloons and the occasional coyote. Launches every Tuesday from the desert.",
      socials: {
        github: "https://github.com/acme-rockets",
        instagram: "https://www.instagram.com/acmerockets",
        linkedin: "https://www.linkedin.com/company/acme-rockets",
        twitter: "https://x.com/acmerockets",
        youtube: "https://www.youtube.com/@acmerockets",
      },
      logoCandidates: [
        candidate("https://acme-jsonld.test/assets/acme-logo-512.png", "jsonld", 512),
        candidate("https://acme-jsonld.test/favicon.ico", "icon", 16),
        candidate("https://acme-jsonld.test/assets/acme-logo-512.png", "apple-touch-icon"),
      ],
      manifestUrl: null,
      banners: [],
    });
    // The apple-touch-icon is the JSON-LD logo again: one entry, and /favicon.ico is already listed.
    expect(rankCandidates(facts.logoCandidates, "https://acme-jsonld.test/")).toEqual([
      candidate("https://acme-jsonld.test/assets/acme-logo-512.png", "jsonld", 512),
      candidate("https://acme-jsonld.test/favicon.ico", "icon", 16),
    ]);
  });

  it("touchicon.test: an apple-touch-icon beats a 16 px icon, and /favicon.ico comes last", async () => {
    const facts = await extractSite("touchicon.test");
    expect(facts.name).toBe("Touchstone Coffee Roasters");
    expect(facts.description).toBe("Single-origin beans roasted to order every Monday and shipped the same day.");
    expect(facts.socials).toEqual({ instagram: "https://www.instagram.com/touchstonecoffee" });
    expect(rankCandidates(facts.logoCandidates, "https://touchicon.test/")).toEqual([
      candidate("https://touchicon.test/apple-touch-icon.png", "apple-touch-icon", 180),
      candidate("https://touchicon.test/favicon-16x16.png", "icon", 16, "image/png"),
      candidate("https://touchicon.test/favicon.ico", "favicon"),
    ]);
  });

  it("svgonly.test: one SVG icon, unquoted attributes", async () => {
    const facts = await extractSite("svgonly.test");
    expect(facts.name).toBe("Vectorly");
    expect(facts.description).toBeNull();
    expect(facts.logoCandidates).toEqual([candidate("https://svgonly.test/logo.svg", "icon", null, "image/svg+xml")]);
    const svg = await site("svgonly.test", "/logo.svg");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(await svg.text()).toContain("<svg");
  });

  it.each(["icoonly.test", "icobmp.test"])("%s: no icon links, so only /favicon.ico, which the site has", async (host) => {
    const facts = await extractSite(host);
    expect(facts.logoCandidates).toEqual([]);
    expect(rankCandidates(facts.logoCandidates, `https://${host}/`)).toEqual([candidate(`https://${host}/favicon.ico`, "favicon")]);
    const ico = await site(host, "/favicon.ico");
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
    const bytes = new Uint8Array(await ico.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // ICONDIR: reserved, type 1 (icon)
  });

  it("icobmp.test's name drops the generic part of its title", async () => {
    expect((await extractSite("icobmp.test")).name).toBe("Bitmap Bakery");
    expect((await extractSite("icoonly.test")).name).toBe("Icarus Tools");
  });

  it("manifest.test: application-name, and the manifest's icons resolved against the manifest's URL", async () => {
    const facts = await extractSite("manifest.test");
    expect(facts.name).toBe("Maniflow");
    expect(facts.manifestUrl).toBe("https://manifest.test/static/site.webmanifest");
    expect(facts.logoCandidates).toEqual([]);
    const manifest = await site("manifest.test", "/static/site.webmanifest");
    expect(manifest.headers.get("content-type")).toBe("application/manifest+json");
    const icons = manifestIcons(await manifest.json(), facts.manifestUrl!);
    expect(icons).toEqual([
      candidate("https://manifest.test/static/icons/icon-192.png", "manifest", 192, "image/png"),
      candidate("https://manifest.test/static/icons/icon-512-maskable.png", "manifest", 512, "image/png"),
    ]);
    expect(rankCandidates(icons, "https://manifest.test/").map((c) => c.url)).toEqual([
      "https://manifest.test/static/icons/icon-512-maskable.png",
      "https://manifest.test/static/icons/icon-192.png",
      "https://manifest.test/favicon.ico",
    ]);
  });

  it("banner.test: og:image (relative) and twitter:image banners, and a 192 px icon", async () => {
    const facts = await extractSite("banner.test");
    expect(facts.name).toBe("Bannerman Outdoor");
    expect(facts.banners).toEqual([
      { url: "https://banner.test/social/og-banner.png", source: "og:image" },
      { url: "https://banner.test/social/twitter-card.png", source: "twitter:image" },
    ]);
    expect(facts.logoCandidates).toEqual([candidate("https://banner.test/logo-192.png", "icon", 192, "image/png")]);
    expect(facts.socials).toEqual({
      facebook: "https://www.facebook.com/BannermanOutdoor",
      pinterest: "https://www.pinterest.com/bannermanoutdoor",
    });
  });

  it("redirect-www.test: a 301 to the original URL form of www.redirect-www.test, where the page lives", async () => {
    const hop = await site("redirect-www.test", "/?utm_source=x", { redirect: "manual" });
    expect(hop.status).toBe(301);
    expect(hop.headers.get("location")).toBe("https://www.redirect-www.test/?utm_source=x");
    const facts = await extractSite("www.redirect-www.test");
    expect(facts.name).toBe("Redwood Widgets"); // "Home | Redwood Widgets"
    expect(rankCandidates(facts.logoCandidates, "https://www.redirect-www.test/")[0]).toEqual(
      candidate("https://www.redirect-www.test/brand/logo.svg", "icon"),
    );
  });

  it("socials.test: one profile for each of the 13 platforms; share links, posts, videos and home pages ignored", async () => {
    const facts = await extractSite("socials.test");
    expect(facts.socials).toEqual({
      facebook: "https://www.facebook.com/SocialiteHQ",
      github: "https://github.com/socialite-hq",
      instagram: "https://www.instagram.com/socialitehq",
      linkedin: "https://www.linkedin.com/company/socialite-hq",
      pinterest: "https://www.pinterest.com/socialitehq",
      reddit: "https://www.reddit.com/r/SocialiteHQ",
      snapchat: "https://www.snapchat.com/add/socialitehq",
      telegram: "https://t.me/socialitehq",
      tumblr: "https://socialitehq.tumblr.com",
      twitter: "https://x.com/SocialiteHQ", // the first Twitter profile; x.com/SocialiteSupport comes later
      wechat: "https://weixin.qq.com/r/2ygUCBTEnGxnrXRW9xnb",
      whatsapp: "https://wa.me/447700900123",
      youtube: "https://www.youtube.com/@SocialiteHQ",
    });
    expect(Object.keys(facts.socials).sort()).toEqual([...SOCIAL_KEYS].sort());
    expect(facts.name).toBe("Socialite");
  });

  it("latin1.test: a windows-1252 page reads as its author wrote it", async () => {
    const response = await site("latin1.test");
    expect(response.headers.get("content-type")).toBe("text/html; charset=windows-1252");
    const facts = await extractPage(response, "https://latin1.test/", "latin1.test");
    expect(facts.name).toBe("Café Crème");
    expect(facts.description).toBe(
      "Café Crème : croissants, éclairs et crème brûlée depuis 1962. Le petit-déjeuner à 9,50 €, servi jusqu’à midi — « le meilleur de Paris ».",
    );
    expect(facts.socials).toEqual({ facebook: "https://www.facebook.com/cafecreme.paris" });
  });

  it("latin1.test without the charset header: the <meta> in the first 1024 bytes decides", async () => {
    const bytes = await (await site("latin1.test")).arrayBuffer();
    const facts = await extractPage(html(new Uint8Array(bytes), "text/html"), "https://latin1.test/", "latin1.test");
    expect(facts.name).toBe("Café Crème");
    expect(facts.description).toContain("9,50 €");
  });

  it("norobots.test: robots.txt disallows everything (the page itself is ordinary)", async () => {
    const robots = await site("norobots.test", "/robots.txt");
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await robots.text()).toBe("User-agent: *\nDisallow: /\n");
    expect((await extractSite("norobots.test")).name).toBe("Private Reserve Wines");
  });

  it("nodata.test: a parked page gives nothing, and its /favicon.ico is a 404", async () => {
    expect(await extractSite("nodata.test")).toEqual({
      name: null,
      description: null,
      socials: {},
      logoCandidates: [],
      manifestUrl: null,
      banners: [],
    });
    expect((await site("nodata.test", "/favicon.ico")).status).toBe(404);
  });

  it("bomb.test: the apple-touch-icon is a 30000×30000 PNG in about 110 KB", async () => {
    const facts = await extractSite("bomb.test");
    expect(rankCandidates(facts.logoCandidates, "https://bomb.test/")[0]).toEqual(
      candidate("https://bomb.test/apple-touch-icon.png", "apple-touch-icon", 180),
    );
    const bytes = new Uint8Array(await (await site("bomb.test", "/apple-touch-icon.png")).arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([30000, 30000]);
    expect(bytes.byteLength).toBeLessThan(200_000);
    // The zlib stream really holds every scanline: inflating it gives 30000 rows of 1 + 3750 bytes.
    const idatLength = view.getUint32(33);
    expect(new TextDecoder().decode(bytes.subarray(37, 41))).toBe("IDAT");
    const inflated = new Response(
      new Blob([bytes.subarray(41, 41 + idatLength)]).stream().pipeThrough(new DecompressionStream("deflate")),
    );
    let total = 0;
    const reader = inflated.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) total += read.value.byteLength;
    expect(total).toBe(30000 * 3751);
  });

  it("huge.test: a 20 MB page is read up to 2 MiB, so its head counts and its far footer does not", async () => {
    const started = Date.now();
    const facts = await extractSite("huge.test");
    expect(facts.name).toBe("Huge Catalogue");
    expect(facts.description).toBe("Every product we have ever sold, on one page.");
    expect(facts.socials).toEqual({}); // the Twitter link is 20 MB in
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("huge.test is 20 MB when read to the end", async () => {
    const reader = (await site("huge.test")).body!.getReader();
    let total = 0;
    let last = new Uint8Array();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      total += read.value.byteLength;
      last = read.value;
    }
    expect(total).toBe(20 * 1024 * 1024);
    expect(new TextDecoder().decode(last)).toContain("</html>");
  });

  it("timeout.test never answers (an abort ends the wait)", async () => {
    const started = Date.now();
    await expect(site("timeout.test", "/", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a missing file on a known host is a 404; an unknown host is an error, not a page", async () => {
    expect((await site("acme-jsonld.test", "/nope.png")).status).toBe(404);
    expect((await site("acme-jsonld.test", "/_behaviour.json")).status).toBe(404);
    const unknown = await site("unplanned.test", "/").then(
      (r) => r.status,
      () => "rejected",
    );
    expect(unknown === "rejected" || unknown === 500).toBe(true);
  });
});

describe("name", () => {
  const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
  const head = {
    ld: jsonLd({ "@context": "https://schema.org", "@type": "Organization", name: "Acme Corporation", url: "https://acme.com" }),
    og: `<meta property="og:site_name" content="Acme OG">`,
    app: `<meta name="application-name" content="Acme App">`,
    title: `<title>Acme Title | Rockets</title>`,
  };

  it("JSON-LD > og:site_name > application-name > <title>", async () => {
    expect((await extract(head.title + head.app + head.og + head.ld)).name).toBe("Acme Corporation");
    expect((await extract(head.title + head.app + head.og)).name).toBe("Acme OG");
    expect((await extract(head.title + head.app)).name).toBe("Acme App");
    expect((await extract(head.title)).name).toBe("Acme Title");
    expect((await extract("<p>nothing</p>")).name).toBeNull();
  });

  it.each([
    ["Organization"],
    [["Organization", "Brand"]],
    ["Corporation"],
    ["LocalBusiness"],
    ["Restaurant"],
    ["NewsMediaOrganization"],
    ["OnlineStore"],
    ["https://schema.org/Organization"],
  ])("an @type of %j is an organisation", async (type) => {
    expect((await extract(jsonLd({ "@type": type, name: "Typed" }))).name).toBe("Typed");
  });

  it("finds the organisation in an array, an @graph, or as a WebSite's publisher, never inside a Product", async () => {
    expect((await extract(jsonLd([{ "@type": "WebSite", name: "Site" }, { "@type": "Organization", name: "In Array" }]))).name).toBe("In Array");
    expect((await extract(jsonLd({ "@context": "https://schema.org", "@graph": [{ "@type": "Organization", name: "In Graph" }] }))).name).toBe(
      "In Graph",
    );
    expect((await extract(jsonLd({ "@type": "WebSite", publisher: { "@type": "Organization", name: "Publisher" } }))).name).toBe("Publisher");
    const product = jsonLd({ "@type": "Product", name: "Trainers", brand: { "@type": "Brand", name: "Someone Else" } });
    expect((await extract(product + "<title>Shop | Acme</title>")).name).toBe("Acme");
  });

  it("prefers the organisation whose url is on the crawled domain", async () => {
    const page =
      jsonLd({ "@type": "Organization", name: "Payment Partner", url: "https://partner.example" }) +
      jsonLd({ "@type": "Organization", name: "Acme", url: "https://www.acme.com/" });
    expect((await extract(page)).name).toBe("Acme");
  });

  it("decodes entities and drops markup in names", async () => {
    expect((await extract(jsonLd({ "@type": "Organization", name: "Ben &amp; Jerry&#039;s" }))).name).toBe("Ben & Jerry's");
    expect((await extract(`<meta property="og:site_name" content="  Caf&eacute;\n  Cr&egrave;me ">`)).name).toBe("Café Crème");
    expect((await extract(`<title>AT&amp;T &#8211; Home</title>`, "https://att.com/", "att.com")).name).toBe("AT&T");
  });

  it.each([
    ["Acme — Rockets for everyone", "acme.com", "Acme"],
    ["Home | Acme", "acme.com", "Acme"],
    ["Buy rockets online: free delivery | Acme Rockets", "acme.com", "Acme Rockets"],
    ["Rockets for everyone - Acme", "example.com", "Acme"],
    ["News, sport and opinion from the Guardian's US edition | The Guardian", "theguardian.com", "The Guardian"],
    ["Stripe | Financial Infrastructure to Grow Your Revenue", "stripe.com", "Stripe"],
    ["GitHub · Build and ship software on a single, collaborative platform", "github.com", "GitHub"],
    ["Coca-Cola", "coca-cola.com", "Coca-Cola"],
    ["Welcome to Acme", "acme.com", "Welcome to Acme"],
    ["Café Crème – Pâtisserie & salon de thé à Paris", "latin1.test", "Café Crème"],
    ["Shop – Zalando – Fashion: Clothes & Shoes", "zalando.co.uk", "Zalando"],
  ])("title %j on %s → %j", (title, domain, expected) => {
    expect(brandFromTitle(title, domain)).toBe(expected);
  });

  it("caps the title at 1 KiB even when </title> never comes", async () => {
    const facts = await extract(`<html><head><title>${"Endless ".repeat(20_000)}`);
    expect(facts.name!.length).toBeLessThanOrEqual(200);
  });
});

describe("description", () => {
  const ld = `<script type="application/ld+json">{"@type":"Organization","name":"Acme","description":"From JSON-LD."}</script>`;
  const og = `<meta property="og:description" content="From og.">`;
  const meta = `<meta name="Description" content="From meta.">`;

  it("meta description > og:description > JSON-LD description", async () => {
    expect((await extract(ld + og + meta)).description).toBe("From meta.");
    expect((await extract(ld + og)).description).toBe("From og.");
    expect((await extract(ld)).description).toBe("From JSON-LD.");
    expect((await extract(`<meta name="description" content="   ">` + og)).description).toBe("From og.");
  });

  it("collapses whitespace, decodes entities and keeps at most 500 characters, cut at a word", async () => {
    const facts = await extract(`<meta name="description" content="A&nbsp;&amp;\n\t B &lt;3 &#x1F680; ${"word ".repeat(200)}">`);
    expect(facts.description!.startsWith("A & B <3 🚀 word word")).toBe(true);
    expect(Array.from(facts.description!).length).toBeLessThanOrEqual(500);
    expect(facts.description!.endsWith("word…")).toBe(true);
  });
});

describe("social profiles", () => {
  it.each([
    ["https://twitter.com/acme", "twitter", "https://x.com/acme"],
    ["http://www.twitter.com/Acme/", "twitter", "https://x.com/Acme"],
    ["https://mobile.twitter.com/acme?lang=en#top", "twitter", "https://x.com/acme"],
    ["https://x.com/acme", "twitter", "https://x.com/acme"],
    ["https://facebook.com/acme", "facebook", "https://www.facebook.com/acme"],
    ["https://m.facebook.com/acme.rockets/", "facebook", "https://www.facebook.com/acme.rockets"],
    ["https://www.facebook.com/profile.php?id=100064123456789&sk=about", "facebook", "https://www.facebook.com/profile.php?id=100064123456789"],
    ["https://www.facebook.com/pages/Acme-Rockets/123456789012", "facebook", "https://www.facebook.com/pages/Acme-Rockets/123456789012"],
    ["https://github.com/acme", "github", "https://github.com/acme"],
    ["https://github.com/orgs/acme", "github", "https://github.com/acme"],
    ["https://instagram.com/acme.rockets/", "instagram", "https://www.instagram.com/acme.rockets"],
    ["https://www.linkedin.com/company/acme/", "linkedin", "https://www.linkedin.com/company/acme"],
    ["https://uk.linkedin.com/company/acme/jobs", "linkedin", "https://www.linkedin.com/company/acme"],
    ["https://www.linkedin.com/in/jane-doe-123/", "linkedin", "https://www.linkedin.com/in/jane-doe-123"],
    ["https://www.linkedin.com/school/acme-university/", "linkedin", "https://www.linkedin.com/school/acme-university"],
    ["https://pinterest.com/acme/", "pinterest", "https://www.pinterest.com/acme"],
    ["https://www.pinterest.de/acme", "pinterest", "https://www.pinterest.com/acme"],
    ["https://reddit.com/r/acme", "reddit", "https://www.reddit.com/r/acme"],
    ["https://old.reddit.com/r/acme", null, null],
    ["https://www.reddit.com/u/acme", "reddit", "https://www.reddit.com/user/acme"],
    ["https://www.snapchat.com/add/acme", "snapchat", "https://www.snapchat.com/add/acme"],
    ["https://t.me/acmerockets", "telegram", "https://t.me/acmerockets"],
    ["https://telegram.me/acmerockets", "telegram", "https://t.me/acmerockets"],
    ["https://t.me/s/acmerockets", "telegram", "https://t.me/acmerockets"],
    ["https://acme.tumblr.com/", "tumblr", "https://acme.tumblr.com"],
    ["https://www.tumblr.com/acme", "tumblr", "https://www.tumblr.com/acme"],
    ["https://wa.me/15551234567", "whatsapp", "https://wa.me/15551234567"],
    ["https://api.whatsapp.com/send?phone=15551234567", "whatsapp", "https://wa.me/15551234567"],
    ["https://www.whatsapp.com/channel/0029VaABCDEF1234567890", "whatsapp", "https://www.whatsapp.com/channel/0029VaABCDEF1234567890"],
    ["https://weixin.qq.com/r/2ygUCBTEnGxnrXRW9xnb", "wechat", "https://weixin.qq.com/r/2ygUCBTEnGxnrXRW9xnb"],
    ["https://youtube.com/@acme", "youtube", "https://www.youtube.com/@acme"],
    ["https://m.youtube.com/channel/UC1234567890abcdefABCDEF/featured", "youtube", "https://www.youtube.com/channel/UC1234567890abcdefABCDEF"],
    ["https://www.youtube.com/c/AcmeRockets", "youtube", "https://www.youtube.com/c/AcmeRockets"],
    ["https://www.youtube.com/user/acmerockets", "youtube", "https://www.youtube.com/user/acmerockets"],
  ])("%s is a %s profile", (url, key, canonical) => {
    expect(socialProfile(url)).toEqual(key ? { key, url: canonical } : null);
  });

  it.each([
    "https://twitter.com/intent/tweet?text=hi",
    "https://twitter.com/share?url=x",
    "https://twitter.com/acme/status/123",
    "https://x.com/i/flow/login",
    "https://twitter.com/",
    "https://twitter.com/home",
    "https://www.facebook.com/sharer/sharer.php?u=x",
    "https://www.facebook.com/sharer.php?u=x",
    "https://www.facebook.com/dialog/share?app_id=1",
    "https://www.facebook.com/acme/posts/123",
    "https://www.facebook.com/",
    "https://www.facebook.com/help/123",
    "https://www.facebook.com/policies",
    "https://developers.facebook.com/docs",
    "https://www.facebook.com/profile.php",
    "https://www.linkedin.com/shareArticle?mini=true&url=x",
    "https://www.linkedin.com/sharing/share-offsite/?url=x",
    "https://www.linkedin.com/legal/user-agreement",
    "https://www.linkedin.com/",
    "https://pinterest.com/pin/create/button/?url=x",
    "https://www.pinterest.com/pin/123456/",
    "https://www.reddit.com/submit?url=x",
    "https://www.reddit.com/r/acme/comments/abc/title/",
    "https://wa.me/?text=hello",
    "https://api.whatsapp.com/send?text=hello",
    "https://t.me/share/url?url=x",
    "https://t.me/acmerockets/123",
    "https://t.me/+AbCdEfGh",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://www.youtube.com/shorts/abc",
    "https://www.youtube.com/",
    "https://www.instagram.com/p/CxYz123/",
    "https://www.instagram.com/reel/CxYz123/",
    "https://www.instagram.com/",
    "https://help.instagram.com/581066165581870",
    "https://github.com/acme/rocket",
    "https://github.com/login",
    "https://gist.github.com/acme",
    "https://acme.tumblr.com/post/123/title",
    "https://www.tumblr.com/widgets/share/tool?canonicalUrl=x",
    "https://www.snapchat.com/",
    "https://medium.com/@acme",
    "https://www.tiktok.com/@acme",
    "https://example.com/twitter.com/acme",
    "mailto:hello@acme.com",
    "javascript:alert(1)",
    "tel:+15551234567",
    "not a url",
    "https://twitter.com:8443/acme",
  ])("%s is not a profile", (url) => {
    expect(socialProfile(url)).toBeNull();
  });

  it("JSON-LD sameAs with the brand's handle beats anchors; among chrome anchors the first wins; relative links resolve", async () => {
    const page = `
      <script type="application/ld+json">{"@type":"Organization","name":"Acme","sameAs":["https://twitter.com/acme_ld","https://twitter.com/intent/follow?screen_name=x"]}</script>
      <header><a href="https://twitter.com/header_one">t</a><a href="https://github.com/first">g</a></header>
      <footer><a href="https://twitter.com/footer_two">t</a><a href="https://github.com/second">g</a><a href="//instagram.com/acme">i</a></footer>`;
    expect((await extract(page)).socials).toEqual({
      twitter: "https://x.com/acme_ld",
      github: "https://github.com/first",
      instagram: "https://www.instagram.com/acme",
    });
  });

  it("sameAs may be a single string, and junk in it is skipped", async () => {
    const one = `<script type="application/ld+json">{"@type":"Organization","name":"Acme","sameAs":"https://www.facebook.com/acme"}</script>`;
    expect((await extract(one)).socials).toEqual({ facebook: "https://www.facebook.com/acme" });
    const junk = `<script type="application/ld+json">{"@type":"Organization","name":"Acme","sameAs":[null, 42, {"url":"x"}, "javascript:alert(1)", "https://t.me/acmerockets"]}</script>`;
    expect((await extract(junk)).socials).toEqual({ telegram: "https://t.me/acmerockets" });
  });
});

describe("logo candidates", () => {
  it("reads sizes (largest of several, any → null) and type, and every icon rel", async () => {
    const facts = await extract(`
      <link rel="shortcut icon" href="/favicon.ico" type="image/x-icon">
      <link rel="icon" sizes="16x16 32x32 48x48" href="/multi.ico">
      <link rel="icon" sizes="any" type="image/svg+xml" href="/logo.svg">
      <link rel="alternate icon" type="image/png" href="/alt.png" sizes="96X96">
      <link rel="apple-touch-icon-precomposed" sizes="152x152" href="/touch-152.png">
      <link rel="mask-icon" href="/safari-pinned-tab.svg" color="#5bbad5">
      <link rel="manifest" href="/site.webmanifest">
      <link rel="stylesheet" href="/style.css">`);
    expect(facts.logoCandidates).toEqual([
      candidate("https://acme.com/favicon.ico", "icon", null, "image/x-icon"),
      candidate("https://acme.com/multi.ico", "icon", 48),
      candidate("https://acme.com/logo.svg", "icon", null, "image/svg+xml"),
      candidate("https://acme.com/alt.png", "icon", 96, "image/png"),
      candidate("https://acme.com/touch-152.png", "apple-touch-icon", 152),
      candidate("https://acme.com/safari-pinned-tab.svg", "mask-icon"),
    ]);
    expect(facts.manifestUrl).toBe("https://acme.com/site.webmanifest");
  });

  it("JSON-LD logo as a string, an ImageObject, an @id reference or an array", async () => {
    const ld = (logo: unknown) => `<script type="application/ld+json">${JSON.stringify({ "@type": "Organization", name: "Acme", logo })}</script>`;
    expect((await extract(ld("/img/logo.png"))).logoCandidates).toEqual([candidate("https://acme.com/img/logo.png", "jsonld")]);
    expect((await extract(ld({ "@type": "ImageObject", contentUrl: "https://cdn.acme.com/l.svg", encodingFormat: "image/svg+xml" }))).logoCandidates).toEqual([
      candidate("https://cdn.acme.com/l.svg", "jsonld", null, "image/svg+xml"),
    ]);
    expect((await extract(ld({ url: "/l.png", width: "600px", height: { "@type": "QuantitativeValue", value: 60 } }))).logoCandidates).toEqual([
      candidate("https://acme.com/l.png", "jsonld", [600, 60]),
    ]);
    expect((await extract(ld(["data:image/png;base64,AAAA", "/second.png"]))).logoCandidates).toEqual([candidate("https://acme.com/second.png", "jsonld")]);
    const graph = `<script type="application/ld+json">${JSON.stringify({
      "@graph": [
        { "@type": "Organization", "@id": "#org", name: "Acme", logo: { "@id": "#logo" } },
        { "@type": "ImageObject", "@id": "#logo", url: "/ref.png", width: 256, height: 256 },
      ],
    })}</script>`;
    expect((await extract(graph)).logoCandidates).toEqual([candidate("https://acme.com/ref.png", "jsonld", 256)]);
  });

  it("resolves against <base href>, drops data: and non-http(s) URLs, decodes &amp; in URLs", async () => {
    const facts = await extract(
      `<base href="https://cdn.acme.com/static/v2/">
      <link rel="icon" href="icons/a.png?x=1&amp;y=2">
      <link rel="icon" href="data:image/png;base64,iVBORw0KGgo=">
      <link rel="icon" href="data:,">
      <link rel="icon" href="javascript:alert(1)">
      <link rel="icon" href="ftp://acme.com/x.png">
      <link rel="apple-touch-icon" href="//img.acme.com/touch.png">
      <meta property="og:image" content="../og.png">
      <meta property="og:image" content="data:image/png;base64,AAAA">
      <link rel="manifest" href="/manifest.json">`,
      "https://www.acme.com/en/",
    );
    expect(facts.logoCandidates).toEqual([
      candidate("https://cdn.acme.com/static/v2/icons/a.png?x=1&y=2", "icon"),
      candidate("https://img.acme.com/touch.png", "apple-touch-icon"),
    ]);
    expect(facts.banners).toEqual([{ url: "https://cdn.acme.com/static/og.png", source: "og:image" }]);
    expect(facts.manifestUrl).toBe("https://cdn.acme.com/manifest.json");
  });

  it("without <base>, relative URLs resolve against the page URL", async () => {
    const facts = await extract(`<link rel="icon" href="favicon.png">`, "https://acme.com/en/home");
    expect(facts.logoCandidates[0].url).toBe("https://acme.com/en/favicon.png");
  });

  it("banners: og:image variants and twitter:image(:src), each URL once", async () => {
    const facts = await extract(`
      <meta property="og:image" content="https://acme.com/og.png">
      <meta property="og:image:secure_url" content="https://acme.com/og.png">
      <meta name="twitter:image:src" content="https://acme.com/tw.png">
      <meta name="twitter:image" content="https://acme.com/og.png">`);
    expect(facts.banners).toEqual([
      { url: "https://acme.com/og.png", source: "og:image" },
      { url: "https://acme.com/tw.png", source: "twitter:image" },
    ]);
  });
});

describe("manifestIcons", () => {
  it("reads src, sizes, type; skips monochrome-only icons; keeps maskable ones", () => {
    const icons = manifestIcons(
      {
        icons: [
          { src: "/a.png", sizes: "48x48 96x96", type: "image/png" },
          { src: "b.svg", sizes: "any", type: "image/svg+xml", purpose: "any maskable" },
          { src: "mono.png", sizes: "512x512", purpose: "monochrome" },
          { src: "mask.png", sizes: "512x512", purpose: "maskable" },
        ],
      },
      "https://acme.com/app/manifest.json",
    );
    expect(icons).toEqual([
      candidate("https://acme.com/a.png", "manifest", 96, "image/png"),
      candidate("https://acme.com/app/b.svg", "manifest", null, "image/svg+xml"),
      candidate("https://acme.com/app/mask.png", "manifest", 512),
    ]);
  });

  it("accepts the manifest's text too", () => {
    expect(manifestIcons('{"icons":[{"src":"/i.png","sizes":"192x192"}]}', "https://acme.com/m.json")).toEqual([
      candidate("https://acme.com/i.png", "manifest", 192),
    ]);
  });

  it.each([
    null,
    undefined,
    42,
    "not json {",
    [],
    [{ icons: [{ src: "/x.png" }] }],
    {},
    { icons: "icon.png" },
    { icons: { src: "/x.png" } },
    { icons: [null, 1, "x.png", [], { src: 5 }, { src: "" }, { src: "data:image/png;base64,AAA" }, { src: "javascript:alert(1)" }] },
  ])("junk %j gives no icons and no exception", (junk) => {
    expect(manifestIcons(junk, "https://acme.com/manifest.json")).toEqual([]);
  });

  it("tolerates junk fields on good icons, and a junk manifest URL", () => {
    expect(manifestIcons({ icons: [{ src: "/i.png", sizes: 192, type: ["image/png"], purpose: 7 }] }, "https://acme.com/")).toEqual([
      candidate("https://acme.com/i.png", "manifest"),
    ]);
    expect(manifestIcons({ icons: [{ src: "i.png" }] }, "not a url")).toEqual([]);
    expect(manifestIcons({ icons: Array.from({ length: 10_000 }, (_, i) => ({ src: `/${i}.png` })) }, "https://acme.com/")).toHaveLength(50);
  });
});

describe("rankCandidates", () => {
  const page = "https://acme.com/about";

  const mixed = [
    candidate("https://acme.com/favicon-16.png", "icon", 16, "image/png"),
    candidate("https://acme.com/pinned.svg", "mask-icon", null, "image/svg+xml"),
    candidate("https://acme.com/touch.png", "apple-touch-icon", 180),
    candidate("https://acme.com/icon-512.png", "manifest", 512, "image/png"),
    candidate("https://acme.com/logo.png", "jsonld"),
    candidate("https://acme.com/icon.svg", "icon"),
    candidate("https://acme.com/icon-32.png", "icon", 32),
    candidate("https://acme.com/wordmark.png", "icon", [400, 100]),
  ];

  it("icon role: SVG, large square rasters and JSON-LD, apple-touch-icon, mask-icon, then tiny icons and favicon.ico", () => {
    const ranked = rankIcons(
      mixed,
      page,
    );
    expect(ranked.map((c) => c.url.replace("https://acme.com/", ""))).toEqual([
      "icon.svg", // SVG: 105
      "icon-512.png", // 95 + 5
      "logo.png", // JSON-LD, size unknown: 70 + 15
      "touch.png", // 80 + 5, after JSON-LD on the tie
      "pinned.svg", // SVG, monochrome: 105 − 30
      "wordmark.png", // 400 wide but not square: 90 − 20
      "favicon-16.png",
      "icon-32.png",
      "favicon.ico",
    ]);
  });

  it("logo role (the default): the JSON-LD logo first, and a wide raster is not marked down", () => {
    expect(rankCandidates(mixed, page).map((c) => c.url.replace("https://acme.com/", ""))).toEqual([
      "logo.png", // JSON-LD, size unknown: first, until its decoded size says otherwise (isRealLogo)
      "icon.svg",
      "icon-512.png",
      "wordmark.png", // 90: a logo keeps its aspect ratio
      "touch.png",
      "pinned.svg",
      "favicon-16.png",
      "icon-32.png",
      "favicon.ico",
    ]);
  });

  it("a JSON-LD SVG logo beats everything; a large JSON-LD raster beats an apple-touch-icon", () => {
    expect(rankCandidates([candidate("https://acme.com/i.svg", "icon"), candidate("https://acme.com/l.svg", "jsonld")], page)[0].url).toBe(
      "https://acme.com/l.svg",
    );
    expect(
      rankCandidates([candidate("https://acme.com/t.png", "apple-touch-icon", 180), candidate("https://acme.com/l.png", "jsonld", 512)], page)[0].url,
    ).toBe("https://acme.com/l.png");
  });

  it("adds {origin}/favicon.ico once, dedupes by URL keeping the better entry", () => {
    const ranked = rankCandidates(
      [
        candidate("https://acme.com/favicon.ico", "icon", 48),
        candidate("https://acme.com/a.png", "icon", 16),
        candidate("https://acme.com/a.png", "apple-touch-icon", 180),
      ],
      "https://acme.com/deep/page?x=1",
    );
    expect(ranked).toEqual([candidate("https://acme.com/a.png", "apple-touch-icon", 180), candidate("https://acme.com/favicon.ico", "icon", 48)]);
    expect(rankCandidates([], "http://acme.com:8080/x")).toEqual([candidate("http://acme.com:8080/favicon.ico", "favicon")]);
    expect(rankCandidates([], "not a url")).toEqual([]);
  });

  it("a favicon.ico never counts as SVG, whatever it claims", () => {
    const ranked = rankCandidates([candidate("https://acme.com/favicon.ico", "favicon", null, "image/svg+xml"), candidate("https://acme.com/i.png", "icon", 32)], page);
    expect(ranked.map((c) => c.kind)).toEqual(["icon", "favicon"]);
  });
});

describe("hostile and broken pages", () => {
  it("unclosed tags, stray end tags and a page cut mid-attribute", async () => {
    const facts = await extract(
      `<html><head><title>Acme | Rockets</title><meta name="description" content="Still here"><link rel="icon" href="/i.png"><div><p><span></head></body></html></p>` +
        `<a href="https://twitter.com/acme"><a href="https://github.com/acme"><link rel="apple-touch-icon" href="/t.png`,
    );
    expect(facts.name).toBe("Acme");
    expect(facts.description).toBe("Still here");
    expect(facts.socials).toEqual({ twitter: "https://x.com/acme", github: "https://github.com/acme" });
    expect(facts.logoCandidates[0]).toEqual(candidate("https://acme.com/i.png", "icon"));
  });

  it("ignores a 300 KiB JSON-LD blob and broken JSON, and still reads the JSON-LD after them", async () => {
    const blob = JSON.stringify({ "@type": "Organization", name: "Too Big", padding: "x".repeat(300 * 1024) });
    const facts = await extract(
      `<script type="application/ld+json">${blob}</script>` +
        `<script type="application/ld+json">{"@type": "Organization", "name": "Broken",,,</script>` +
        `<script type="application/ld+json"></script>` +
        `<script type="application/ld+json">  {"@type": "Organization", "name": "Good", "logo": "/logo.png"}  </script>`,
    );
    expect(facts.name).toBe("Good");
    expect(facts.logoCandidates).toEqual([candidate("https://acme.com/logo.png", "jsonld")]);
  });

  it("a JSON-LD script that never closes is read to the end of the page (and capped)", async () => {
    expect((await extract(`<script type="application/ld+json">{"@type":"Organization","name":"Unclosed"}`)).name).toBe("Unclosed");
    expect((await extract(`<script type="application/ld+json">{"@type":"Organization","name":"${"a".repeat(400 * 1024)}"}`)).name).toBeNull();
  });

  it("deeply nested and self-similar JSON-LD does not blow the stack", async () => {
    let deep: unknown = { "@type": "Organization", name: "Deep" };
    for (let i = 0; i < 2000; i++) deep = i % 2 ? { "@graph": [deep], "@id": `n${i}` } : [deep, { "@id": `m${i}`, x: 1 }];
    const text = JSON.stringify(deep);
    await expect(extract(`<script type="application/ld+json">${text}</script><title>Fine</title>`)).resolves.toMatchObject({ name: "Fine" });
    const wide = JSON.stringify(Array.from({ length: 5000 }, (_, i) => ({ "@type": "Thing", "@id": `#${i}`, name: `t${i}` })));
    await expect(extract(`<script type="application/ld+json">${wide}</script>`)).resolves.toMatchObject({ name: null });
  });

  it("script injection in attributes stays inert text, or is dropped", async () => {
    const facts = await extract(`
      <meta property="og:site_name" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;Acme">
      <meta name="description" content="<img src=x onerror=alert(1)>Rockets &lt;b&gt;bold&lt;/b&gt;">
      <link rel="icon" href="javascript:alert(document.cookie)">
      <link rel="icon" href=" JaVaScRiPt:alert(1)">
      <link rel="apple-touch-icon" href="/t.png&quot; onload=&quot;alert(1)">
      <a href="javascript:window.location='https://twitter.com/evil'">x</a>
      <a href="https://twitter.com/acme&quot;><script>alert(1)</script>">y</a>
      <meta property="og:image" content="vbscript:msgbox">`);
    expect(facts.name).toBe('"> alert(1) Acme');
    expect(facts.description).toBe("Rockets bold");
    expect(facts.logoCandidates).toEqual([candidate('https://acme.com/t.png%22%20onload=%22alert(1)', "apple-touch-icon")]);
    expect(facts.socials).toEqual({});
    expect(facts.banners).toEqual([]);
  });

  it("a huge attribute, binary garbage, an empty body and a null body give facts, not exceptions", async () => {
    await expect(extract(`<meta name="description" content="${"x".repeat(2 * 1024 * 1024)}"><title>After</title>`)).resolves.toBeDefined();
    const garbage = new Uint8Array(64 * 1024).map((_, i) => (i * 2654435761) >>> 24);
    await expect(extractPage(html(garbage), "https://acme.com/", "acme.com")).resolves.toBeDefined();
    expect(await extract("")).toMatchObject({ name: null, logoCandidates: [] });
    expect(await extractPage(new Response(null), "https://acme.com/", "acme.com")).toMatchObject({ name: null });
    expect(await extractPage(html("<title>x</title>"), "not a url", "acme.com")).toMatchObject({ name: null });
  });

  it("a body that fails mid-stream keeps what was read before the failure", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("connection reset"));
        sent = true;
        controller.enqueue(new TextEncoder().encode(`<title>Partial | Acme</title><a href="https://github.com/acme">`));
      },
    });
    const facts = await extractPage(html(body), "https://acme.com/", "acme.com");
    expect(facts.name).toBe("Acme");
    expect(facts.socials).toEqual({ github: "https://github.com/acme" });
  });

  it("reads at most maxBytes of the page", async () => {
    const page = `<title>Acme</title>${"<p>filler</p>".repeat(10_000)}<footer><a href="https://github.com/late">late</a></footer>`;
    expect((await extractPage(html(page), "https://acme.com/", "acme.com", { maxBytes: 50_000 })).socials).toEqual({});
    expect((await extractPage(html(page), "https://acme.com/", "acme.com")).socials).toEqual({ github: "https://github.com/late" });
  });
});

describe("character sets", () => {
  const encode1252 = (text: string) => {
    const decoder = new TextDecoder("windows-1252");
    const table = new Map(Array.from({ length: 256 }, (_, b) => [decoder.decode(Uint8Array.of(b)), b]));
    return Uint8Array.from(Array.from(text), (ch) => table.get(ch)!);
  };

  it("the Content-Type charset beats a contradicting <meta>", async () => {
    const bytes = encode1252(`<meta charset="utf-8"><title>Crème brûlée</title>`);
    expect((await extractPage(html(bytes, "text/html; charset=ISO-8859-1"), "https://a.com/", "a.com")).name).toBe("Crème brûlée");
  });

  it("<meta http-equiv> names the charset when the header does not; an unknown label falls back to UTF-8", async () => {
    const bytes = encode1252(`<meta http-equiv="content-type" content="text/html; charset=iso-8859-1"><title>Señor Pérez</title>`);
    expect((await extractPage(html(bytes, "text/html"), "https://a.com/", "a.com")).name).toBe("Señor Pérez");
    const unknown = new TextEncoder().encode(`<meta charset="klingon"><title>Zoë</title>`);
    expect((await extractPage(html(unknown, "text/html; charset=nonsense"), "https://a.com/", "a.com")).name).toBe("Zoë");
  });

  it("other encodings: Shift_JIS, and UTF-16 with a BOM", async () => {
    // 日本 in Shift_JIS is 93 FA 96 7B.
    const sjis = Uint8Array.from([...new TextEncoder().encode("<title>"), 0x93, 0xfa, 0x96, 0x7b, ...new TextEncoder().encode("</title>")]);
    expect((await extractPage(html(sjis, "text/html; charset=Shift_JIS"), "https://a.jp/", "a.jp")).name).toBe("日本");
    const text = "<title>Ünïcödé</title>";
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) utf16[2 + i * 2] = text.charCodeAt(i);
    expect((await extractPage(html(utf16, "text/html"), "https://a.com/", "a.com")).name).toBe("Ünïcödé");
  });

  it("UTF-8 split across chunk boundaries decodes intact", async () => {
    const bytes = new TextEncoder().encode(`<title>Café Crème ☕</title>`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    expect((await extractPage(html(body), "https://a.com/", "a.com")).name).toBe("Café Crème ☕");
  });
});

describe("text helpers", () => {
  it("decodeEntities: named, numeric, windows-1252 numeric, bare legacy, and leaves unknowns alone", () => {
    expect(decodeEntities("&amp;&lt;&gt;&quot;&#39;&apos;&eacute;&Eacute;&hellip;&#8217;&#x2014;&#150;&copy 2026&nosuch;")).toBe(
      "&<>\"''éÉ…’—–© 2026&nosuch;",
    );
    expect(decodeEntities("?a=1&copy=2&amp=3")).toBe("?a=1&copy=2&amp=3");
    expect(decodeEntities("&#0;&#xD800;&#99999999;&#1114111;")).toBe("\ufffd\ufffd\ufffd\u{10ffff}");
  });

  it("cleanText: tags out, whitespace collapsed, null when empty", () => {
    expect(cleanText("  <b>Acme</b>\n\t&nbsp;Rockets  ", 100)).toBe("Acme Rockets");
    expect(cleanText(" \n ", 100)).toBeNull();
    expect(cleanText("x".repeat(50), 10)).toBe("xxxxxxxxx…");
  });
});
