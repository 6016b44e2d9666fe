// The crawler's SSRF guard and robots.txt rules.
import { describe, expect, it } from "vitest";
import { robotsAllows } from "@brand/core/crawler/robots";
import { retryDelayMs } from "@brand/core/crawler/save-crawl";
import { checkTarget } from "@brand/core/crawler/target";

const live = { proxy: null };
const proxied = { proxy: "http://fixtures.internal" };

describe("SSRF guard", () => {
  it("allows public registrable domains over http(s)", () => {
    expect(checkTarget("https://stripe.com/", live)).toMatchObject({ ok: true, fetchUrl: "https://stripe.com/" });
    expect(checkTarget("http://www.example.co.uk/a?b=1", live).ok).toBe(true);
  });

  it.each([
    "http://127.0.0.1/",
    "http://10.0.0.8/",
    "http://192.168.1.1/admin",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://[fd00::1]/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://localhost/",
    "http://printer.local/",
    "http://intranet.internal/",
    "http://router.home.arpa/",
    "http://com/",
    "https://stripe.com:8443/",
    "https://user:pass@stripe.com/",
    "ftp://stripe.com/",
    "file:///etc/passwd",
    "javascript:alert(1)",
    "gopher://stripe.com/",
    "http://acme.test/",
  ])("refuses %s", (url) => {
    expect(checkTarget(url, live).ok).toBe(false);
  });

  it("with a proxy, fetches through it, allows .test fixture hosts, and still refuses private targets", () => {
    expect(checkTarget("https://acme.test/logo.png?v=2", proxied)).toMatchObject({
      ok: true,
      fetchUrl: "http://fixtures.internal/acme.test/logo.png?v=2",
    });
    expect(checkTarget("http://127.0.0.1/", proxied).ok).toBe(false);
    expect(checkTarget("http://localhost/", proxied).ok).toBe(false);
  });
});

describe("robots.txt", () => {
  const ua = "BrandAssetBot/1.0";
  it("honours the * group and the longest match", () => {
    const txt = "User-agent: *\nDisallow: /private\nAllow: /private/logo.png\n";
    expect(robotsAllows(txt, ua, "/")).toBe(true);
    expect(robotsAllows(txt, ua, "/private/x")).toBe(false);
    expect(robotsAllows(txt, ua, "/private/logo.png")).toBe(true);
  });

  it("prefers a group naming our bot over *", () => {
    const txt = "User-agent: *\nDisallow: /\n\nUser-agent: BrandAssetBot\nAllow: /\n";
    expect(robotsAllows(txt, ua, "/")).toBe(true);
    expect(robotsAllows("User-agent: *\nDisallow: /\n", ua, "/")).toBe(false);
    expect(robotsAllows("User-agent: brandassetbot\nDisallow: /\n", ua, "/")).toBe(false);
  });

  it("supports * and $ and ignores comments and junk", () => {
    const txt = "# hi\nUser-agent: *\nDisallow: /*.php$\nnonsense line\nDisallow:\n";
    expect(robotsAllows(txt, ua, "/index.php")).toBe(false);
    expect(robotsAllows(txt, ua, "/index.php?x=1")).toBe(true);
    expect(robotsAllows("", ua, "/")).toBe(true);
    expect(robotsAllows("User-agent: *\nDisallow:\n", ua, "/")).toBe(true);
  });
});

describe("retry backoff", () => {
  it("doubles from an hour and caps at 30 days", () => {
    expect(retryDelayMs(1)).toBe(3_600_000);
    expect(retryDelayMs(2)).toBe(7_200_000);
    expect(retryDelayMs(40)).toBe(30 * 86_400_000);
  });
});
