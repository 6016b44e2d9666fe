// A small XML reader for SVG files: text → a tree of elements and text nodes, with no DTD support at all.
//
// It exists so that the sanitiser (svg-sanitize.ts) works on parsed elements and re-serialises them from an
// allow-list, never on raw markup. It is strict where leniency could hide something (DOCTYPE, named entities other
// than the five XML ones, unbalanced tags, characters XML forbids) and lenient where the reading is unambiguous
// (unquoted attribute values, a missing space between attributes), because nothing of the input is copied verbatim.

export class SvgRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SvgRefused";
  }
}

// Typed as a const with an annotation so that TypeScript narrows after a call to it.
export const refuse: (reason: string) => never = (reason) => {
  throw new SvgRefused(reason);
};

/** An attribute as written (name with any prefix), its value with character references decoded. */
export type XmlAttr = { name: string; value: string };
/** Text with references decoded; `cdata` when it came from a CDATA section. */
export type XmlText = { kind: "text"; text: string; cdata: boolean };
export type XmlElement = { kind: "element"; name: string; attrs: XmlAttr[]; children: XmlNode[] };
export type XmlNode = XmlElement | XmlText;

export type TreeLimits = { readonly elements: number; readonly depth: number };

/** Parses a whole document into its root element; throws SvgRefused on anything malformed or over the limits. */
export function parseXml(source: string, limits: TreeLimits): XmlElement {
  // XML's end-of-line handling, so that attribute and text values compare and re-serialise the same way.
  const text = source.replace(/\r\n?/g, "\n");
  if (FORBIDDEN_CHAR.test(text)) refuse("the file holds characters XML does not allow (control characters)");
  const tree = new TreeBuilder(limits);
  let pos = 0;
  while (pos < text.length) pos = readToken(text, pos, tree);
  return tree.finish();
}

// Anything outside XML 1.0's Char production; lone surrogates included, thanks to the u flag.
const FORBIDDEN_CHAR = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME = /[A-Za-z_:\u00C0-\uFFFF][-\w:.\u00B7\u00C0-\uFFFF]*/y;
// An unquoted value runs to whitespace or ">"; a "/" directly before ">" closes the tag instead.
const UNQUOTED_VALUE = /(?:[^\s>"'<=`/]|\/(?!>))+/y;
const REFERENCE = /&(?:#([0-9]+)|#x([0-9a-fA-F]+)|([A-Za-z_][-\w.]*));/y;
// A Map, not an object literal: "&constructor;" must not find Object.prototype.constructor.
const XML_ENTITIES = new Map([["lt", "<"], ["gt", ">"], ["amp", "&"], ["quot", '"'], ["apos", "'"]]);

/** Reads the token at `pos` into the tree and returns where the next one starts. */
function readToken(text: string, pos: number, tree: TreeBuilder): number {
  if (text[pos] !== "<") {
    const end = text.indexOf("<", pos);
    const stop = end === -1 ? text.length : end;
    tree.text(decodeReferences(text.slice(pos, stop)), false);
    return stop;
  }
  if (text.startsWith("<!--", pos)) return find(text, "-->", pos + 4, "a comment is never closed") + 3;
  if (text.startsWith("<![CDATA[", pos)) {
    const end = find(text, "]]>", pos + 9, "a CDATA section is never closed");
    tree.text(text.slice(pos + 9, end), true);
    return end + 3;
  }
  // DOCTYPE, ENTITY, ELEMENT, ATTLIST: entity expansion is the classic XML bomb, so no declarations at all.
  if (text.startsWith("<!", pos)) refuse("document type and entity declarations (<!DOCTYPE>, <!ENTITY>) are refused");
  // Processing instructions (<?xml …?>, <?xml-stylesheet …?>) are read past and never written out.
  if (text.startsWith("<?", pos)) return find(text, "?>", pos + 2, "a processing instruction is never closed") + 2;
  if (text.startsWith("</", pos)) return readCloseTag(text, pos, tree);
  return readOpenTag(text, pos, tree);
}

function readCloseTag(text: string, start: number, tree: TreeBuilder): number {
  const name = readName(text, start + 2) ?? refuse(`a malformed closing tag at character ${start}`);
  const end = skipSpace(text, start + 2 + name.length);
  if (text[end] !== ">") refuse(`the closing tag </${name}> is malformed`);
  tree.close(name);
  return end + 1;
}

function readOpenTag(text: string, start: number, tree: TreeBuilder): number {
  const name = readName(text, start + 1) ?? refuse(`a "<" that starts no tag at character ${start}`);
  const attrs: XmlAttr[] = [];
  let pos = start + 1 + name.length;
  for (;;) {
    pos = skipSpace(text, pos);
    if (pos >= text.length) refuse(`the tag <${name}> is never closed`);
    const selfClosing = text.startsWith("/>", pos);
    if (selfClosing || text[pos] === ">") {
      tree.open(name, attrs, selfClosing);
      return pos + (selfClosing ? 2 : 1);
    }
    const attrName = readName(text, pos) ?? refuse(`a malformed attribute in <${name}>`);
    pos = skipSpace(text, pos + attrName.length);
    if (text[pos] !== "=") {
      attrs.push({ name: attrName, value: "" }); // a bare attribute name, as HTML allows
      continue;
    }
    const [value, next] = readValue(text, skipSpace(text, pos + 1), name);
    attrs.push({ name: attrName, value });
    pos = next;
  }
}

/** An attribute value, quoted or not, with XML's attribute-value normalisation of literal whitespace. */
function readValue(text: string, pos: number, tag: string): [string, number] {
  const quote = text[pos];
  if (quote === '"' || quote === "'") {
    const end = find(text, quote, pos + 1, `an attribute value in <${tag}> is never closed`);
    return [decodeReferences(text.slice(pos + 1, end).replace(/[\t\n]/g, " ")), end + 1];
  }
  UNQUOTED_VALUE.lastIndex = pos;
  const raw = UNQUOTED_VALUE.exec(text)?.[0] ?? refuse(`an attribute in <${tag}> has no value after "="`);
  return [decodeReferences(raw), pos + raw.length];
}

/** Decodes the five XML entities and numeric references; any other named entity or stray "&" is refused. */
function decodeReferences(raw: string): string {
  if (!raw.includes("&")) return raw;
  let out = "";
  let pos = 0;
  for (let amp = raw.indexOf("&"); amp !== -1; amp = raw.indexOf("&", pos)) {
    REFERENCE.lastIndex = amp;
    const match = REFERENCE.exec(raw) ?? refuse(`a stray "&", no character reference: ${raw.slice(amp, amp + 12)}`);
    const [, decimal, hex, named] = match;
    out += raw.slice(pos, amp);
    if (named !== undefined) out += XML_ENTITIES.get(named) ?? refuse(`the entity &${named}; is not one of XML's five`);
    else out += codePoint(decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex, 16));
    pos = REFERENCE.lastIndex;
  }
  return out + raw.slice(pos);
}

function codePoint(n: number): string {
  const allowed = n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) ||
    (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
  return allowed ? String.fromCodePoint(n) : refuse(`the character reference &#${n}; is not a character XML allows`);
}

function readName(text: string, pos: number): string | null {
  NAME.lastIndex = pos;
  return NAME.exec(text)?.[0] ?? null;
}

function skipSpace(text: string, pos: number): number {
  while (pos < text.length && (text[pos] === " " || text[pos] === "\t" || text[pos] === "\n")) pos++;
  return pos;
}

function find(text: string, needle: string, from: number, missing: string): number {
  const at = text.indexOf(needle, from);
  return at === -1 ? refuse(missing) : at;
}

/** Builds the element tree from tokens, holding the element count and nesting depth to their limits. */
class TreeBuilder {
  private readonly stack: XmlElement[] = [];
  private root: XmlElement | null = null;
  private count = 0;

  private readonly limits: TreeLimits;

  // No parameter property: Node's type stripping, which runs this outside Workers, does not support them.
  constructor(limits: TreeLimits) {
    this.limits = limits;
  }

  open(name: string, attrs: XmlAttr[], selfClosing: boolean): void {
    if (++this.count > this.limits.elements) refuse(`the file has more than ${this.limits.elements} elements`);
    if (this.stack.length >= this.limits.depth) refuse(`elements are nested more than ${this.limits.depth} deep`);
    const element: XmlElement = { kind: "element", name, attrs, children: [] };
    const parent = this.stack.at(-1);
    if (parent) parent.children.push(element);
    else if (this.root) refuse("the file has more than one root element");
    else this.root = element;
    if (!selfClosing) this.stack.push(element);
  }

  close(name: string): void {
    const open = this.stack.pop();
    if (open?.name !== name) refuse(open ? `</${name}> does not close <${open.name}>` : `</${name}> closes nothing`);
  }

  text(text: string, cdata: boolean): void {
    const parent = this.stack.at(-1);
    if (parent) parent.children.push({ kind: "text", text, cdata });
    else if (cdata || !/^[ \t\n]*$/.test(text)) refuse("the file has text outside its root element");
  }

  finish(): XmlElement {
    const open = this.stack.at(-1);
    if (open) refuse(`<${open.name}> is never closed`);
    return this.root ?? refuse("the file has no root element");
  }
}

export const attrValue = (element: XmlElement, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

export function forEachElement(element: XmlElement, visit: (element: XmlElement) => void): void {
  visit(element);
  for (const child of element.children) if (child.kind === "element") forEachElement(child, visit);
}
