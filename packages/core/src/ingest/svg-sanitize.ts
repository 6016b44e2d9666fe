// A logo's SVG master made safe to serve as image/svg+xml (opened directly in a browser) and to rasterise with resvg.
//
// The file is parsed into elements (svg-tokens.ts) and rebuilt from allow-lists of the elements and attributes logos
// use; nothing of the input is copied verbatim, so a parser quirk cannot smuggle markup through. Scripts, foreign
// content, animation, links, event handlers and every reference that could leave the file (href, url(), @import)
// are removed; the only embedded data kept is a raster <image> whose bytes really are PNG, JPEG, WebP or GIF.
// Bombs are refused outright: DTDs and entities, too many or too deeply nested elements, and <use> chains (or
// other references, svg-references.ts) whose expansion would be huge. Runs in Workers and Node alike: no DOM and
// no dependencies.
import { checkReferenceExpansion } from "./svg-references.ts";
import { attrValue, forEachElement, parseXml, refuse, SvgRefused } from "./svg-tokens.ts";
import type { XmlAttr, XmlElement, XmlNode } from "./svg-tokens.ts";

export { SvgRefused };

export const SVG_LIMITS = {
  inputBytes: 1_048_576,
  outputBytes: 512 * 1024,
  elements: 10_000,
  depth: 64,
  /** Elements after expanding every <use> (and url(#id) reference): chains multiply, as in the billion laughs. */
  useExpansion: 20_000,
  inlineImageBytes: 512 * 1024,
  /** Filter primitives in the whole file: resvg's cost grows with each (a chain of large blurs runs for minutes). */
  filterPrimitives: 16,
};

/** The clean file and its size in user units (from the viewBox, else the root's width and height); both > 0. */
export type SanitisedSvg = { svg: string; width: number; height: number };

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

const KEPT_ELEMENTS = words(`
  svg g defs symbol use path rect circle ellipse line polyline polygon text tspan textPath title desc style image
  linearGradient radialGradient stop clipPath mask pattern marker filter
  feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap
  feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode
  feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence`);
// Dropped but their children kept: a link's drawing is still the logo; Illustrator wraps whole logos in <switch>
// beside a <foreignObject>, and with that removed the remaining branch is the drawing.
const UNWRAPPED_ELEMENTS = words("a switch");
const TEXT_ELEMENTS = words("text tspan textPath title desc");

const KEPT_ATTRIBUTES = words(`
  id class style lang role aria-label aria-labelledby aria-hidden href
  viewBox preserveAspectRatio x y width height transform version
  d cx cy r rx ry x1 y1 x2 y2 points pathLength dx dy rotate textLength lengthAdjust startOffset method spacing side
  gradientUnits gradientTransform spreadMethod fx fy fr offset
  patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits
  markerUnits markerWidth markerHeight refX refY orient type media
  filterUnits primitiveUnits in in2 result stdDeviation edgeMode mode operator k1 k2 k3 k4 values tableValues slope
  intercept amplitude exponent order kernelMatrix divisor bias targetX targetY preserveAlpha kernelUnitLength
  surfaceScale diffuseConstant specularConstant specularExponent azimuth elevation z pointsAtX pointsAtY pointsAtZ
  limitingConeAngle scale xChannelSelector yChannelSelector radius baseFrequency numOctaves seed stitchTiles
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray
  stroke-dashoffset stroke-opacity opacity color clip-path clip-rule mask mask-type filter marker marker-start
  marker-mid marker-end display visibility overflow paint-order vector-effect shape-rendering text-rendering
  image-rendering color-interpolation color-interpolation-filters color-rendering mix-blend-mode isolation
  stop-color stop-opacity flood-color flood-opacity lighting-color font font-family font-size font-size-adjust
  font-stretch font-style font-variant font-weight text-anchor text-decoration dominant-baseline alignment-baseline
  baseline-shift letter-spacing word-spacing writing-mode direction unicode-bidi white-space transform-origin
  transform-box enable-background`);

// CSS that can fetch or run something without a url(…) we could check, or that no logo needs.
const CSS_BANNED = [
  "@import", "@font-face", "@namespace", "expression(", "-moz-binding", "behavior", "image-set(", "image(",
  "cross-fade(", "element(", "src(", "javascript:", "vbscript:",
];
const URL_CALL = /url\(([^)]*)(\)?)/g;
const LOCAL_FRAGMENT = /^#[^\s"'()]+$/;
const INLINE_IMAGE = /^data:image\/(png|jpeg|webp|gif);base64,/i;
const IMAGE_MAGIC: Record<string, (head: string) => boolean> = {
  png: (head) => head.startsWith("\x89PNG\r\n\x1a\n"),
  jpeg: (head) => head.startsWith("\xff\xd8\xff"),
  gif: (head) => head.startsWith("GIF87a") || head.startsWith("GIF89a"),
  webp: (head) => head.startsWith("RIFF") && head.slice(8, 12) === "WEBP",
};

/** Prefix → namespace in scope; "" is the default namespace. Unprefixed files are taken as SVG. */
type Scope = ReadonlyMap<string, string>;
const DOCUMENT_SCOPE: Scope = new Map([["", SVG_NS], ["xlink", XLINK_NS], ["xml", XML_NS]]);

export function sanitiseSvg(input: string | Uint8Array): SanitisedSvg {
  const source = decodeInput(input);
  if (/<!(doctype|entity)/i.test(source)) refuse("the file has a <!DOCTYPE> or <!ENTITY> declaration: not accepted");
  const root = cleanRoot(parseXml(source, SVG_LIMITS));
  const size = settleSize(root);
  checkReferenceExpansion(root, SVG_LIMITS.useExpansion);
  checkFilterPrimitives(root);
  root.attrs = rootNamespaces(root).concat(root.attrs);
  const svg = serialise(root);
  if (utf8Length(svg) > SVG_LIMITS.outputBytes) refuse(`the cleaned file is over ${SVG_LIMITS.outputBytes} bytes`);
  return { svg, ...size };
}

function checkFilterPrimitives(root: XmlElement): void {
  let count = 0;
  forEachElement(root, (element) => {
    if (element.name.startsWith("fe")) count++;
  });
  if (count > SVG_LIMITS.filterPrimitives) refuse(`the file has ${count} filter primitives, over ${SVG_LIMITS.filterPrimitives}`);
}

function decodeInput(input: string | Uint8Array): string {
  // A string's UTF-8 form is never shorter than its UTF-16 length, so a long string is refused before encoding it.
  const limit = SVG_LIMITS.inputBytes;
  const size = typeof input !== "string" ? input.byteLength : input.length > limit ? input.length : utf8Length(input);
  if (size > limit) refuse(`the file is over ${limit} bytes`);
  const text = typeof input === "string" ? input : decodeUtf8(input);
  return text.startsWith("\uFEFF") ? text.slice(1) : text;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return refuse("the file is not UTF-8 text");
  }
}

const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength;

function cleanRoot(parsed: XmlElement): XmlElement {
  const [prefix, local] = splitName(parsed.name);
  if (local !== "svg" || innerScope(DOCUMENT_SCOPE, parsed.attrs).get(prefix) !== SVG_NS) {
    refuse(`the root element is <${parsed.name}>, not an SVG <svg>`);
  }
  const [root] = cleanElement(parsed, DOCUMENT_SCOPE, "");
  return root.kind === "element" ? root : refuse("the root <svg> did not survive cleaning");
}

/** The element cleaned: none, itself, or (unwrapped) its cleaned children. `parent` decides whether text is kept. */
function cleanElement(element: XmlElement, outer: Scope, parent: string): XmlNode[] {
  const scope = innerScope(outer, element.attrs);
  const [prefix, local] = splitName(element.name);
  if (scope.get(prefix) !== SVG_NS) return []; // sodipodi:namedview, XHTML, RDF metadata…
  if (UNWRAPPED_ELEMENTS.has(local)) return cleanChildren(element, scope, parent);
  if (!KEPT_ELEMENTS.has(local)) return []; // script, foreignObject, animation, unknown: with their subtree
  const attrs = cleanAttributes(local, element.attrs, scope);
  if (local === "image" && !attrs.some((attr) => isHref(attr.name))) return [];
  const children = local === "style" ? cleanStyleText(element) : cleanChildren(element, scope, local);
  if (!children) return [];
  return [{ kind: "element", name: local, attrs, children }];
}

function cleanChildren(element: XmlElement, scope: Scope, textParent: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const child of element.children) {
    if (child.kind === "element") out.push(...cleanElement(child, scope, textParent));
    else if (TEXT_ELEMENTS.has(textParent) && !child.cdata && child.text) out.push({ ...child });
  }
  return out;
}

/** A <style>'s CSS (text and CDATA alike), or null to drop the element: it imports, fetches or could break out. */
function cleanStyleText(element: XmlElement): XmlNode[] | null {
  const css = element.children.map((child) => (child.kind === "text" ? child.text : "")).join("");
  const safe = css.includes("<") ? null : safeCss(css);
  if (safe === null) return null;
  return safe ? [{ kind: "text", text: safe, cdata: false }] : [];
}

function cleanAttributes(element: string, attrs: XmlAttr[], scope: Scope): XmlAttr[] {
  const kept = new Map<string, string>();
  for (const attr of attrs) {
    const name = attributeName(attr.name, scope);
    if (name === null || kept.has(name)) continue;
    const value = attributeValue(element, name, attr.value);
    if (value !== null) kept.set(name, value);
  }
  return [...kept].map(([name, value]) => ({ name, value }));
}

/** The attribute's name as written out, or null to drop it. */
function attributeName(raw: string, scope: Scope): string | null {
  if (raw === "xmlns" || raw.startsWith("xmlns:")) return null; // the root gets its own declarations
  if (/^on/i.test(raw)) return null; // event handlers
  const [prefix, local] = splitName(raw);
  if (prefix === "") return KEPT_ATTRIBUTES.has(local) ? local : null;
  const namespace = scope.get(prefix);
  if (namespace === XLINK_NS && local === "href") return "xlink:href";
  if (namespace === XML_NS && local === "space") return "xml:space";
  return null; // inkscape:*, sodipodi:*, xlink:title, …
}

/** The value as written out, or null to drop the attribute. */
function attributeValue(element: string, name: string, value: string): string | null {
  if (isHref(name) && element === "image") return inlineImage(value);
  if (hasScriptScheme(value)) return null;
  if (isHref(name)) return LOCAL_FRAGMENT.test(value.trim()) ? value.trim() : null;
  if (name === "xml:space") return value === "preserve" || value === "default" ? value : null;
  // Presentation attributes are CSS values (fill="url(…)"), so every value is held to the CSS rules.
  const css = safeCss(value);
  return css === null ? null : name === "style" ? css : value;
}

const isHref = (name: string) => name === "href" || name === "xlink:href";

/** Whitespace and control characters go first: browsers ignore them inside a URL's scheme, and in base64. */
const withoutSpace = (value: string) => value.replace(/[\u0000-\u0020]+/g, "");

function hasScriptScheme(value: string): boolean {
  const squashed = withoutSpace(value).toLowerCase();
  return squashed.includes("javascript:") || squashed.includes("vbscript:") || squashed.includes("data:");
}

/** An <image>'s href kept only as a base64 raster whose bytes start as its declared type does, within the limit. */
function inlineImage(value: string): string | null {
  const uri = withoutSpace(value);
  const match = INLINE_IMAGE.exec(uri);
  if (!match) return null;
  const type = match[1].toLowerCase();
  const payload = uri.slice(match[0].length);
  if (payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return null;
  const bytes = (payload.length / 4) * 3 - (payload.length - payload.replace(/=+$/, "").length);
  if (bytes > SVG_LIMITS.inlineImageBytes) return null;
  return IMAGE_MAGIC[type](atob(payload.slice(0, 16))) ? `data:image/${type};base64,${payload}` : null;
}

/** The CSS without comments, or null when it could fetch something or run something. */
function safeCss(css: string): string | null {
  if (css.includes("\\")) return null; // CSS escapes can spell url( or @import in a way no substring check sees
  const stripped = stripCssComments(css);
  if (stripped === null || cssIsUnsafe(css) || cssIsUnsafe(stripped)) return null;
  return stripped;
}

function cssIsUnsafe(css: string): boolean {
  const lower = css.toLowerCase();
  if (CSS_BANNED.some((banned) => lower.includes(banned))) return true;
  for (const [, argument, closed] of lower.matchAll(URL_CALL)) if (!closed || !isLocalUrl(argument.trim())) return true;
  return false;
}

/** url(#id), url('#id') or url("#id"): a reference inside the file. */
function isLocalUrl(argument: string): boolean {
  const quote = argument[0];
  if (quote !== '"' && quote !== "'") return LOCAL_FRAGMENT.test(argument);
  return argument.length > 1 && argument.endsWith(quote) && LOCAL_FRAGMENT.test(argument.slice(1, -1));
}

function stripCssComments(css: string): string | null {
  let out = "";
  let pos = 0;
  for (let start = css.indexOf("/*"); start !== -1; start = css.indexOf("/*", pos)) {
    const end = css.indexOf("*/", start + 2);
    if (end === -1) return null;
    out += css.slice(pos, start);
    pos = end + 2;
  }
  return out + css.slice(pos);
}

/** The size from the viewBox, else from numeric width and height, then given as a viewBox if there was none. */
function settleSize(root: XmlElement): { width: number; height: number } {
  const box = attrValue(root, "viewBox")?.trim().split(/[\s,]+/).map(Number);
  const boxUsable = box?.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0;
  if (box && boxUsable) return { width: box[2], height: box[3] };
  const width = pixelLength(attrValue(root, "width"));
  const height = pixelLength(attrValue(root, "height"));
  if (width === null || height === null) refuse("the root <svg> has no usable size: no viewBox, no numeric size");
  const viewBox = { name: "viewBox", value: `0 0 ${width} ${height}` };
  root.attrs = root.attrs.filter((attr) => attr.name !== "viewBox").concat(viewBox);
  return { width, height };
}

function pixelLength(value: string | undefined): number | null {
  const match = /^\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px)?\s*$/.exec(value ?? "");
  const length = match ? Number(match[1]) : NaN;
  return Number.isFinite(length) && length > 0 ? length : null;
}

function rootNamespaces(root: XmlElement): XmlAttr[] {
  const declarations = [{ name: "xmlns", value: SVG_NS }];
  let usesXlink = false;
  forEachElement(root, (element) => {
    usesXlink ||= element.attrs.some((attr) => attr.name === "xlink:href");
  });
  return usesXlink ? declarations.concat({ name: "xmlns:xlink", value: XLINK_NS }) : declarations;
}

function serialise(root: XmlElement): string {
  const out: string[] = [];
  const write = (element: XmlElement): void => {
    out.push("<", element.name);
    for (const attr of element.attrs) out.push(" ", attr.name, '="', escape(attr.value, /[&<>"\t\n\r]/g), '"');
    if (element.children.length === 0) {
      out.push("/>");
      return;
    }
    out.push(">");
    for (const child of element.children) {
      if (child.kind === "element") write(child);
      else out.push(escape(child.text, /[&<>\r]/g));
    }
    out.push("</", element.name, ">");
  };
  write(root);
  return out.join("");
}

// Tab, newline and CR as references in attribute values, so that a reader's attribute normalisation keeps them.
const ESCAPES: Record<string, string> = {
  "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\t": "&#x9;", "\n": "&#xA;", "\r": "&#xD;",
};
const escape = (text: string, pattern: RegExp) => text.replace(pattern, (char) => ESCAPES[char]);

function innerScope(outer: Scope, attrs: XmlAttr[]): Scope {
  const declarations = attrs.filter((attr) => attr.name === "xmlns" || attr.name.startsWith("xmlns:"));
  if (declarations.length === 0) return outer;
  const scope = new Map(outer);
  for (const attr of declarations) scope.set(attr.name === "xmlns" ? "" : attr.name.slice(6), attr.value);
  return scope;
}

function splitName(name: string): [prefix: string, local: string] {
  const colon = name.indexOf(":");
  return colon === -1 ? ["", name] : [name.slice(0, colon), name.slice(colon + 1)];
}
