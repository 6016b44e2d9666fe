// @ts-check
// Building the page without HTML strings: every value reaches the DOM as a text node or an attribute, never as markup,
// so nothing a server (or a user) sends can become script. No string is ever parsed as HTML here.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * @typedef {Node | string | number | null | undefined | false} Child
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 */

/**
 * An HTML element. `on*` attributes given a function become event listeners; `true` sets a boolean attribute;
 * null, undefined and false leave the attribute out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/**
 * An SVG element (for the usage chart).
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** @param {Element} el @param {Attrs} attrs */
function setAttrs(el, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) el.setAttribute(name, "");
    else if (value !== null && value !== undefined && value !== false) el.setAttribute(name, String(value));
  }
}

/** @param {Node} parent @param {(Child | Child[])[]} children */
export function append(parent, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces everything inside `parent`. @param {Node} parent @param {...(Child | Child[])} children */
export function replace(parent, ...children) {
  while (parent.firstChild) parent.removeChild(parent.firstChild);
  append(parent, children);
}

const numberFormat = new Intl.NumberFormat("en-US");
/** @param {number} n */
export const num = (n) => numberFormat.format(n);

/** A date (YYYY-MM-DD or ISO) as "Dec 1, 2026", in UTC like every period here. @param {string} value */
export function date(value) {
  const d = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return d.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

/** An ISO timestamp as "Nov 23, 14:05 UTC". @param {string} value */
export function dateTime(value) {
  const d = new Date(value);
  const day = d.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  const time = d.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}

/** "in 9 h 12 min" until an ISO time. @param {string} iso */
export function timeUntil(iso) {
  const minutes = Math.max(0, Math.round((new Date(iso).getTime() - Date.now()) / 60000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `in ${hours} h ${minutes % 60} min` : `in ${minutes} min`;
}

let idSeq = 0;
/** A fresh element id, for label/aria pairs. @param {string} prefix */
export const uid = (prefix) => `${prefix}-${++idSeq}`;
