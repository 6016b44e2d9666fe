// Brand profile quality (design §6): the JSON-LD logo leads for the logo role but never when it is a favicon or a
// pixel, the square icon has its own order, and only the brand's own social profiles count (no bylines, author boxes,
// share widgets or comments). On the trap fixture sites (test/fixtures/sites) and on pages written here.
import { beforeAll, describe, expect, it } from "vitest";
import {
  candidateScore,
  extractPage,
  fitsRole,
  isRealLogo,
  isSquare,
  manifestIcons,
  rankCandidates,
  rankIcons,
  type LogoCandidate,
  type LogoRole,
} from "@brand/core/crawler/extract";
import { brandNames, chooseSocials, handleMatches, profileHandle, type FoundProfile } from "@brand/core/crawler/brand-socials";
import { decodeLogoSource } from "@brand/core/ingest/decode-source";
import { initWorkerCodecs } from "@brand/core/render/wasm-modules";

beforeAll(() => initWorkerCodecs());

const PROXY = "http://fixtures.internal";

async function extractSite(host: string) {
  const response = await fetch(`${PROXY}/${host}/`);
  expect(response.status).toBe(200);
  return extractPage(response, `https://${host}/`, host);
}

function extract(body: string, domain = "acme.com") {
  return extractPage(new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }), `https://${domain}/`, domain);
}

const candidate = (url: string, kind: LogoCandidate["kind"], size: number | [number, number] | null = null, type: string | null = null): LogoCandidate => {
  const [width, height] = size === null ? [null, null] : typeof size === "number" ? [size, size] : size;
  return { url, kind, width, height, type };
};

/** Fetches and decodes a fixture image (its URL names the host, as the crawler's candidates do). */
async function decodedSize(url: string) {
  const { host, pathname } = new URL(url);
  const response = await fetch(`${PROXY}/${host}${pathname}`);
  expect(response.status, url).toBe(200);
  const image = await decodeLogoSource(new Uint8Array(await response.arrayBuffer()), response.headers.get("content-type"));
  return { width: image.width, height: image.height };
}

/** What the crawler is meant to do with a ranking: decode best first, keep the first that fits the role. */
async function firstFitting(ranked: LogoCandidate[], role: LogoRole) {
  for (const c of ranked) {
    const size = await decodedSize(c.url).catch(() => null);
    if (size && fitsRole(c, size, role)) return { url: c.url, ...size };
  }
  return null;
}

describe("logo trap sites", () => {
  it("wordmark.test: the JSON-LD wordmark (600×160) is the logo; the 512 px manifest icon is the square icon", async () => {
    const facts = await extractSite("wordmark.test");
    expect(facts.name).toBe("Wordmark Works");
    const manifest = await fetch(`${PROXY}/wordmark.test/site.webmanifest`);
    const all = [...facts.logoCandidates, ...manifestIcons(await manifest.json(), facts.manifestUrl!)];
    expect(rankCandidates(all, "https://wordmark.test/")).toEqual([
      candidate("https://wordmark.test/brand/wordmark-600x160.png", "jsonld", [600, 160]),
      candidate("https://wordmark.test/icons/icon-512.png", "manifest", 512, "image/png"),
      candidate("https://wordmark.test/apple-touch-icon.png", "apple-touch-icon", 180),
      candidate("https://wordmark.test/favicon.ico", "favicon"),
    ]);
    expect(rankIcons(all, "https://wordmark.test/").map((c) => c.url)).toEqual([
      "https://wordmark.test/icons/icon-512.png",
      "https://wordmark.test/apple-touch-icon.png",
      "https://wordmark.test/favicon.ico",
    ]);
    const wordmark = await decodedSize("https://wordmark.test/brand/wordmark-600x160.png");
    expect(wordmark).toEqual({ width: 600, height: 160 });
    expect(isRealLogo(facts.logoCandidates[0], wordmark)).toBe(true);
    expect(await firstFitting(rankCandidates(all, "https://wordmark.test/"), "logo")).toMatchObject({ width: 600, height: 160 });
    expect(await firstFitting(rankIcons(all, "https://wordmark.test/"), "icon")).toMatchObject({ width: 512, height: 512 });
  });

  it("pixel-logo.test: the undeclared JSON-LD logo ranks first, decodes to 1×1, and is passed over for both roles", async () => {
    const facts = await extractSite("pixel-logo.test");
    const pixel = candidate("https://pixel-logo.test/t/p.png", "jsonld");
    expect(facts.logoCandidates[0]).toEqual(pixel);
    const ranked = rankCandidates(facts.logoCandidates, "https://pixel-logo.test/");
    expect(ranked[0]).toEqual(pixel); // nothing says it is a pixel until it is decoded
    const size = await decodedSize(pixel.url);
    expect(size).toEqual({ width: 1, height: 1 });
    expect(isRealLogo(pixel, size)).toBe(false);
    expect(fitsRole(pixel, size, "logo")).toBe(false);
    expect(fitsRole(pixel, size, "icon")).toBe(false); // square, but no logo
    const touch = { url: "https://pixel-logo.test/apple-touch-icon.png", width: 180, height: 180 };
    expect(await firstFitting(ranked, "logo")).toEqual(touch);
    expect(await firstFitting(rankIcons(facts.logoCandidates, "https://pixel-logo.test/"), "icon")).toEqual(touch);
  });

  it("tiny-logo.test: a JSON-LD logo declared 16×16 is no candidate in either role", async () => {
    const facts = await extractSite("tiny-logo.test");
    expect(facts.logoCandidates).toContainEqual(candidate("https://tiny-logo.test/img/logo-16.png", "jsonld", 16));
    const expected = ["https://tiny-logo.test/apple-touch-icon.png", "https://tiny-logo.test/favicon.ico"];
    expect(rankCandidates(facts.logoCandidates, "https://tiny-logo.test/").map((c) => c.url)).toEqual(expected);
    expect(rankIcons(facts.logoCandidates, "https://tiny-logo.test/").map((c) => c.url)).toEqual(expected);
  });
});

describe("the ranking rule", () => {
  const page = "https://acme.com/";
  const others = [
    candidate("https://acme.com/icon.svg", "icon", null, "image/svg+xml"),
    candidate("https://acme.com/icon-512.png", "manifest", 512),
    candidate("https://acme.com/touch.png", "apple-touch-icon", 180),
  ];
  const urls = (list: LogoCandidate[]) => list.map((c) => c.url.replace("https://acme.com/", ""));

  it.each([
    ["a wide wordmark", candidate("https://acme.com/wordmark.png", "jsonld", [600, 160])],
    ["an SVG", candidate("https://acme.com/logo.svg", "jsonld", null, "image/svg+xml")],
    ["an SVG declared tiny (it scales)", candidate("https://acme.com/logo.svg", "jsonld", 16, "image/svg+xml")],
    ["a square 200 px logo", candidate("https://acme.com/logo.png", "jsonld", 200)],
    ["a logo of unknown size", candidate("https://acme.com/logo.png", "jsonld")],
  ])("logo role: JSON-LD %s outranks the SVG icon, the manifest and the touch icon", (_, logo) => {
    expect(rankCandidates([...others, logo], page)[0]).toEqual(logo);
  });

  it("icon role: a JSON-LD logo declared non-square is left out; a square one keeps today's score", () => {
    expect(urls(rankIcons([...others, candidate("https://acme.com/wordmark.png", "jsonld", [600, 160])], page))).toEqual([
      "icon.svg",
      "icon-512.png",
      "touch.png",
      "favicon.ico",
    ]);
    expect(urls(rankIcons([...others, candidate("https://acme.com/logo.png", "jsonld", 512)], page))).toEqual([
      "logo.png", // 95 + 15
      "icon.svg",
      "icon-512.png",
      "touch.png",
      "favicon.ico",
    ]);
  });

  it.each([
    ["a 1×1 pixel", candidate("https://acme.com/p.png", "jsonld", 1)],
    ["a 16 px image", candidate("https://acme.com/logo-16.png", "jsonld", 16)],
    ["a 48 px image", candidate("https://acme.com/logo-48.png", "jsonld", 48)],
    ["a thin strip (500×20)", candidate("https://acme.com/strip.png", "jsonld", [500, 20])],
    ["/favicon.ico, whatever its size", candidate("https://acme.com/favicon.ico", "jsonld", 256)],
    ["favicon-32x32.png", candidate("https://cdn.acme.com/img/favicon-32x32.png", "jsonld")],
    ["any .ico", candidate("https://acme.com/brand/logo.ico", "jsonld")],
  ])("a JSON-LD logo that is %s is dropped in both roles", (_, logo) => {
    for (const role of ["logo", "icon"] as const) {
      const ranked = rankCandidates([logo, ...others], page, role);
      expect(ranked.map((c) => c.kind)).not.toContain("jsonld");
      expect(ranked[0].kind).not.toBe("favicon");
    }
  });

  it("a JSON-LD logo at /favicon.ico competes as the favicon it is", () => {
    expect(rankCandidates([candidate("https://acme.com/favicon.ico", "jsonld")], page)).toEqual([candidate("https://acme.com/favicon.ico", "favicon")]);
  });

  it.each([
    [64, 64, true],
    [512, 512, true],
    [600, 160, true],
    [128, 24, true],
    [200, 63, true],
    [127, 30, false],
    [500, 23, false],
    [48, 48, false],
    [16, 16, false],
    [1, 1, false],
  ])("isRealLogo at %i×%i: %s", (width, height, real) => {
    expect(isRealLogo({ url: "https://acme.com/logo.png" }, { width, height })).toBe(real);
  });

  it("isSquare: width over height strictly between 0.9 and 1.1", () => {
    expect([isSquare(100, 100), isSquare(180, 170), isSquare(170, 180), isSquare(110, 100), isSquare(600, 160)]).toEqual([true, true, true, false, false]);
  });

  it("fitsRole: JSON-LD logos must be real in both roles; the icon role wants a square; other kinds may be small", () => {
    const jsonld = candidate("https://acme.com/logo.png", "jsonld");
    const favicon = candidate("https://acme.com/favicon.ico", "favicon");
    expect(fitsRole(jsonld, { width: 600, height: 160 }, "logo")).toBe(true);
    expect(fitsRole(jsonld, { width: 600, height: 160 }, "icon")).toBe(false);
    expect(fitsRole(jsonld, { width: 256, height: 256 }, "icon")).toBe(true);
    expect(fitsRole(jsonld, { width: 16, height: 16 }, "logo")).toBe(false);
    expect(fitsRole(favicon, { width: 16, height: 16 }, "logo")).toBe(true);
    expect(fitsRole(favicon, { width: 16, height: 16 }, "icon")).toBe(true);
  });

  it("candidateScore: a non-square raster is marked down for the icon role only", () => {
    const wide = candidate("https://acme.com/wordmark.png", "jsonld", [600, 160]);
    expect(candidateScore(wide)).toBe(95 + 15); // 600 px on the longer side
    expect(candidateScore(wide, "logo")).toBe(95 + 15);
    expect(candidateScore(wide, "icon")).toBe(95 - 20 + 15);
    expect(candidateScore(candidate("https://acme.com/i.png", "manifest", 512), "icon")).toBe(100);
  });
});

describe("social trap sites", () => {
  it("byline.test: the journalist's profiles in the byline and <address>, and people quoted, are not the paper's", async () => {
    const facts = await extractSite("byline.test");
    expect(facts.name).toBe("Harbour Gazette");
    expect(facts.socials).toEqual({
      facebook: "https://www.facebook.com/HarbourGazette",
      linkedin: "https://www.linkedin.com/company/harbour-gazette",
      twitter: "https://x.com/HarbourGazette",
    });
  });

  it("share-widget.test: share links, the widget's own account, the author box and commenters are all ignored", async () => {
    const facts = await extractSite("share-widget.test");
    expect(facts.name).toBe("Thistle Kitchen");
    expect(facts.socials).toEqual({
      instagram: "https://www.instagram.com/thistlekitchen",
      pinterest: "https://www.pinterest.com/thistlekitchen",
      twitter: "https://x.com/ThistleKitchen",
      youtube: "https://www.youtube.com/@thistlekitchen",
    });
  });

  it("sameas.test: sameAs entries with the brand's handle beat the parent's and the founder's listed before them", async () => {
    const facts = await extractSite("sameas.test");
    expect(facts.name).toBe("Northwind Cycles");
    expect(facts.socials).toEqual({
      facebook: "https://www.facebook.com/northwindcycles", // the footer's: sameAs only had the parent's
      instagram: "https://www.instagram.com/northwind.cycles",
      linkedin: "https://www.linkedin.com/company/northwind-cycles",
      twitter: "https://x.com/NorthwindCycles", // over the parent's (sameAs) and the support account (footer)
      youtube: "https://www.youtube.com/channel/UCq8Nw7dKc1X2Zt5Ry3Bv4Pa", // a channel id: no handle to doubt
    });
  });
});

describe("the socials rule", () => {
  const ld = (sameAs: string[]) => `<script type="application/ld+json">${JSON.stringify({ "@type": "Organization", name: "Acme Rockets", sameAs })}</script>`;

  it.each([
    ["a rel=author link", `<p>By <a rel="author" href="https://x.com/janedoe">Jane</a></p>`],
    ["an itemprop=author block", `<span itemprop="author" itemscope><a href="https://x.com/janedoe">Jane</a></span>`],
    ["an author box", `<div class="author-bio"><a href="https://x.com/janedoe">Jane</a></div>`],
    ["a byline", `<div class="entry-byline"><a href="https://x.com/janedoe">Jane</a></div>`],
    ["a Person", `<div itemscope itemtype="https://schema.org/Person"><a href="https://x.com/janedoe">Jane</a></div>`],
    ["an <address> in an article", `<article><address><a href="https://x.com/janedoe">Jane</a></address></article>`],
    ["a share widget", `<div class="addtoany_share_save_container"><a href="https://x.com/janedoe">via</a></div>`],
    ["a link with a share class", `<a class="share-x" href="https://x.com/janedoe">Share</a>`],
    ["comments", `<ol id="comments"><li><a href="https://x.com/janedoe">Jane</a></li></ol>`],
  ])("%s is never the brand's, even in the footer", async (_, block) => {
    expect((await extract(`<title>Acme</title><footer>${block}</footer>`)).socials).toEqual({});
  });

  it("the same, with the brand's handle: an author box names a person, whatever the handle", async () => {
    expect((await extract(`<title>Acme</title><div class="author-box"><a href="https://x.com/acme">Acme</a></div>`)).socials).toEqual({});
  });

  it("chrome: header, footer, nav and ARIA landmarks, but not an article's own header or footer", async () => {
    const page = `<title>Acme</title>
      <div role="banner"><a href="https://x.com/someone">x</a></div>
      <div role="contentinfo"><a href="https://github.com/someone">g</a></div>
      <nav><a href="https://www.instagram.com/someone">i</a></nav>
      <article><header><a href="https://www.facebook.com/someone">f</a></header><footer><a href="https://www.pinterest.com/someone">p</a></footer></article>`;
    expect((await extract(page)).socials).toEqual({
      github: "https://github.com/someone",
      instagram: "https://www.instagram.com/someone",
      twitter: "https://x.com/someone",
    });
  });

  it("elsewhere in the body, only links with the brand's handle count (a number or channel id is nobody's in particular)", async () => {
    const page = `<title>Acme Rockets</title><main>
      <a href="https://x.com/elonfan">quoted</a><a href="https://github.com/acme-rockets">code</a>
      <a href="https://wa.me/15551234567">chat</a><a href="https://www.youtube.com/channel/UC1234567890abcdefABCDEF">tv</a></main>`;
    expect((await extract(page)).socials).toEqual({ github: "https://github.com/acme-rockets" });
    expect((await extract(`<footer><a href="https://wa.me/15551234567">chat</a></footer>`)).socials).toEqual({ whatsapp: "https://wa.me/15551234567" });
  });

  it("order: matching sameAs > matching chrome > other chrome > matching body > other sameAs", async () => {
    const body = (extra: string) => `<title>Acme Rockets</title>${extra}`;
    const anchors = {
      chromeMatch: `<footer><a href="https://x.com/acme_help">h</a></footer>`,
      chromeOther: `<header><a href="https://x.com/launchpartner">p</a></header>`,
      bodyMatch: `<main><a href="https://x.com/acmerockets_uk">u</a></main>`,
    };
    const all = ld(["https://x.com/globex", "https://x.com/AcmeRockets"]) + anchors.chromeOther + anchors.bodyMatch + anchors.chromeMatch;
    expect((await extract(body(all))).socials.twitter).toBe("https://x.com/AcmeRockets");
    expect((await extract(body(ld(["https://x.com/globex"]) + anchors.chromeOther + anchors.bodyMatch + anchors.chromeMatch))).socials.twitter).toBe(
      "https://x.com/acme_help",
    );
    expect((await extract(body(ld(["https://x.com/globex"]) + anchors.bodyMatch + anchors.chromeOther))).socials.twitter).toBe("https://x.com/launchpartner");
    expect((await extract(body(ld(["https://x.com/globex"]) + anchors.bodyMatch))).socials.twitter).toBe("https://x.com/acmerockets_uk");
    expect((await extract(body(ld(["https://x.com/globex"])))).socials.twitter).toBe("https://x.com/globex"); // a last resort
  });

  it("chooseSocials: one URL per platform, keys sorted, earlier wins a tie", () => {
    const found: FoundProfile[] = [
      { key: "twitter", url: "https://x.com/acme", source: "body" },
      { key: "github", url: "https://github.com/acme", source: "chrome" },
      { key: "twitter", url: "https://x.com/acme2", source: "body" },
    ];
    expect(chooseSocials(found, "Acme", "acme.com")).toEqual({ github: "https://github.com/acme", twitter: "https://x.com/acme" });
    expect(Object.keys(chooseSocials(found, "Acme", "acme.com"))).toEqual(["github", "twitter"]);
  });
});

describe("handles", () => {
  it.each([
    ["https://x.com/AcmeRockets", "twitter", "AcmeRockets"],
    ["https://www.linkedin.com/company/acme-rockets", "linkedin", "acme-rockets"],
    ["https://www.youtube.com/@acme", "youtube", "acme"],
    ["https://www.youtube.com/c/AcmeTV", "youtube", "AcmeTV"],
    ["https://www.youtube.com/channel/UC1234567890abcdefABCDEF", "youtube", null],
    ["https://www.facebook.com/profile.php?id=100064123456789", "facebook", null],
    ["https://www.facebook.com/pages/Acme-Rockets/123456789012", "facebook", "Acme-Rockets"],
    ["https://www.reddit.com/r/acme", "reddit", "acme"],
    ["https://www.snapchat.com/add/acme", "snapchat", "acme"],
    ["https://acme.tumblr.com", "tumblr", "acme"],
    ["https://www.tumblr.com/acme", "tumblr", "acme"],
    ["https://wa.me/15551234567", "whatsapp", null],
    ["https://weixin.qq.com/r/2ygUCBTEnGxnrXRW9xnb", "wechat", null],
  ] as const)("%s → %s handle %j", (url, key, handle) => {
    expect(profileHandle({ key, url })).toBe(handle);
  });

  it.each([
    ["acmerockets", "Acme Rockets", "example.com", true],
    ["acme_rockets", "Acme Rockets", "example.com", true],
    ["acme", "Acme Rockets", "example.com", true],
    ["acme_support", "Acme Rockets", "example.com", true],
    ["AcmeRocketsOfficial", "Acme Rockets", "example.com", true],
    ["cafecreme.paris", "Café Crème", "latin1.test", true],
    ["verge", "The Verge", "theverge.com", true],
    ["nytimes", "The New York Times", "nytimes.com", true],
    ["janedoe", "Acme Rockets", "acme.com", false],
    ["globexholdings", "Northwind Cycles", "northwind.com", false],
    ["ac", "Acme Rockets", "example.com", false],
    ["the", "The Guardian", "theguardian.com", false],
  ])("handle %j for %j on %s: %s", (handle, name, domain, matches) => {
    expect(handleMatches(handle, brandNames(name, domain))).toBe(matches);
  });
});
