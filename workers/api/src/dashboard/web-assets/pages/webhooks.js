// @ts-check
// Subscriptions (which brands send events) and webhook endpoints (where they go): list, add, remove; each endpoint's
// deliveries with their status, a test event, and replay. These calls use the public JSON API (/subscriptions,
// /webhooks), so each counts one request from the pool like any other API call.
import { api } from "../api.js";
import { date, dateTime, h, replace } from "../dom.js";
import { announce, badge, busy, card, confirmDialog, empty, errorBox, field, oneTimeSecret, pageHeader, showError, table } from "../ui.js";

const EVENT_TYPES = ["brand.indexed", "brand.updated", "logo.updated"];

/** @param {HTMLElement} main */
export async function webhooksPage(main) {
  const subscriptions = h("div", { id: "subscriptions" });
  const endpoints = h("div", { id: "endpoints" });
  replace(
    main,
    pageHeader("Webhooks", "Subscribe to brands, and we POST a signed event to your endpoints when one changes."),
    subscriptions,
    endpoints,
    h(
      "p",
      { class: "hint page-footnote" },
      "Calls on this page go through the public API (/subscriptions, /webhooks) and count toward your request pool. Events are signed per Standard Webhooks; the ",
      h("a", { href: "/docs" }, "API reference"),
      " documents each event, its signature headers and the endpoints.",
    ),
  );
  await Promise.all([renderSubscriptions(subscriptions), renderEndpoints(endpoints)]);
}

// Subscriptions --------------------------------------------------------------------------------------------------

/** @param {HTMLElement} root */
async function renderSubscriptions(root) {
  const page = await api.get("/subscriptions?limit=100");
  const domain = h("input", { type: "text", autocomplete: "off", spellcheck: "false", placeholder: "stripe.com", id: "sub-domain", required: true });
  const error = errorBox();
  const add = h("button", { type: "submit", class: "button button-primary" }, "Subscribe");
  const form = h("form", { class: "inline-form" }, field("Brand domain", domain, "A domain we have not indexed yet is indexed first."), h("div", { class: "inline-form-actions" }, add));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const sub = await busy(add, () => api.post("/subscriptions", { domain: domain.value.trim() }));
      announce(`Subscribed to ${sub.domain}.`);
      await renderSubscriptions(root);
      /** @type {HTMLElement | null} */ (root.querySelector("#sub-domain"))?.focus();
    } catch (e) {
      showError(error, e instanceof Error ? e.message : String(e));
      domain.focus();
    }
  });

  replace(
    root,
    card(
      "Subscriptions",
      { description: "Brands whose changes you receive: first indexing, profile updates, new logos. Subscribed brands are re-checked daily." },
      form,
      error,
      page.data.length
        ? table({
            caption: "Subscriptions",
            hideCaption: true,
            head: ["Domain", "Brand", "Since", ""],
            rows: page.data.map((/** @type {any} */ s) => {
              const remove = h("button", { type: "button", class: "button button-danger-ghost button-small", "aria-label": `Unsubscribe from ${s.domain}` }, "Remove");
              remove.addEventListener("click", async () => {
                const ok = await confirmDialog({ title: `Unsubscribe from ${s.domain}?`, body: ["Its events stop reaching your endpoints."], confirmLabel: "Unsubscribe", danger: true });
                if (!ok) return;
                try {
                  await busy(remove, () => api.del(`/subscriptions/${encodeURIComponent(s.id)}`));
                  announce(`Unsubscribed from ${s.domain}.`);
                  await renderSubscriptions(root);
                } catch (e) {
                  showError(error, e instanceof Error ? e.message : String(e));
                }
              });
              return h("tr", {}, h("td", {}, h("code", {}, s.domain)), h("td", {}, s.entity_id ? h("code", { class: "muted" }, s.entity_id) : badge("Indexing", "warning")),
                h("td", {}, date(s.created_at)), h("td", { class: "actions" }, remove));
            }),
          })
        : empty("No subscriptions yet."),
      page.next_cursor ? h("p", { class: "hint" }, "Showing the newest 100.") : null,
    ),
  );
}

// Endpoints ------------------------------------------------------------------------------------------------------

/** @param {HTMLElement} root @param {Node | null} [secret] */
async function renderEndpoints(root, secret = null) {
  const page = await api.get("/webhooks?limit=100");
  const url = h("input", { type: "url", autocomplete: "off", spellcheck: "false", placeholder: "https://example.com/hooks/brands", id: "wh-url", required: true });
  const description = h("input", { type: "text", autocomplete: "off", id: "wh-description", maxlength: 500 });
  const checks = EVENT_TYPES.map((type) => {
    const input = h("input", { type: "checkbox", value: type, checked: true, id: `wh-event-${type.replace(".", "-")}` });
    return { input, wrap: h("label", { class: "check", for: input.id }, input, " ", h("code", {}, type)) };
  });
  const error = errorBox();
  const add = h("button", { type: "submit", class: "button button-primary" }, "Add endpoint");
  const form = h(
    "form",
    { class: "endpoint-form" },
    h("div", { class: "field-pair" }, field("Endpoint URL", url, "https on a public domain."), field("Description (optional)", description)),
    h("fieldset", { class: "checks" }, h("legend", {}, "Events"), checks.map((c) => c.wrap), h("p", { class: "hint" }, "All three checked also means event types added later.")),
    error,
    h("div", { class: "button-row" }, add),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = checks.filter((c) => c.input.checked).map((c) => c.input.value);
    if (chosen.length === 0) {
      showError(error, "Choose at least one event type.");
      return;
    }
    /** @type {{ url: string, description?: string, events?: string[] }} */
    const body = { url: url.value.trim() };
    if (description.value.trim()) body.description = description.value.trim();
    if (chosen.length < EVENT_TYPES.length) body.events = chosen;
    try {
      const created = await busy(add, () => api.post("/webhooks", body));
      announce("Webhook endpoint added. Copy its signing secret now.");
      await renderEndpoints(root, oneTimeSecret({
        title: "Signing secret for the new endpoint",
        value: created.secret,
        valueId: "new-webhook-secret",
        note: `Your receiver at ${created.url} verifies each event with it. It is shown once; rotate it through the API if it leaks.`,
      }));
      /** @type {HTMLElement | null} */ (root.querySelector("#new-webhook-secret"))?.focus();
    } catch (e) {
      showError(error, e instanceof Error ? e.message : String(e));
      url.focus();
    }
  });

  replace(
    root,
    card("Endpoints", { description: "The URLs that receive events. Failed deliveries are retried for about a day; 410 Gone disables an endpoint." },
      form,
      secret,
      h("div", { class: "endpoint-list", id: "endpoint-list" },
        page.data.length ? page.data.map((/** @type {any} */ e) => endpointItem(e, root)) : empty("No webhook endpoints yet."))),
  );
}

/** @param {any} endpoint @param {HTMLElement} root */
function endpointItem(endpoint, root) {
  const error = errorBox();
  const deliveries = h("div", { class: "deliveries", id: `deliveries-${endpoint.id}`, hidden: true });
  const toggle = h("button", { type: "button", class: "button button-secondary button-small", "aria-expanded": "false", "aria-controls": deliveries.id }, "Deliveries");
  toggle.addEventListener("click", async () => {
    const open = toggle.getAttribute("aria-expanded") === "true";
    toggle.setAttribute("aria-expanded", String(!open));
    deliveries.hidden = open;
    if (!open) await renderDeliveries(deliveries, endpoint, error);
  });
  const test = h("button", { type: "button", class: "button button-secondary button-small" }, "Send test event");
  test.addEventListener("click", async () => {
    try {
      await busy(test, () => api.post(`/webhooks/${encodeURIComponent(endpoint.id)}/test`));
      announce("Test event queued.");
      toggle.setAttribute("aria-expanded", "true");
      deliveries.hidden = false;
      await renderDeliveries(deliveries, endpoint, error);
    } catch (e) {
      showError(error, e instanceof Error ? e.message : String(e));
    }
  });
  const remove = h("button", { type: "button", class: "button button-danger-ghost button-small" }, "Delete");
  remove.addEventListener("click", async () => {
    const ok = await confirmDialog({ title: "Delete this endpoint?", body: [h("p", {}, h("code", {}, endpoint.url)), "It stops receiving events, and its delivery log is deleted."], confirmLabel: "Delete endpoint", danger: true });
    if (!ok) return;
    try {
      await busy(remove, () => api.del(`/webhooks/${encodeURIComponent(endpoint.id)}`));
      announce("Webhook endpoint deleted.");
      await renderEndpoints(root);
    } catch (e) {
      showError(error, e instanceof Error ? e.message : String(e));
    }
  });
  /** @type {Node[]} */
  const actions = [toggle, test];
  if (!endpoint.enabled) {
    const enable = h("button", { type: "button", class: "button button-secondary button-small" }, "Enable");
    enable.addEventListener("click", async () => {
      try {
        await busy(enable, () => api.patch(`/webhooks/${encodeURIComponent(endpoint.id)}`, { enabled: true }));
        announce("Endpoint enabled. Replay what it missed from its deliveries.");
        await renderEndpoints(root);
      } catch (e) {
        showError(error, e instanceof Error ? e.message : String(e));
      }
    });
    actions.unshift(enable);
  }
  actions.push(remove);

  return h(
    "article",
    { class: "endpoint", "aria-label": `Endpoint ${endpoint.url}` },
    h("div", { class: "endpoint-head" },
      h("div", { class: "endpoint-main" },
        h("p", { class: "endpoint-url" }, h("code", {}, endpoint.url)),
        h("p", { class: "endpoint-meta" },
          endpoint.enabled ? badge("Enabled", "success") : badge(`Disabled${endpoint.disabled_reason ? `: ${endpoint.disabled_reason}` : ""}`, "danger"),
          " ", endpoint.events ? endpoint.events.join(", ") : "All events",
          endpoint.description ? ` · ${endpoint.description}` : "",
          ` · added ${date(endpoint.created_at)}`)),
      h("div", { class: "endpoint-actions" }, actions)),
    error,
    deliveries,
  );
}

const STATUS_TONE = /** @type {const} */ ({ delivered: "success", pending: "warning", failed: "danger" });

/** @param {HTMLElement} root @param {any} endpoint @param {HTMLElement} error */
async function renderDeliveries(root, endpoint, error) {
  replace(root, h("p", { class: "loading" }, "Loading deliveries…"));
  const page = await api.get(`/webhooks/${encodeURIComponent(endpoint.id)}/deliveries?limit=20`);
  const refresh = h("button", { type: "button", class: "button button-ghost button-small" }, "Refresh");
  refresh.addEventListener("click", () => busy(refresh, () => renderDeliveries(root, endpoint, error)));
  replace(
    root,
    h("div", { class: "deliveries-head" }, h("h3", { class: "subheading" }, "Recent deliveries"), refresh),
    page.data.length
      ? table({
          caption: `Deliveries to ${endpoint.url}`,
          hideCaption: true,
          head: ["Event", "Status", "Attempts", "Last response", "Created", ""],
          rows: page.data.map((/** @type {any} */ d) => {
            const last = d.attempts[0];
            const replay = h("button", { type: "button", class: "button button-ghost button-small", "aria-label": `Replay delivery ${d.id}` }, "Replay");
            replay.addEventListener("click", async () => {
              try {
                await busy(replay, () => api.post(`/webhooks/${encodeURIComponent(endpoint.id)}/deliveries/${encodeURIComponent(d.id)}/replay`));
                announce("Delivery replayed: sending again now.");
                await renderDeliveries(root, endpoint, error);
              } catch (e) {
                showError(error, e instanceof Error ? e.message : String(e));
              }
            });
            return h("tr", {},
              h("td", {}, h("code", {}, d.event_type)),
              h("td", {}, badge(d.status, STATUS_TONE[/** @type {keyof STATUS_TONE} */ (d.status)] ?? "neutral")),
              h("td", { class: "num" }, String(d.attempt_count)),
              h("td", {}, last ? (last.response_status ? `HTTP ${last.response_status}` : last.error ?? "No answer") : d.status === "pending" ? "Not sent yet" : "—"),
              h("td", {}, dateTime(d.created_at)),
              h("td", { class: "actions" }, endpoint.enabled ? replay : null));
          }),
        })
      : empty("No deliveries yet. Send a test event to try your receiver."),
  );
}
