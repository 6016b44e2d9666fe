// Social profile links (design §6): which of the spec's 13 platforms a URL points at, and its canonical form, or
// null when it is not a profile: share and intent links, posts and videos, the platform's home, login, help and
// legal pages, and anything on other hosts.
//
// Canonical form: https, the platform's canonical host (see HOSTS: `www.` kept where the platform uses it, so
// `facebook.com/acme`, `m.facebook.com/acme` and `www.facebook.com/acme/` are one URL; twitter.com becomes x.com),
// the profile part of the path only (tabs such as `/@acme/videos` or `/company/acme/jobs` are cut back to the
// profile), no query, no fragment, no trailing slash. Path case is kept (YouTube channel ids are case-sensitive).
import type { SOCIAL_KEYS } from "../seed/schema.ts";

export type SocialKey = (typeof SOCIAL_KEYS)[number];
export type SocialProfile = { key: SocialKey; url: string };

const HOSTS = {
  facebook: "www.facebook.com",
  github: "github.com",
  instagram: "www.instagram.com",
  linkedin: "www.linkedin.com",
  pinterest: "www.pinterest.com",
  reddit: "www.reddit.com",
  snapchat: "www.snapchat.com",
  telegram: "t.me",
  twitter: "x.com",
  wechat: "weixin.qq.com",
  youtube: "www.youtube.com",
} as const;

// First path segments that are the platform's own pages, never a user (lower case).
const RESERVED = {
  facebook: words(
    "sharer sharer.php share share.php dialog plugins login login.php logout.php recover help policies policy.php privacy terms legal about pages groups events watch marketplace gaming business ads photo photo.php photos permalink.php story.php home.php hashtag l.php tr notes settings messages reg r.php careers media people public search places directory bookmarks friends find-friends video.php reel reels stories profile.php fundraisers donate",
  ),
  github: words(
    "about features pricing login logout join signup site security enterprise topics collections trending marketplace sponsors settings notifications explore contact apps customer-stories readme events issues pulls search new codespaces team home nonprofit education partners premium-support git-guides resources solutions why-github mobile desktop orgs organizations users dashboard watching stars account password_reset sessions",
  ),
  instagram: words("p reel reels tv explore stories accounts about legal developer direct web emails challenge privacy"),
  pinterest: words("pin ideas search explore business today settings _ login signup logout about categories topics news_hub resource homefeed"),
  tumblr: words("login register explore dashboard search tagged share widgets privacy policy help about settings blog new inbox likes following docs apps"),
  twitter: words("intent share home search hashtag i login logout signup explore settings tos privacy messages notifications compose download account"),
  youtube: words("watch embed shorts playlist results feed account about t yt premium kids live hashtag redirect attribution_link signin logout gaming music supported_browsers howyoutubeworks creators ads new s channel c user v e"),
};

const TUMBLR_RESERVED_SUBDOMAINS = words("www assets media static api help staff engineering secure 64 66 78 88 va");

function words(list: string): Set<string> {
  return new Set(list.split(" "));
}

/** The platform and canonical profile URL `href` points at, or null. Never throws. */
export function socialProfile(href: string): SocialProfile | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || (url.port && url.port !== "80" && url.port !== "443")) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const segments = url.pathname
    .split("/")
    .filter((s) => s !== "")
    .map((s) => safeDecode(s));
  if (segments.some((s) => s === null || /[\s<>"'`\\]/.test(s))) return null;
  const path = segments as string[];
  const first = (path[0] ?? "").toLowerCase();
  const at = (key: SocialKey, profilePath: string, hostname: string = HOSTS[key as keyof typeof HOSTS]) => ({
    key,
    url: `https://${hostname}/${profilePath.split("/").map(encodeURIComponent).join("/").replace(/%40/g, "@")}`,
  });

  // Facebook: a user name, profile.php?id=…, or /pages/Name/123 and /people/Name/123.
  if (isHost(host, "facebook.com", true) || host === "fb.com" || host === "fb.me") {
    if (first === "profile.php" && path.length === 1) {
      const id = url.searchParams.get("id");
      return id && /^\d{1,20}$/.test(id) ? { key: "facebook", url: `https://${HOSTS.facebook}/profile.php?id=${id}` } : null;
    }
    if ((first === "pages" || first === "people") && path.length === 3 && /^\d{5,20}$/.test(path[2])) {
      return at("facebook", `${first}/${path[1]}/${path[2]}`);
    }
    if (path.length !== 1 || RESERVED.facebook.has(first) || !/^[A-Za-z0-9.\-]{2,80}$/.test(path[0])) return null;
    return at("facebook", path[0]);
  }

  // GitHub: a user or organisation (github.com/orgs/acme is the same profile); repositories are not profiles.
  if (isHost(host, "github.com")) {
    const name = first === "orgs" && path.length === 2 ? path[1] : path.length === 1 ? path[0] : null;
    if (!name || RESERVED.github.has(name.toLowerCase()) || !/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(name)) return null;
    return at("github", name);
  }

  if (isHost(host, "instagram.com") || host === "instagr.am") {
    if (path.length !== 1 || RESERVED.instagram.has(first) || !/^[A-Za-z0-9._]{1,30}$/.test(path[0])) return null;
    return at("instagram", path[0]);
  }

  // LinkedIn: /company/…, /in/…, /school/…, /showcase/… (country subdomains such as uk.linkedin.com included).
  if (isHost(host, "linkedin.com", true)) {
    if (path.length < 2 || !["company", "in", "school", "showcase"].includes(first)) return null;
    if (!/^[\p{L}\p{N}_.&%\-]{1,100}$/u.test(path[1])) return null;
    return at("linkedin", `${first}/${path[1]}`);
  }

  // Pinterest on any of its country domains (pinterest.co.uk, fr.pinterest.com…); boards and pins are not profiles.
  if (/^(?:(?:www|[a-z]{2})\.)?pinterest\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host) || host === "pin.it") {
    if (host === "pin.it" || path.length !== 1 || RESERVED.pinterest.has(first) || !/^[A-Za-z0-9_]{3,30}$/.test(path[0])) return null;
    return at("pinterest", path[0]);
  }

  // Reddit: /r/name or /user/name (/u/name is the same).
  if (isHost(host, "reddit.com")) {
    if (path.length !== 2 || !/^[A-Za-z0-9_\-]{2,30}$/.test(path[1])) return null;
    if (first === "r") return at("reddit", `r/${path[1]}`);
    if (first === "user" || first === "u") return at("reddit", `user/${path[1]}`);
    return null;
  }

  // Snapchat: /add/name (or the newer /@name).
  if (isHost(host, "snapchat.com")) {
    if (first === "add" && path.length === 2 && /^[A-Za-z0-9._\-]{3,30}$/.test(path[1])) return at("snapchat", `add/${path[1]}`);
    if (path.length === 1 && /^@[A-Za-z0-9._\-]{3,30}$/.test(path[0])) return at("snapchat", `add/${path[0].slice(1)}`);
    return null;
  }

  // Telegram: t.me/name (t.me/s/name is the channel's web preview); share links, invites and posts are not profiles.
  if (host === "t.me" || isHost(host, "telegram.me") || host === "telegram.dog") {
    const name = first === "s" && path.length === 2 ? path[1] : path.length === 1 ? path[0] : null;
    if (!name || ["share", "joinchat", "addstickers", "proxy", "socks", "iv", "login"].includes(name.toLowerCase())) return null;
    if (!/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name)) return null;
    return at("telegram", name);
  }

  // Tumblr: name.tumblr.com (its root only; /post/… is a post) or tumblr.com/name.
  if (host.endsWith(".tumblr.com") || host === "tumblr.com") {
    const sub = host === "tumblr.com" ? "www" : host.slice(0, -".tumblr.com".length);
    if (sub !== "www") {
      if (path.length > 0 || sub.includes(".") || TUMBLR_RESERVED_SUBDOMAINS.has(sub) || !/^[a-z0-9-]{1,32}$/.test(sub)) return null;
      return { key: "tumblr", url: `https://${sub}.tumblr.com` };
    }
    if (path.length !== 1 || RESERVED.tumblr.has(first) || !/^[A-Za-z0-9-]{1,32}$/.test(path[0])) return null;
    return at("tumblr", path[0], "www.tumblr.com");
  }

  // Twitter and X: a handle only; /intent, /share, /handle/status/… are not profiles.
  if (isHost(host, "twitter.com") || isHost(host, "x.com")) {
    if (path.length !== 1 || RESERVED.twitter.has(first) || !/^[A-Za-z0-9_]{1,15}$/.test(path[0])) return null;
    return at("twitter", path[0]);
  }

  // WeChat: an official account's QR link (weixin.qq.com/r/…); nothing else on WeChat is obviously a profile.
  if (host === "weixin.qq.com") {
    if (first !== "r" || path.length !== 2 || !/^[A-Za-z0-9_\-]{6,64}$/.test(path[1])) return null;
    return at("wechat", `r/${path[1]}`);
  }

  // WhatsApp: wa.me/<number>, api.whatsapp.com/send?phone=<number>, whatsapp.com/channel/<id>. A bare wa.me/?text=…
  // or send?text=… is a share link.
  if (host === "wa.me" || host === "api.whatsapp.com" || isHost(host, "whatsapp.com")) {
    if (host === "wa.me") {
      const digits = path.length === 1 ? path[0].replace(/^\+/, "") : "";
      return /^\d{6,15}$/.test(digits) ? { key: "whatsapp", url: `https://wa.me/${digits}` } : null;
    }
    if (first === "channel" && path.length === 2 && /^[A-Za-z0-9]{10,40}$/.test(path[1])) {
      return { key: "whatsapp", url: `https://www.whatsapp.com/channel/${path[1]}` };
    }
    if (first === "send" && path.length === 1) {
      const phone = (url.searchParams.get("phone") ?? "").replace(/^\+/, "");
      return /^\d{6,15}$/.test(phone) ? { key: "whatsapp", url: `https://wa.me/${phone}` } : null;
    }
    return null;
  }

  // YouTube: /@handle, /channel/UC…, /c/name, /user/name, or a legacy custom /name; tabs after those are cut.
  if (isHost(host, "youtube.com")) {
    if (path.length === 0) return null;
    if (/^@[\p{L}\p{N}._\-]{2,100}$/u.test(path[0])) return at("youtube", path[0]);
    if ((first === "channel" || first === "c" || first === "user") && path.length >= 2) {
      if (!/^[A-Za-z0-9_\-]{1,100}$/.test(path[1])) return null;
      return at("youtube", `${first}/${path[1]}`);
    }
    if (path.length === 1 && !RESERVED.youtube.has(first) && /^[A-Za-z0-9_\-]{3,100}$/.test(path[0])) return at("youtube", path[0]);
    return null;
  }
  return null;
}

/**
 * host is `domain`, its www., m. or mobile. host, or (with `locales`) a country or locale host such as uk.linkedin.com
 * or de-de.facebook.com; other subdomains (developers.facebook.com, gist.github.com) are the platform's own sites.
 */
function isHost(host: string, domain: string, locales = false): boolean {
  if (host === domain) return true;
  if (!host.endsWith(`.${domain}`)) return false;
  const sub = host.slice(0, -domain.length - 1);
  return sub === "www" || sub === "m" || sub === "mobile" || (locales && /^[a-z]{2}(-[a-z]{2})?$/.test(sub));
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
