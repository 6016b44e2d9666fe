// The expansion bound of a cleaned SVG tree: how many elements drawing it would take once every reference is
// followed, refused over a limit or on a reference cycle.
//
// resvg instantiates a referenced subtree per reference: a <use>, a gradient or pattern template (href), and
// everything behind url(#id) (fill, stroke, clip-path, mask, filter, markers). Nested, these multiply as the
// entities of the billion-laughs file do: ten levels of ten <use>s are 11^10 elements, and five levels of patterns
// filled with the previous one already take resvg tens of seconds. References may also come from <style> rules;
// those are attributed to the elements their selectors could match, erring towards too many.
import { attrValue, forEachElement, refuse, type XmlElement } from "./svg-tokens.ts";

/** By now (svg-sanitize.ts) every href is "#id" and every url() is url(#id), quoted or not. */
const URL_CALL = /url\(\s*["']?#([^\s"')]+)/gi;

/** Ids referenced from <style> rules, by the one selector key a rule was filed under: "#id", ".class" or a type. */
type StyleIndex = { everywhere: Set<string>; byKey: Map<string, Set<string>> };

/**
 * Refuses when drawing `root` would take more than `limit` elements: each element counts once, plus its children,
 * plus the whole (expanded) subtree of everything it references. Memoised, so ten levels of ten uses each is ten
 * steps, not ten billion; iterative, so a long chain cannot overflow the stack; a reference cycle is refused.
 */
export function checkReferenceExpansion(root: XmlElement, limit: number): void {
  const byId = new Map<string, XmlElement>();
  const styles: StyleIndex = { everywhere: new Set(), byKey: new Map() };
  forEachElement(root, (element) => {
    const id = attrValue(element, "id");
    if (id !== undefined && !byId.has(id)) byId.set(id, element); // the first one wins, as getElementById
  });
  forEachElement(root, (element) => {
    if (element.name === "style") indexStyle(element, styles, byId);
  });
  const dependencies = (element: XmlElement): XmlElement[] => {
    const ids = new Set([...attributeReferences(element), ...styleReferences(element, styles)]);
    const targets = [...ids].map((id) => byId.get(id)).filter((target): target is XmlElement => target !== undefined);
    return element.children.filter((child): child is XmlElement => child.kind === "element").concat(targets);
  };
  const sizes = new Map<XmlElement, number>();
  const open = new Set<XmlElement>([root]);
  const stack = [{ element: root, deps: dependencies(root), next: 0, size: 1 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next < frame.deps.length) {
      const dep = frame.deps[frame.next++];
      const known = sizes.get(dep);
      if (known !== undefined) {
        // Summed as it goes, so that an element with a huge number of references is refused early.
        if ((frame.size += known) > limit) refuseExpansion(limit);
        continue;
      }
      if (open.has(dep)) refuse("an element refers, directly or through others, to itself or to what contains it");
      open.add(dep);
      frame.next--; // come back to this dep once its size is known
      stack.push({ element: dep, deps: dependencies(dep), next: 0, size: 1 });
      continue;
    }
    sizes.set(frame.element, frame.size);
    open.delete(frame.element);
    stack.pop();
  }
}

const refuseExpansion = (limit: number) =>
  refuse(`expanding its <use>s and other references would make over ${limit} elements`);

function attributeReferences(element: XmlElement): string[] {
  const ids: string[] = [];
  for (const { name, value } of element.attrs) {
    // Any prefix: an unsanitised file (svg-bounds.ts) may bind xlink to another one.
    if ((name === "href" || name.endsWith(":href")) && value.trim().startsWith("#")) ids.push(value.trim().slice(1));
    else for (const [, id] of value.matchAll(URL_CALL)) ids.push(id);
  }
  return ids;
}

/** Files each url(#id) of a <style> that names an element under the selectors of its rule. */
function indexStyle(style: XmlElement, index: StyleIndex, byId: ReadonlyMap<string, XmlElement>): void {
  const css = style.children.map((child) => (child.kind === "text" ? child.text : "")).join("");
  for (const { selectors, body } of cssRules(css)) {
    const ids = [...body.matchAll(URL_CALL)].map(([, id]) => id).filter((id) => byId.has(id));
    if (ids.length === 0) continue;
    for (const selector of selectors.slice(selectors.lastIndexOf(";") + 1).split(",")) {
      const key = selectorKey(selector);
      const filed = key === null ? index.everywhere : index.byKey.get(key) ?? new Set<string>();
      if (key !== null) index.byKey.set(key, filed);
      for (const id of ids) filed.add(id);
    }
  }
}

/** The ids the <style> rules could apply to this element; keys compare without case, erring upwards. */
function styleReferences(element: XmlElement, index: StyleIndex): string[] {
  if (index.everywhere.size === 0 && index.byKey.size === 0) return [];
  const keys = [element.name.toLowerCase()];
  const id = attrValue(element, "id");
  if (id !== undefined) keys.push(`#${id.toLowerCase()}`);
  for (const name of (attrValue(element, "class") ?? "").toLowerCase().split(/\s+/)) if (name) keys.push(`.${name}`);
  return [...index.everywhere, ...keys.flatMap((key) => [...(index.byKey.get(key) ?? [])])];
}

/** `selectors { body }` pairs, the innermost for nested at-rules; quoted strings never open or close a block. */
function cssRules(css: string): { selectors: string; body: string }[] {
  const rules: { selectors: string; body: string }[] = [];
  let start = 0;
  let selectors = "";
  let bodyStart = -1;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      const end = css.indexOf(char, i + 1);
      i = end === -1 ? css.length : end;
    } else if (char === "{") {
      selectors = css.slice(start, i);
      bodyStart = start = i + 1;
    } else if (char === "}") {
      if (bodyStart !== -1) rules.push({ selectors, body: css.slice(bodyStart, i) });
      bodyStart = -1;
      start = i + 1;
    }
  }
  return rules;
}

/**
 * The key a selector's last compound is filed under: its #id, else a .class, else its type; null (everything) for
 * `*` and for anything not understood. Combinators, attribute selectors, pseudo-classes and the other parts of a
 * compound are ignored: a rule filed under fewer conditions applies to more elements, so the count errs upwards.
 */
function selectorKey(selector: string): string | null {
  const compound = selector.replace(/\[[^\]]*\]|\([^)]*\)/g, " ").trim().split(/[\s>+~]+/).pop() ?? "";
  const simple = compound.replace(/::?[\w-]+/g, "").toLowerCase();
  if (!/^(\*|[a-z][\w-]*)?([#.][\w-]+)*$/.test(simple)) return null;
  return /#[\w-]+/.exec(simple)?.[0] ?? /\.[\w-]+/.exec(simple)?.[0] ?? /^[a-z][\w-]*/.exec(simple)?.[0] ?? null;
}
