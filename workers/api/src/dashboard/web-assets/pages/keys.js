// @ts-check
// Keys: the active key of each kind (prefix and date, never the key), rotate, revoke, and the referrer list of the
// publishable key. A new key is shown once; rotating the secret key ends this session (it was signed in with it).
import { api, ApiError } from "../api.js";
import { date, dateTime, h, replace } from "../dom.js";
import { session } from "../session.js";
import { announce, badge, busy, card, confirmDialog, errorBox, field, oneTimeSecret, pageHeader, showError } from "../ui.js";

/** @typedef {{ id: string, kind: "publishable" | "secret" | "beta", prefix: string, created_at: string, last_used_at: string | null, referrers: string[] | null, current: boolean }} ApiKey */

const KINDS = /** @type {const} */ ({
  publishable: { title: "Publishable key", host: "Image host", use: "Safe in web pages and apps: it goes in image URLs as token." },
  secret: { title: "Secret key", host: "JSON host", use: "Server-side only: never in front-end code or a public repository." },
  beta: { title: "Beta key", host: "Beta host", use: "For POST /transaction on the merchant identification beta." },
});

/**
 * @param {HTMLElement} main
 * @param {{ signOut: (notice: string, prefill?: string) => void }} app
 * @param {HTMLElement | null} [issued] a one-time panel to show above the list (after a rotation)
 */
export async function keysPage(main, app, issued = null) {
  const { data } = /** @type {{ data: ApiKey[] }} */ (await api.get("/account/keys"));
  const error = errorBox();
  replace(
    main,
    pageHeader("API keys", "One active key of each kind. We keep only a hash: a key is shown once, when it is issued."),
    issued,
    error,
    h("div", { class: "key-list" },
      /** @type {(keyof KINDS)[]} */ (["publishable", "secret", "beta"]).map((kind) => keyCard(kind, data.find((k) => k.kind === kind), main, app, error))),
  );
  if (issued) /** @type {HTMLElement | null} */ (issued.querySelector("input"))?.focus();
}

/**
 * @param {keyof KINDS} kind @param {ApiKey | undefined} key @param {HTMLElement} main
 * @param {{ signOut: (notice: string, prefill?: string) => void }} app @param {HTMLElement} error
 */
function keyCard(kind, key, main, app, error) {
  const info = KINDS[kind];
  const rotate = h("button", { type: "button", class: "button button-secondary", "data-action": `rotate-${kind}` }, key ? "Rotate" : "Issue key");
  rotate.addEventListener("click", () => rotateKey(kind, key, rotate, main, app, error));
  const actions = [rotate];
  if (key && !key.current) {
    const revoke = h("button", { type: "button", class: "button button-danger-ghost", "data-action": `revoke-${kind}` }, "Revoke");
    revoke.addEventListener("click", () => revokeKey(kind, key, revoke, main, app, error));
    actions.push(revoke);
  }
  return card(
    info.title,
    { description: `${info.host} · ${info.use}`, actions, className: "key-card" },
    key
      ? h("dl", { class: "key-facts" },
          h("div", {}, h("dt", {}, "Key"), h("dd", {}, h("code", { class: "key-prefix" }, key.prefix), key.current ? badge("This session", "accent") : null)),
          h("div", {}, h("dt", {}, "Created"), h("dd", {}, date(key.created_at))),
          h("div", {}, h("dt", {}, "Last used"), h("dd", {}, key.last_used_at ? dateTime(key.last_used_at) : "Never")),
          h("div", {}, h("dt", {}, "Key id"), h("dd", {}, h("code", {}, key.id))))
      : h("p", { class: "empty" }, "No active key: requests to the ", info.host.toLowerCase(), " are refused until you issue one."),
    key?.current ? h("p", { class: "hint" }, "This is the key you signed in with. Rotating it signs you out of this dashboard; it cannot be revoked from here (you would be locked out).") : null,
    kind === "publishable" && key ? referrersEditor(key, error) : null,
  );
}

/**
 * @param {keyof KINDS} kind @param {ApiKey | undefined} key @param {HTMLButtonElement} button @param {HTMLElement} main
 * @param {{ signOut: (notice: string, prefill?: string) => void }} app @param {HTMLElement} error
 */
async function rotateKey(kind, key, button, main, app, error) {
  if (key) {
    const consequences = {
      publishable: "Image URLs that carry the current key stop working within seconds. Update your pages and apps with the new key.",
      secret: "Your servers' calls with the current key get 401 at once, and this dashboard signs out: it is signed in with that key. You will sign in again with the new one.",
      beta: "Calls to the beta host with the current key get 401 at once.",
    }[kind];
    const ok = await confirmDialog({ title: `Rotate your ${KINDS[kind].title.toLowerCase()}?`, body: [consequences, "The new key is shown once."], confirmLabel: "Rotate key", danger: true });
    if (!ok) return;
  }
  showError(error, null);
  try {
    const issued = await busy(button, () => api.post("/account/keys", { kind }));
    if (kind === "publishable") session.setPublishableKey(issued.key); // the playground can use it this session
    announce(`New ${KINDS[kind].title.toLowerCase()} issued. Copy it now: it is shown once.`);
    if (issued.signed_out) {
      signedOutWithNewKey(main, app, issued.key);
      return;
    }
    await keysPage(main, app, oneTimeSecret({
      title: `Your new ${KINDS[kind].title.toLowerCase()}`,
      value: issued.key,
      valueId: "new-key-value",
      note: "Copy it now and keep it somewhere safe: it will not be shown again. The previous key no longer works.",
    }));
  } catch (e) {
    showError(error, e instanceof Error ? e.message : String(e));
  }
}

/**
 * The secret key was rotated: this session's key is dead. Show the new one once, then offer to sign in with it.
 * @param {HTMLElement} main @param {{ signOut: (notice: string, prefill?: string) => void }} app @param {string} newKey
 */
function signedOutWithNewKey(main, app, newKey) {
  session.signOut();
  const again = h("button", { type: "button", class: "button button-primary", id: "sign-in-new-key" }, "Sign in with the new key");
  again.addEventListener("click", () => app.signOut("Sign in with your new secret key.", newKey));
  replace(
    main,
    pageHeader("Secret key rotated", "You are signed out: this session used the old key, which no longer works."),
    oneTimeSecret({
      title: "Your new secret key",
      value: newKey,
      valueId: "new-key-value",
      note: "Copy it now and update your servers: it will not be shown again.",
      extra: [again],
    }),
  );
  /** @type {HTMLElement | null} */ (main.querySelector("#new-key-value"))?.focus();
}

/**
 * @param {keyof KINDS} kind @param {ApiKey} key @param {HTMLButtonElement} button @param {HTMLElement} main
 * @param {{ signOut: (notice: string, prefill?: string) => void }} app @param {HTMLElement} error
 */
async function revokeKey(kind, key, button, main, app, error) {
  const ok = await confirmDialog({
    title: `Revoke ${key.prefix}?`,
    body: [`Every request with this ${KINDS[kind].title.toLowerCase()} is refused from now on, and there is no undo. You can issue a new key afterwards.`],
    confirmLabel: "Revoke key",
    danger: true,
  });
  if (!ok) return;
  showError(error, null);
  try {
    await busy(button, () => api.del(`/account/keys/${encodeURIComponent(key.id)}`));
    announce(`${KINDS[kind].title} revoked.`);
    await keysPage(main, app);
  } catch (e) {
    showError(error, e instanceof ApiError || e instanceof Error ? e.message : String(e));
  }
}

/** The allowed referrer hosts of the publishable key: one per line. @param {ApiKey} key @param {HTMLElement} pageError */
function referrersEditor(key, pageError) {
  const referrers = key.referrers ?? [];
  const textarea = h("textarea", { rows: 3, spellcheck: "false", class: "mono", placeholder: "example.com\n*.example.com", id: "referrers-input" });
  textarea.value = referrers.join("\n");
  const error = errorBox();
  const save = h("button", { type: "submit", class: "button button-secondary" }, "Save referrers");
  const current = h("p", { class: "referrers-current", id: "referrers-current" }, describe(referrers));
  const form = h(
    "form",
    { class: "referrers" },
    h("h3", { class: "subheading" }, "Allowed referrers"),
    current,
    field("Hosts, one per line", textarea, "Exact hosts, or *.example.com for its subdomains. Leave empty to allow any site. Changes reach the image host within 10 seconds."),
    error,
    h("div", { class: "button-row" }, save),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    showError(pageError, null);
    const list = textarea.value.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
    try {
      const updated = await busy(save, () => api.put(`/account/keys/${encodeURIComponent(key.id)}/referrers`, { referrers: list }));
      showError(error, null);
      textarea.value = updated.referrers.join("\n");
      replace(current, describe(updated.referrers));
      announce("Referrers saved.");
    } catch (e) {
      showError(error, e instanceof Error ? e.message : String(e));
    }
  });
  return form;
}

/** @param {string[]} list */
const describe = (list) => (list.length ? `Works only from: ${list.join(", ")}` : "Works from any site (no restriction).");
