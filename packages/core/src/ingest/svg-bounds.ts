// How much drawing an SVG asks of resvg, bounded before resvg runs: the elements, their nesting and what its <use>s
// and other references would instantiate (svg-references.ts), with the sanitiser's limits (svg-sanitize.ts). The
// crawler's logo masters are sanitised anyway; this is for every other SVG that is rasterised as it came (a banner,
// an SVG whose DOCTYPE names Illustrator's namespaces), so a billion-laughs file of <use>s cannot reach the renderer.
import { checkReferenceExpansion } from "./svg-references.ts";
import { SVG_LIMITS } from "./svg-sanitize.ts";
import { parseXml, refuse } from "./svg-tokens.ts";

const DOCTYPE = /<!DOCTYPE[^[>]*(?:\[([\s\S]*?)\])?\s*>/i;
const GENERAL_ENTITY = /<!ENTITY\s+([A-Za-z_][-\w.]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;
const REFERENCE = /&([A-Za-z_][-\w.]*);/g;
const XML_ENTITIES = new Set(["lt", "gt", "amp", "quot", "apos"]);

/** Refuses an SVG whose drawing would be over the limits. `text` has passed svg-guard.ts (no nested entities). */
export function checkSvgBounds(text: string): void {
  const root = parseXml(withEntitiesExpanded(text), SVG_LIMITS);
  checkReferenceExpansion(root, SVG_LIMITS.useExpansion);
}

/**
 * The document as resvg reads it: the DOCTYPE gone and each reference to one of its entities replaced by the value.
 * The guard refused values that refer to other entities, so one pass is the whole expansion; an entity of markup used
 * many times becomes the elements it stands for, and is counted. Unknown references stay (the parser refuses them).
 */
function withEntitiesExpanded(text: string): string {
  const doctype = DOCTYPE.exec(text);
  if (!doctype) return text;
  const entities = new Map<string, string>();
  for (const [, name, double, single] of (doctype[1] ?? "").matchAll(GENERAL_ENTITY)) entities.set(name, double ?? single);
  const body = text.slice(0, doctype.index) + text.slice(doctype.index + doctype[0].length);
  let grown = body.length;
  return body.replace(REFERENCE, (reference, name: string) => {
    const value = XML_ENTITIES.has(name) ? undefined : entities.get(name);
    if (value === undefined) return reference;
    if ((grown += value.length) > SVG_LIMITS.inputBytes) refuse(`its entities expand to over ${SVG_LIMITS.inputBytes} characters`);
    return value;
  });
}
