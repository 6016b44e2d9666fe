// @ts-check
// Shared pieces of the pages: headings, cards, form fields, alerts, the live region, copy buttons, one-time secrets
// and confirmation dialogs.
import { h, replace, uid } from "./dom.js";

/** Says `message` to screen readers through the page's polite live region. @param {string} message */
export function announce(message) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // A change after a tick, so the same message twice is read twice.
  setTimeout(() => (region.textContent = message), 50);
}

/**
 * The page's heading row; the h1 takes focus on navigation.
 * @param {string} title @param {string | Node | null} [subtitle] @param {Node[]} [actions]
 */
export function pageHeader(title, subtitle, actions = []) {
  return h(
    "div",
    { class: "page-header" },
    h("div", {}, h("h1", { tabindex: "-1", id: "page-title" }, title), subtitle ? h("p", { class: "page-subtitle" }, subtitle) : null),
    actions.length ? h("div", { class: "page-actions" }, actions) : null,
  );
}

/**
 * A titled section.
 * @param {string} title
 * @param {{ description?: string, actions?: Node[], className?: string, headingLevel?: "h2" | "h3" }} options
 * @param {...(Node | string | null | false | undefined)} children
 */
export function card(title, options, ...children) {
  const headingId = uid("card");
  return h(
    "section",
    { class: `card ${options.className ?? ""}`.trim(), "aria-labelledby": headingId },
    h(
      "div",
      { class: "card-header" },
      h("div", {}, h(options.headingLevel ?? "h2", { id: headingId, class: "card-title" }, title),
        options.description ? h("p", { class: "card-description" }, options.description) : null),
      options.actions?.length ? h("div", { class: "card-actions" }, options.actions) : null,
    ),
    ...children,
  );
}

/**
 * A labelled form control with an optional hint, wired with for/id and aria-describedby.
 * @param {string} label @param {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} control @param {string} [hint]
 */
export function field(label, control, hint) {
  control.id ||= uid("f");
  const hintId = hint ? uid("hint") : null;
  if (hintId) control.setAttribute("aria-describedby", hintId);
  return h(
    "div",
    { class: "field" },
    h("label", { for: control.id }, label),
    control,
    hint ? h("p", { class: "hint", id: hintId }, hint) : null,
  );
}

/** A region for a form's error: empty and silent until `showError`. */
export function errorBox() {
  return h("div", { class: "alert alert-error", role: "alert", hidden: true });
}

/** @param {HTMLElement} box @param {string | null} message */
export function showError(box, message) {
  box.hidden = !message;
  replace(box, message ?? "");
}

/** @param {string} text @param {"neutral" | "success" | "warning" | "danger" | "accent"} [tone] */
export const badge = (text, tone = "neutral") => h("span", { class: `badge badge-${tone}` }, text);

/**
 * Disables `button` while `work` runs, with aria-busy; the button's label stays.
 * @template T @param {HTMLButtonElement} button @param {() => Promise<T>} work @returns {Promise<T>}
 */
export async function busy(button, work) {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    return await work();
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

/**
 * A button that copies text, then says so (visibly and to screen readers).
 * @param {() => string} text @param {string} [label]
 */
export function copyButton(text, label = "Copy") {
  const button = h("button", { type: "button", class: "button button-secondary button-small" }, label);
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text());
      button.textContent = "Copied";
      announce("Copied to the clipboard.");
    } catch {
      button.textContent = "Select and copy";
      announce("Copying failed: select the text and copy it by hand.");
    }
    setTimeout(() => (button.textContent = label), 2000);
  });
  return button;
}

/**
 * A read-only value with a copy button (a URL, a new key, a signing secret).
 * @param {string} label @param {string} value @param {{ id?: string, multiline?: boolean }} [options]
 */
export function copyField(label, value, options = {}) {
  const control = options.multiline
    ? h("textarea", { readonly: true, rows: 3, spellcheck: "false", class: "mono", id: options.id })
    : h("input", { type: "text", readonly: true, spellcheck: "false", autocomplete: "off", class: "mono", id: options.id });
  control.value = value;
  control.addEventListener("focus", () => control.select());
  control.id ||= uid("copy");
  return h(
    "div",
    { class: "field" },
    h("label", { for: control.id }, label),
    h("div", { class: "copy-row" }, control, copyButton(() => control.value)),
  );
}

/**
 * A secret shown once (a new key, a signing secret): the value, a copy button and what to do now.
 * @param {{ title: string, value: string, note: string, valueId?: string, extra?: Node[] }} options
 */
export function oneTimeSecret({ title, value, note, valueId, extra = [] }) {
  const headingId = uid("secret");
  return h(
    "section",
    { class: "secret-panel", role: "status", "aria-labelledby": headingId },
    h("h2", { id: headingId, class: "secret-title" }, title),
    h("p", {}, note),
    copyField("Value", value, { id: valueId }),
    extra.length ? h("div", { class: "button-row" }, extra) : null,
  );
}

/**
 * Asks before something that cannot be undone. Resolves true on confirm; Escape or Cancel resolve false.
 * @param {{ title: string, body: (string | Node)[], confirmLabel: string, danger?: boolean }} options
 * @returns {Promise<boolean>}
 */
export function confirmDialog({ title, body, confirmLabel, danger = false }) {
  const titleId = uid("dialog");
  const cancel = h("button", { type: "button", class: "button button-secondary" }, "Cancel");
  const confirm = h("button", { type: "button", class: `button ${danger ? "button-danger" : "button-primary"}` }, confirmLabel);
  const dialog = h(
    "dialog",
    { class: "dialog", "aria-labelledby": titleId },
    h("h2", { id: titleId, class: "dialog-title" }, title),
    ...body.map((part) => (typeof part === "string" ? h("p", {}, part) : part)),
    h("div", { class: "button-row button-row-end" }, cancel, confirm),
  );
  document.body.appendChild(dialog);
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  return new Promise((resolve) => {
    /** @param {boolean} answer */
    const close = (answer) => {
      dialog.close();
      dialog.remove();
      opener?.focus();
      resolve(answer);
    };
    cancel.addEventListener("click", () => close(false));
    confirm.addEventListener("click", () => close(true));
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      close(false);
    });
    dialog.showModal();
    cancel.focus(); // the safe choice has focus first
  });
}

/** A table with a caption (visually hidden when `hideCaption`). @param {{ caption: string, hideCaption?: boolean, head: string[], rows: Node[], className?: string }} o */
export function table({ caption, hideCaption = false, head, rows, className = "" }) {
  return h(
    "div",
    { class: "table-wrap" },
    h(
      "table",
      { class: `table ${className}`.trim() },
      h("caption", { class: hideCaption ? "visually-hidden" : "" }, caption),
      h("thead", {}, h("tr", {}, head.map((label) => h("th", { scope: "col" }, label)))),
      h("tbody", {}, rows),
    ),
  );
}

/** A quiet line where a list is empty. @param {string} text */
export const empty = (text) => h("p", { class: "empty" }, text);

/** A page-level placeholder while data loads. */
export const loading = () => h("p", { class: "loading", role: "status" }, "Loading…");
