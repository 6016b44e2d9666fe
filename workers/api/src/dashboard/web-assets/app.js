// @ts-check
// The dashboard: sign-in, then a shell with four pages chosen by the URL fragment (#/overview, #/keys,
// #/playground, #/webhooks). The fragment never carries a key; the key stays in sessionStorage.
import { ApiError, api, whenUnauthorized } from "./api.js";
import { h, replace } from "./dom.js";
import { keysPage } from "./pages/keys.js";
import { overviewPage } from "./pages/overview.js";
import { playgroundPage } from "./pages/playground.js";
import { signInView } from "./pages/sign-in.js";
import { webhooksPage } from "./pages/webhooks.js";
import { session } from "./session.js";
import { announce, loading } from "./ui.js";

/** @typedef {{ signOut: (notice: string, prefill?: string) => void }} App */

const PAGES = {
  overview: { label: "Overview", render: (/** @type {HTMLElement} */ main) => overviewPage(main) },
  keys: { label: "API keys", render: (/** @type {HTMLElement} */ main, /** @type {App} */ app) => keysPage(main, app) },
  playground: { label: "Logo playground", render: (/** @type {HTMLElement} */ main) => playgroundPage(main) },
  webhooks: { label: "Webhooks", render: (/** @type {HTMLElement} */ main) => webhooksPage(main) },
};
/** @typedef {keyof typeof PAGES} PageName */

const root = /** @type {HTMLElement} */ (document.getElementById("app"));
/** @type {{ name: string | null, plan: string } | null} */
let account = null;

/** @type {App} */
const app = {
  signOut(notice, prefill = "") {
    session.signOut();
    account = null;
    showSignIn(notice, prefill);
  },
};

whenUnauthorized((message) => app.signOut(`Signed out: ${message}`));

function currentPage() {
  const name = location.hash.replace(/^#\/?/, "");
  return /** @type {PageName} */ (name in PAGES ? name : "overview");
}

/** @param {string | null} notice @param {string} [prefill] */
function showSignIn(notice, prefill = "") {
  document.title = "Sign in · Brand Asset Service";
  replace(root, signInView({ notice, prefill, onSignedIn: () => {
    if (!location.hash.startsWith("#/")) history.replaceState(null, "", "#/overview");
    void showPage(true);
  } }));
  /** @type {HTMLElement | null} */ (root.querySelector(prefill ? "button[type=submit]" : "#secret-key"))?.focus();
}

/** Builds the shell once per sign-in. */
function shell() {
  const signOut = h("button", { type: "button", class: "button button-ghost button-small", id: "sign-out" }, "Sign out");
  signOut.addEventListener("click", () => app.signOut("You are signed out. Your key was removed from this tab."));
  const nav = h("nav", { class: "nav", "aria-label": "Dashboard" },
    h("ul", {}, Object.entries(PAGES).map(([name, page]) => h("li", {}, h("a", { href: `#/${name}`, "data-page": name }, page.label)))));
  const main = h("main", { id: "main", class: "main", tabindex: "-1" });
  replace(
    root,
    h("div", { class: "layout" },
      h("header", { class: "topbar" },
        h("a", { class: "brand", href: "#/overview" }, h("span", { class: "brand-mark", "aria-hidden": "true" }), h("span", {}, "Brand Asset Service")),
        h("div", { class: "topbar-account" }, h("span", { class: "account-name", id: "account-name" }), signOut)),
      nav,
      main),
  );
  return main;
}

/** @param {boolean} [fresh] a new sign-in: rebuild the shell */
async function showPage(fresh = false) {
  if (!session.secretKey()) return showSignIn(null);
  let main = /** @type {HTMLElement | null} */ (root.querySelector("main.main"));
  if (fresh || !main) main = shell();
  const name = currentPage();
  for (const link of root.querySelectorAll("nav a")) {
    if (link.getAttribute("data-page") === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  document.title = `${PAGES[name].label} · Brand Asset Service`;
  replace(main, loading());
  try {
    if (!account) {
      account = await api.get("/account");
      const label = root.querySelector("#account-name");
      if (label && account) label.textContent = `${account.name ?? "Your account"} · ${account.plan}`;
    }
    await PAGES[name].render(main, app);
    if (!session.secretKey()) return; // signed out while rendering (a 401, or a secret-key rotation)
    /** @type {HTMLElement | null} */ (main.querySelector("h1"))?.focus();
    announce(`${PAGES[name].label} page`);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return; // already back at sign-in
    replace(main, h("div", { class: "alert alert-error", role: "alert" }, e instanceof Error ? e.message : String(e)));
  }
}

window.addEventListener("hashchange", () => {
  // In-page anchors (the skip link) are not pages.
  if (location.hash.startsWith("#/")) void showPage();
  else if (location.hash === "#main") document.getElementById("main")?.focus();
});

void showPage(true);
