// The SVG sanitiser: real logos survive with their drawing, gradients and <use> references; every hostile construct
// is removed or the file refused; bombs (entities, <use> and pattern chains, nesting) and oversize files are refused;
// the output is a fixed point of sanitiseSvg.
import { describe, expect, it } from "vitest";
import { sanitiseSvg, SVG_LIMITS, SvgRefused, type SanitisedSvg } from "@brand/core/ingest/svg-sanitize";

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';
const D = "M0 0h10v10H0z";
const DRAWING = `<path d="${D}"/>`;

/** Sanitises, and checks that sanitising the output again changes nothing. */
function clean(input: string | Uint8Array): SanitisedSvg {
  const result = sanitiseSvg(input);
  expect(sanitiseSvg(result.svg)).toEqual(result);
  return result;
}

/** A 10×10 file holding `inner` and then the drawing every test expects to survive. */
const wrap = (inner: string, rootAttrs = "") => `<svg ${SVG_NS} viewBox="0 0 10 10"${rootAttrs}>${inner}${DRAWING}</svg>`;

const refusal = (input: string | Uint8Array): string => {
  try {
    sanitiseSvg(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SvgRefused);
    return (error as SvgRefused).message;
  }
  throw new Error("expected the file to be refused");
};

const bytes = (text: string) => new TextEncoder().encode(text);
/** A base64 data URI of a binary string (one char per byte). */
const dataUri = (type: string, binary: string) => `data:${type};base64,${btoa(binary)}`;
const PNG_BYTES = "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00";

describe("real-world logos", () => {
  it("keeps an icon-package file exactly, apart from the namespace coming first", () => {
    const path =
      "M12 .297c-6.63 0-12 5.373-12 12 0 5.303 3.438 9.8 8.205 11.385.6.113.82-.258.82-.577 0-.285-.01-1.04-.015-2.04-3.338.724-4.042-1.61-4.042-1.61C4.422 18.07 3.633 17.7 3.633 17.7c-1.087-.744.084-.729.084-.729 1.205.084 1.838 1.236 1.838 1.236 1.07 1.835 2.809 1.305 3.495.998.108-.776.417-1.305.76-1.605-2.665-.3-5.466-1.332-5.466-5.93 0-1.31.465-2.38 1.235-3.22-.135-.303-.54-1.523.105-3.176 0 0 1.005-.322 3.3 1.23.96-.267 1.98-.399 3-.405 1.02.006 2.04.138 3 .405 2.28-1.552 3.285-1.23 3.285-1.23.645 1.653.24 2.873.12 3.176.765.84 1.23 1.91 1.23 3.22 0 4.61-2.805 5.625-5.475 5.92.42.36.81 1.096.81 2.22 0 1.606-.015 2.896-.015 3.286 0 .315.21.69.825.57C20.565 22.092 24 17.592 24 12.297c0-6.627-5.373-12-12-12";
    const input = `<svg role="img" viewBox="0 0 24 24" ${SVG_NS}><title>GitHub</title><path d="${path}"/></svg>`;
    expect(clean(input)).toEqual({
      svg: `<svg ${SVG_NS} role="img" viewBox="0 0 24 24"><title>GitHub</title><path d="${path}"/></svg>`,
      width: 24,
      height: 24,
    });
  });

  it("keeps an editor export's gradient and its url(#g) fills, dropping the editor's own markup", () => {
    const input = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
   width="128" height="64" viewBox="0 0 128 64" version="1.1" sodipodi:docname="logo.svg">
  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="2"/>
  <metadata><rdf:RDF><dc:title>Acme</dc:title></rdf:RDF></metadata>
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">
      <stop offset="0" style="stop-color:#ff6a00;stop-opacity:1"/>
      <stop offset="1" stop-color="#ee0979"/>
    </linearGradient>
  </defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" transform="translate(0 0)">
    <path d="${D}" fill="url(#g)" fill-rule="evenodd"/>
    <rect x="20" width="10" height="10" style="fill:url('#g');stroke:none"/>
    <text x="40" y="10" font-family="Helvetica, Arial" xml:space="preserve">Acme &amp; Co</text>
  </g>
</svg>`;
    const { svg, width, height } = clean(input);
    expect({ width, height }).toEqual({ width: 128, height: 64 });
    expect(svg).toContain('<linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientUnits="objectBoundingBox">');
    expect(svg).toContain('<stop offset="0" style="stop-color:#ff6a00;stop-opacity:1"/>');
    expect(svg).toContain(`<path d="${D}" fill="url(#g)" fill-rule="evenodd"/>`);
    expect(svg).toContain(`style="fill:url('#g');stroke:none"`);
    expect(svg).toContain('xml:space="preserve">Acme &amp; Co</text>');
    expect(svg.startsWith(`<svg ${SVG_NS} width="128" height="64" viewBox="0 0 128 64" version="1.1">`)).toBe(true);
    for (const gone of ["inkscape", "sodipodi", "metadata", "rdf", "<!--", "<?xml", "xmlns:xlink"]) expect(svg).not.toContain(gone);
  });

  it("keeps <use xlink:href> references, declares xlink, and derives the viewBox from width and height", () => {
    const input = `<svg xmlns:xlink="http://www.w3.org/1999/xlink" width="32px" height="16">
      <defs><path id="a" d="${D}"/></defs><use xlink:href="#a"/><use xlink:href="#a" x="12"/>
    </svg>`;
    expect(clean(input)).toEqual({
      svg:
        `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink" width="32px" height="16" viewBox="0 0 32 16">` +
        `<defs><path id="a" d="${D}"/></defs><use xlink:href="#a"/><use xlink:href="#a" x="12"/></svg>`,
      width: 32,
      height: 16,
    });
  });

  it("reads a prefixed SVG namespace, UTF-8 bytes with a BOM, and re-escapes character references", () => {
    const input = `\uFEFF  <?xml version="1.0"?>\n<s:svg xmlns:s="http://www.w3.org/2000/svg" viewBox="0,0,10,5">` +
      `<s:title>&#x3c;Ac&#109;e&#x3e; &quot;&apos;</s:title><s:path d="${D}"/></s:svg>`;
    expect(clean(bytes(input))).toEqual({
      svg: `<svg ${SVG_NS} viewBox="0,0,10,5"><title>&lt;Acme&gt; "'</title>${DRAWING}</svg>`,
      width: 10,
      height: 5,
    });
  });

  it("keeps an Illustrator export whose gradient and clip path are set by <style> classes", () => {
    const input = `<?xml version="1.0" encoding="UTF-8"?>
<svg id="Layer_1" data-name="Layer 1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 200 80">
  <defs>
    <style>
      .cls-1 { fill: url(#linear-gradient); }
      .cls-2 { clip-path: url(#clip-path); }
      .cls-3 { font-family: 'Myriad Pro', sans-serif; font-size: 24px; }
    </style>
    <linearGradient id="linear-gradient" x1="0" y1="40" x2="200" y2="40" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#00a0e9"/><stop offset="1" stop-color="#1d2088"/>
    </linearGradient>
    <clipPath id="clip-path"><rect class="cls-1" width="80" height="80"/></clipPath>
  </defs>
  <g class="cls-2"><path class="cls-1" d="${D}"/></g>
  <text class="cls-3" transform="translate(90 50)">Acme</text>
</svg>`;
    const { svg } = clean(input);
    expect(svg).toContain("<style>");
    expect(svg).toContain(".cls-1 { fill: url(#linear-gradient); }");
    expect(svg).toContain(`<g class="cls-2"><path class="cls-1" d="${D}"/></g>`);
    expect(svg).toContain('<clipPath id="clip-path"><rect class="cls-1" width="80" height="80"/></clipPath>');
    expect(svg).not.toContain("data-name");
  });

  it("unwraps Illustrator's <switch> around a foreignObject and keeps the drawing", () => {
    const input = wrap(
      `<switch><foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/" width="1" height="1"/>` +
        `<g xmlns:i="http://ns.adobe.com/AdobeIllustrator/10.0/" i:extraneous="self"><circle cx="5" cy="5" r="5"/></g></switch>`,
    );
    const { svg } = clean(input);
    expect(svg).toContain('<g><circle cx="5" cy="5" r="5"/></g>');
    for (const gone of ["switch", "foreignObject", "extraneous", "adobe"]) expect(svg).not.toContain(gone);
  });

  it.each([
    ["png", PNG_BYTES],
    ["jpeg", "\xff\xd8\xff\xe0\x00\x10JFIF\x00"],
    ["gif", "GIF89a\x01\x00\x01\x00\x00\x00"],
    ["webp", "RIFF\x1a\x00\x00\x00WEBPVP8L"],
  ])("keeps an inline %s image whose bytes match its type", (type, binary) => {
    const uri = dataUri(`image/${type}`, binary);
    const split = `${uri.slice(0, 30)}\n   ${uri.slice(30)}`; // base64 wrapped over lines, as editors write it
    const { svg } = clean(wrap(`<image width="4" height="4" xlink:href="${split}" xmlns:xlink="http://www.w3.org/1999/xlink"/>`));
    expect(svg).toContain(`<image width="4" height="4" xlink:href="${uri}"/>`);
  });
});

describe("hostile content is removed and the drawing kept", () => {
  const evilPng = dataUri("image/png", "<html><script>alert(1)</script></html>");
  const jpegAsPng = dataUri("image/png", "\xff\xd8\xff\xe0\x00\x10JFIF\x00");
  const hugePng = dataUri("image/png", PNG_BYTES + "\x00".repeat(SVG_LIMITS.inlineImageBytes));
  const cases: [name: string, input: string, absent: string[], present?: string[]][] = [
    ["a script element", wrap(`<script>alert(1)</script><script type="text/javascript"><![CDATA[alert(2)]]></script>`), ["script", "alert"]],
    ["event handler attributes", wrap(`<g onmouseover="alert(2)" ONCLICK="alert(3)"/>`, ' onload="alert(1)"'), ["onload", "onmouseover", "onclick", "alert"]],
    [
      "a javascript: link, keeping its children",
      wrap(`<a href="javascript:alert(1)"><circle cx="5" cy="5" r="5"/></a>`),
      ["javascript", "<a", "href"],
      ['<circle cx="5" cy="5" r="5"/>'],
    ],
    [
      "entity-encoded and whitespace-split javascript: schemes",
      wrap(
        `<a xlink:href="jav&#x61;script:alert(1)" xmlns:xlink="http://www.w3.org/1999/xlink"><rect width="1" height="1"/></a>` +
          `<use href="&#x20;java&#x0A;script:alert(2)"/><g class="jav&#97;script:x" fill="vbscript:x" font-family="d&#x61;ta:text/html,x"/>`,
      ),
      ["javascript", "vbscript", "jav", "alert", "class", "fill", "font-family", "data"],
      ['<rect width="1" height="1"/>', "<use/>", "<g/>"],
    ],
    [
      "foreignObject with HTML",
      wrap(`<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>`),
      ["foreignObject", "div", "img", "onerror", "alert"],
    ],
    [
      "HTML dropped straight into the SVG and plug-in elements",
      wrap(`<iframe src="https://evil.example"/><embed src="x"/><object data="x"/><audio src="x"/><video src="x"/><html:p xmlns:html="http://www.w3.org/1999/xhtml">x</html:p>`),
      ["iframe", "embed", "object", "audio", "video", "evil", "html"],
    ],
    [
      "external images and references",
      wrap(
        `<image href="https://evil.example/x.png" width="10" height="10"/><image xlink:href="//evil.example/y.png" xmlns:xlink="http://www.w3.org/1999/xlink"/>` +
          `<use href="https://evil.example/sprite.svg#icon"/><filter id="f"><feImage href="https://evil.example/z.png"/></filter>`,
      ),
      ["<image", "evil", "href"],
      ["<use/>", '<filter id="f"><feImage/></filter>'],
    ],
    [
      "url() to anywhere but the file in style and presentation attributes",
      wrap(
        `<rect width="1" height="1" style="fill:url(https://evil.example/a)" fill="url( 'https://evil.example/b' )" mask="url(/**/evil.example/c)"/>` +
          `<rect x="1" width="1" height="1" style="fill:\\75 rl(https://evil.example/d)" clip-path="URL(data:image/svg+xml,x)"/>` +
          `<rect x="2" width="1" height="1" style="background:image-set('https://evil.example/e.png' 1x)"/>`,
      ),
      ["evil", "style", "fill=", "mask", "clip-path", "data:"],
      ['<rect width="1" height="1"/>', '<rect x="1" width="1" height="1"/>', '<rect x="2" width="1" height="1"/>'],
    ],
    [
      "<style> with @import or an external url()",
      wrap(`<style>@import url(https://evil.example/a.css); path{fill:red}</style><style>@IMPORT "https://evil.example/b.css";</style><style>path{fill:url(https://evil.example/c)}</style><style>.x{fill:u/**/rl(https://evil.example/d)}</style>`),
      ["<style", "import", "evil"],
    ],
    ["a data:text/html image", wrap(`<image href="${dataUri("text/html", "<script>alert(1)</script>")}" width="1" height="1"/>`), ["<image", "data:", "base64"]],
    ["a PNG data URI that is really HTML", wrap(`<image href="${evilPng}" width="1" height="1"/>`), ["<image", "data:"]],
    ["a JPEG labelled PNG", wrap(`<image href="${jpegAsPng}" width="1" height="1"/>`), ["<image", "data:"]],
    ["an SVG data URI image", wrap(`<image href="${dataUri("image/svg+xml", "<svg/>")}" width="1" height="1"/>`), ["<image", "data:"]],
    ["an inline image over the size limit", wrap(`<image href="${hugePng}" width="1" height="1"/>`), ["<image", "data:"]],
    [
      "animation that could set an href or a handler",
      wrap(`<animate attributeName="href" to="javascript:alert(1)" begin="0s"/><set attributeName="onmouseover" to="alert(1)"/><animateTransform attributeName="transform" type="rotate"/>`),
      ["animate", "<set", "javascript", "alert"],
    ],
    [
      "processing instructions and comments",
      `<?xml version="1.0"?><?xml-stylesheet type="text/css" href="https://evil.example/x.css"?><!-- hi -->${wrap(`<?php echo 1; ?><!-- <script>alert(1)</script> -->`)}`,
      ["<?", "stylesheet", "evil", "php", "<!--", "script"],
    ],
    [
      "CDATA outside a <style>, and CDATA that tries to close the <style>",
      wrap(`<text x="0" y="5"><![CDATA[<script>alert(1)</script>]]>Hi</text><style><![CDATA[</style><script>alert(2)</script>]]></style><g><![CDATA[<script>alert(3)</script>]]></g>`),
      ["script", "alert", "CDATA", "<style"],
      ['<text x="0" y="5">Hi</text>', "<g/>"],
    ],
    [
      "an SVG-namespaced script with a prefix",
      wrap(`<svg:script>alert(1)</svg:script><svg:foreignObject><svg:g/></svg:foreignObject><svg:circle r="1"/>`, ' xmlns:svg="http://www.w3.org/2000/svg"'),
      ["script", "alert", "foreignObject", "svg:"],
      ['<circle r="1"/>'],
    ],
    ["upper-case script elements", wrap(`<SCRIPT>alert(1)</SCRIPT><Script>alert(2)</Script>`), ["script", "alert"]],
    [
      "attributes without quotes",
      `<svg ${SVG_NS} viewBox=0,0,10,10 onload=alert(1)><rect width=1 height=1 onclick=alert(2)></rect><path d=${D.replaceAll(" ", ",")}/>${DRAWING}</svg>`,
      ["onload", "onclick", "alert"],
      ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0,0,10,10">', '<rect width="1" height="1"/>', `<path d="M0,0h10v10H0z"/>`],
    ],
    [
      "unknown elements and namespaced attributes",
      wrap(`<metadata><x>1</x></metadata><o:rect xmlns:o="urn:other" width="3" height="3"/><g xml:lang="en" xlink:title="t" xmlns:xlink="http://www.w3.org/1999/xlink" data-x="1" cursor="url(https://evil.example/c)"><desc>ok</desc></g>`),
      ["metadata", "<x>", "rect", "lang", "title", "data-x", "cursor", "evil"],
      ["<g><desc>ok</desc></g>"],
    ],
  ];

  it.each(cases)("%s", (_name, input, absent, present = []) => {
    const { svg } = clean(input);
    expect(svg).toContain(DRAWING);
    for (const part of absent) expect(svg.toLowerCase()).not.toContain(part.toLowerCase());
    for (const part of present) expect(svg).toContain(part);
  });
});

describe("refusals", () => {
  const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<svg ${SVG_NS} viewBox="0 0 10 10"><text>&lol3;</text></svg>`;

  /** Ten levels of groups, each using the previous level ten times: 11^10 elements once expanded. */
  const useBomb = (() => {
    let defs = `<path id="l0" d="${D}"/>`;
    for (let level = 1; level <= 10; level++) defs += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    return wrap(`<defs>${defs}</defs><use href="#l10"/>`);
  })();

  /** The same with patterns filling rects with the previous pattern: resvg renders each reference (5 levels: 20 s). */
  const patternBomb = (() => {
    let defs = `<pattern id="p0" width="1" height="1"><rect width="1" height="1"/></pattern>`;
    for (let level = 1; level <= 5; level++) {
      const rects = `<rect width="1" height="1" fill="url(#p${level - 1})"/>`.repeat(10);
      defs += `<pattern id="p${level}" width="10" height="10">${rects}</pattern>`;
    }
    return wrap(`<defs>${defs}</defs><rect width="10" height="10" style="fill:url('#p5')"/>`);
  })();

  /** The pattern bomb again, its fills set by <style> rules, one hidden behind a string holding braces. */
  const styledPatternBomb = (() => {
    let defs = `<pattern id="p0" width="1" height="1"><rect width="1" height="1"/></pattern>`;
    let css = "";
    for (let level = 1; level <= 5; level++) {
      css += level === 3 ? `rect.l3{font-family:"}.zzz{"; fill:url(#p2)}` : `.l${level}{fill:URL("#p${level - 1}")}`;
      defs += `<pattern id="p${level}" width="10" height="10">${`<rect class="l${level}" width="1" height="1"/>`.repeat(10)}</pattern>`;
    }
    return wrap(`<style>${css}</style><defs>${defs}</defs><rect width="10" height="10" fill="url(#p5)"/>`);
  })();

  const nested = (depth: number) => `<svg ${SVG_NS} viewBox="0 0 1 1">${"<g>".repeat(depth - 1)}${"</g>".repeat(depth - 1)}</svg>`;
  const withPaths = (count: number) => `<svg ${SVG_NS} viewBox="0 0 1 1">${"<path d='M0 0h1'/>".repeat(count)}</svg>`;
  /** A valid file of exactly `size` UTF-8 bytes, padded with a comment. */
  const ofSize = (size: number) => {
    const frame = wrap("<!---->");
    return frame.replace("<!---->", `<!--${"x".repeat(size - bytes(frame).byteLength)}-->`);
  };

  it.each<[string, string | Uint8Array, RegExp]>([
    ["a DOCTYPE with entities (billion laughs)", billionLaughs, /DOCTYPE/],
    ["an ENTITY declaration without a DOCTYPE", wrap(`<!ENTITY x "y">`), /ENTITY/],
    ["a named entity other than XML's five", wrap("<title>a&nbsp;b</title>"), /nbsp/],
    ["an entity named like an object property", wrap("<title>&constructor;</title>"), /constructor/],
    ["a stray ampersand", wrap("<title>a & b</title>"), /stray/],
    ["a character reference XML forbids", wrap("<title>&#0;</title>"), /not a character/],
    ["a raw control character", wrap("<title>\u0001</title>"), /control/],
    ["the <use> bomb", useBomb, /over 20000/],
    ["nested patterns (a url() bomb)", patternBomb, /over 20000/],
    ["nested patterns filled by <style> rules", styledPatternBomb, /over 20000/],
    ["a pattern filled with itself", wrap(`<pattern id="p"><rect width="1" height="1" fill="url(#p)"/></pattern>`), /refers/],
    ["a <use> referring to its own group", wrap(`<g id="a"><use href="#a"/></g>`), /refers/],
    ["two <use>s referring to each other", wrap(`<use id="a" href="#b"/><use id="b" xlink:href="#a"/>`), /refers/],
    ["70-deep nesting", nested(70), /nested more than 64/],
    ["10,001 elements", withPaths(SVG_LIMITS.elements), /more than 10000 elements/],
    ["over 1 MiB as a string", ofSize(SVG_LIMITS.inputBytes + 1), /over 1048576 bytes/],
    ["over 1 MiB as bytes", bytes(ofSize(SVG_LIMITS.inputBytes + 1)), /over 1048576 bytes/],
    ["output over 512 KiB", wrap(`<path d="M0 0${"h1".repeat(300_000)}"/>`), /cleaned file is over/],
    ["no root <svg>", `<html><body>${DRAWING}</body></html>`, /root element is <html>/],
    ["a root <svg> in another namespace", `<svg xmlns="http://www.w3.org/1999/xhtml" viewBox="0 0 1 1"/>`, /not an SVG/],
    ["malformed nesting", `<svg ${SVG_NS} viewBox="0 0 1 1"><g></svg>`, /does not close <g>/],
    ["an unclosed root", `<svg ${SVG_NS} viewBox="0 0 1 1"><g/>`, /never closed/],
    ["an unterminated attribute", `<svg ${SVG_NS} viewBox="0 0 1 1"><path d="M0 0/></svg>`, /never closed/],
    ["two roots", `${wrap("")}${wrap("")}`, /more than one root/],
    ["text after the root", `${wrap("")}hello`, /outside its root/],
    ["no usable size", `<svg ${SVG_NS} width="100%" height="100%">${DRAWING}</svg>`, /no usable size/],
    ["a zero-sized viewBox and no size", `<svg ${SVG_NS} viewBox="0 0 0 10">${DRAWING}</svg>`, /no usable size/],
    ["bytes that are not UTF-8", new Uint8Array([...bytes(`<svg ${SVG_NS} viewBox="0 0 1 1"><title>`), 0xe9, ...bytes("</title></svg>")]), /UTF-8/],
  ])("refuses %s", (_name, input, reason) => {
    expect(refusal(input)).toMatch(reason);
  });

  it("accepts the limits themselves: 64 deep, 10,000 elements, 1 MiB in", () => {
    expect(clean(nested(SVG_LIMITS.depth)).svg).toContain("<g/>");
    expect(clean(withPaths(SVG_LIMITS.elements - 1)).svg).toContain('<path d="M0 0h1"/>');
    expect(clean(ofSize(SVG_LIMITS.inputBytes)).svg).toBe(`<svg ${SVG_NS} viewBox="0 0 10 10">${DRAWING}</svg>`);
    expect(clean(bytes(ofSize(SVG_LIMITS.inputBytes))).width).toBe(10);
  });

  it("counts a shallow <use> fan-out and accepts it under the limit", () => {
    let defs = `<path id="l0" d="${D}"/>`;
    for (let level = 1; level <= 3; level++) defs += `<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(10)}</g>`;
    expect(clean(wrap(`<defs>${defs}</defs><use href="#l3"/>`)).svg).toContain('<use href="#l2"/>');
  });
});

describe("filter cost", () => {
  const blurs = (n: number) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><filter id="f">${'<feGaussianBlur stdDeviation="50"/>'.repeat(n)}</filter><rect width="10" height="10" filter="url(#f)"/></svg>`;

  it("keeps a file with a few filter primitives and refuses a long chain of them", () => {
    expect(sanitiseSvg(blurs(SVG_LIMITS.filterPrimitives)).svg).toContain("feGaussianBlur");
    expect(() => sanitiseSvg(blurs(SVG_LIMITS.filterPrimitives + 1))).toThrow(SvgRefused);
  });
});
