// The checks an SVG logo passes before it is rasterised: no scripts or external references, bounded embedded images.
import { u16 } from "./bytes.ts";
import { refuse } from "./refused.ts";
import { jpegSize, pngSize, sniffFormat, webpSize, withinLimits } from "./sniff.ts";

export const MAX_SVG_BYTES = 1024 * 1024;

const SVG_REFUSALS: [RegExp, string][] = [
  [/<script/i, "SVG with a script"],
  [/<foreignObject/i, "SVG with a foreignObject"],
  // An href with a scheme other than data: (or protocol-relative) on anything but a hyperlink: <image>, <use>, <feImage>.
  [/<(?!a[\s>])[a-z][^<>]*\bhref\s*=\s*["']?\s*(?!data:)(?:[a-z][a-z0-9+.-]*:|\/\/)/i, "SVG referencing an external resource"],
  [/url\(\s*["']?\s*(?!data:)(?:[a-z][a-z0-9+.-]*:|\/\/)/i, "SVG referencing an external resource"],
  [/@import/i, "SVG referencing an external resource"],
  // An entity whose value refers to another entity: the "billion laughs" expansion bomb. Plain ones (Illustrator's
  // namespace entities) pass.
  [/<!ENTITY\s+%?\s*[^\s>]+\s+(?:"[^"]*&|'[^']*&)/i, "SVG with nested entities"],
];

const BASE64 = /[A-Za-z0-9+/=\s]*/y;

/**
 * Refuses what an SVG logo has no business holding, and embedded images over the limits. Every pattern stops at the
 * next tag or delimiter, so no input makes a scan quadratic.
 */
export function checkSvg(text: string, depth: number): void {
  if (!/<svg[\s>/:]/i.test(text)) refuse("SVG without an <svg> element");
  for (const [pattern, reason] of SVG_REFUSALS) if (pattern.test(text)) refuse(reason);
  // Embedded images (resvg decodes PNG, JPEG, WebP, GIF and SVG data URIs): the same header limits apply.
  for (const match of text.matchAll(/data:([^,"')\s:]*),/gi)) {
    const params = match[1].toLowerCase();
    if (!params.startsWith("image/")) continue;
    if (!params.includes(";base64")) refuse("SVG embedding an image that is not base64");
    BASE64.lastIndex = match.index! + match[0].length;
    const payload = BASE64.exec(text)![0].replace(/\s+/g, "");
    let data: Uint8Array;
    try {
      data = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
    } catch {
      return refuse("SVG embedding a corrupt base64 image");
    }
    const format = sniffFormat(data);
    if (format === "png") pngSize(data);
    else if (format === "jpeg") jpegSize(data);
    else if (format === "webp") webpSize(data);
    else if (format === "gif") withinLimits("GIF", u16(data, 6), u16(data, 8));
    else if (format === "svg") {
      if (depth > 0) refuse("SVG nested too deeply");
      checkSvg(new TextDecoder("utf-8").decode(data), depth + 1);
    } else refuse("SVG embedding an unsupported image");
  }
}
