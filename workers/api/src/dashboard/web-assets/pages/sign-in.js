// @ts-check
// Sign-in with the secret key. The key is checked against GET /account before it is kept (sessionStorage only).
import { request } from "../api.js";
import { h } from "../dom.js";
import { session } from "../session.js";
import { busy, errorBox, field, showError } from "../ui.js";

/**
 * @param {{ notice?: string | null, prefill?: string, onSignedIn: () => void }} options
 */
export function signInView({ notice, prefill = "", onSignedIn }) {
  const input = h("input", {
    type: "password",
    name: "secret_key",
    autocomplete: "off",
    spellcheck: "false",
    autocapitalize: "off",
    required: true,
    placeholder: "sk_…",
    class: "mono",
  });
  input.value = prefill;
  const reveal = h("button", { type: "button", class: "button button-ghost button-small", "aria-pressed": "false" }, "Show");
  reveal.addEventListener("click", () => {
    const shown = input.type === "text";
    input.type = shown ? "password" : "text";
    reveal.textContent = shown ? "Show" : "Hide";
    reveal.setAttribute("aria-pressed", String(!shown));
  });
  const error = errorBox();
  const submit = h("button", { type: "submit", class: "button button-primary button-block" }, "Sign in");

  const form = h(
    "form",
    { class: "signin-form", novalidate: true },
    h("div", { class: "field" },
      h("label", { for: "secret-key" }, "Secret key"),
      h("div", { class: "input-with-button" }, Object.assign(input, { id: "secret-key" }), reveal),
      h("p", { class: "hint", id: "secret-key-hint" },
        "The sk_… key from your welcome email or from the operator. It stays in this browser tab and is sent only to this host, as an Authorization header.")),
    error,
    submit,
  );
  input.setAttribute("aria-describedby", "secret-key-hint");

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const key = input.value.trim();
    if (!key.startsWith("sk_")) {
      showError(error, key.startsWith("pk_") || key.startsWith("tx_beta_")
        ? "That is a publishable or beta key. The dashboard opens with your secret key (sk_…)."
        : "Enter your secret key: it starts with sk_.");
      input.focus();
      return;
    }
    showError(error, null);
    try {
      await busy(submit, () => request("GET", "/account", undefined, { key, quiet401: true }));
      session.signIn(key);
      onSignedIn();
    } catch (e) {
      showError(error, e instanceof Error ? e.message : String(e));
      input.focus();
    }
  });

  return h(
    "main",
    { id: "main", class: "signin", tabindex: "-1" },
    h(
      "div",
      { class: "signin-card" },
      h("div", { class: "brand brand-large" }, h("span", { class: "brand-mark", "aria-hidden": "true" }), h("span", {}, "Brand Asset Service")),
      h("h1", { id: "page-title", tabindex: "-1" }, "Sign in to your dashboard"),
      h("p", { class: "page-subtitle" }, "Keys, usage, credits, logos and webhooks for your account."),
      notice ? h("div", { class: "alert alert-info", role: "status" }, notice) : null,
      form,
    ),
  );
}
