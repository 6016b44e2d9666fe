// @ts-check
// Logo playground: pick a lookup and parameters, see the image from the image host, copy the exact URL.
// The image host takes the publishable key, whose plain value we do not store: the user pastes it (kept in this tab),
// or it is filled in after a rotation on the Keys page this session.
import { h, replace, uid } from "../dom.js";
import { session } from "../session.js";
import { announce, card, copyButton, field, pageHeader } from "../ui.js";

const LOOKUPS = /** @type {const} */ ([
  { value: "domain", label: "Domain", path: "", example: "stripe.com" },
  { value: "name", label: "Brand name", path: "name/", example: "Spotify" },
  { value: "ticker", label: "Stock ticker", path: "ticker/", example: "AAPL" },
  { value: "isin", label: "ISIN", path: "isin/", example: "US0378331005" },
  { value: "crypto", label: "Crypto symbol", path: "crypto/", example: "BTC" },
  { value: "exchange", label: "Stock exchange", path: "exchange/", example: "NYSE" },
  { value: "index", label: "Market index", path: "index/", example: "SPX" },
]);

/** The image host's base URL, from the page (the Worker fills it in). */
const imgBase = () => (document.querySelector('meta[name="img-base-url"]')?.getAttribute("content") ?? "").replace(/\/+$/, "");

/** @param {HTMLElement} main */
export function playgroundPage(main) {
  const key = h("input", { type: "text", class: "mono", autocomplete: "off", spellcheck: "false", placeholder: "pk_…", id: "pg-key" });
  key.value = session.publishableKey();
  const lookup = select("pg-lookup", LOOKUPS.map((l) => [l.value, l.label]), "domain");
  const value = h("input", { type: "text", autocomplete: "off", spellcheck: "false", id: "pg-value", required: true });
  value.value = "stripe.com";
  const size = h("input", { type: "number", min: 1, max: 800, step: 1, inputmode: "numeric", id: "pg-size" });
  size.value = "128";
  const format = select("pg-format", [["jpg", "JPEG (default, no transparency)"], ["png", "PNG"], ["webp", "WebP"]], "png");
  const theme = select("pg-theme", [["auto", "Auto (default)"], ["light", "Light page"], ["dark", "Dark page"]], "auto");
  const fallback = select("pg-fallback", [["monogram", "Monogram (default)"], ["404", "404 when no logo"]], "monogram");
  const greyscale = checkbox("pg-greyscale", "Greyscale");
  const retina = checkbox("pg-retina", "Retina (2× pixels)");

  const image = h("img", { alt: "", class: "preview-image", id: "pg-image", decoding: "async" });
  const stage = h("div", { class: "preview-stage" }, image);
  const status = h("p", { class: "preview-status", role: "status", id: "pg-status" }, "");
  const url = h("textarea", { readonly: true, rows: 3, class: "mono", spellcheck: "false", id: "pg-url" });
  url.addEventListener("focus", () => url.select());

  const update = () => {
    session.setPublishableKey(key.value.trim());
    const chosen = LOOKUPS.find((l) => l.value === lookup.value) ?? LOOKUPS[0];
    value.placeholder = chosen.example;
    const built = buildUrl({
      key: key.value.trim(),
      path: chosen.path,
      value: value.value.trim(),
      size: size.value.trim(),
      format: format.value,
      theme: theme.value,
      fallback: fallback.value,
      greyscale: greyscale.input.checked,
      retina: retina.input.checked,
    });
    url.value = built ?? "";
    stage.className = `preview-stage preview-${theme.value === "dark" ? "dark" : "light"}`;
    if (!built) {
      image.removeAttribute("src");
      image.hidden = true;
      status.textContent = !key.value.trim() ? "Paste your publishable key (pk_…) to see the logo." : "Enter something to look up.";
      return;
    }
    image.hidden = false;
    status.textContent = "Loading…";
    image.alt = `Logo for ${value.value.trim()}`;
    image.src = built;
  };
  image.addEventListener("load", () => {
    status.textContent = `Loaded: ${image.naturalWidth} × ${image.naturalHeight} pixels.`;
  });
  image.addEventListener("error", () => {
    image.hidden = true;
    status.textContent =
      "No image: the key may be wrong or revoked, restricted to other referrers (the playground sends none), the input malformed, or no logo exists with fallback 404.";
  });

  let timer = 0;
  const later = () => {
    clearTimeout(timer);
    timer = window.setTimeout(update, 350);
  };
  for (const control of [key, value, size]) control.addEventListener("input", later);
  for (const control of [lookup, format, theme, fallback, greyscale.input, retina.input]) control.addEventListener("change", update);
  lookup.addEventListener("change", () => {
    value.value = (LOOKUPS.find((l) => l.value === lookup.value) ?? LOOKUPS[0]).example;
    update();
  });

  const form = h(
    "form",
    { class: "playground-form", "aria-label": "Logo request" },
    field("Publishable key", key, "Public by design (it goes in image URLs). Kept in this tab only. A key you issue on the Keys page fills in here."),
    h("div", { class: "field-pair" }, field("Look up by", lookup), field("Value", value)),
    h("div", { class: "field-pair" }, field("Size (px)", size, "1–800; the logo fits inside, never cropped."), field("Format", format)),
    h("div", { class: "field-pair" }, field("Theme", theme, "The page colour the logo sits on."), field("Fallback", fallback)),
    h("fieldset", { class: "checks" }, h("legend", {}, "Options"), greyscale.wrap, retina.wrap),
    h("div", { class: "button-row" }, h("button", { type: "submit", class: "button button-primary" }, "Show logo")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
    announce("Logo request updated.");
  });

  replace(
    main,
    pageHeader("Logo playground", "Try the image host with your publishable key, then copy the URL into your page."),
    h("div", { class: "playground" },
      card("Request", {}, form),
      card("Result", { className: "preview-card" },
        stage,
        status,
        h("div", { class: "field" }, h("label", { for: "pg-url" }, "Image URL"), url),
        h("div", { class: "button-row" }, copyButton(() => url.value, "Copy URL")),
        h("p", { class: "hint" }, "Use it in an img tag as is. Add redirect to get a signed, cacheable URL that needs no key."))),
  );
  update();
}

/**
 * The image-host URL for these choices; null while the key or the value is missing. Parameters at their defaults are
 * left out, so the URL is the shortest that gives this image.
 * @param {{ key: string, path: string, value: string, size: string, format: string, theme: string, fallback: string, greyscale: boolean, retina: boolean }} o
 */
export function buildUrl(o) {
  if (!o.key || !o.value) return null;
  const params = new URLSearchParams();
  params.set("token", o.key);
  if (o.size && o.size !== "128") params.set("size", o.size);
  if (o.format !== "jpg") params.set("format", o.format);
  if (o.theme !== "auto") params.set("theme", o.theme);
  if (o.fallback !== "monogram") params.set("fallback", o.fallback);
  if (o.greyscale) params.set("greyscale", "true");
  if (o.retina) params.set("retina", "true");
  return `${imgBase()}/${o.path}${encodeURIComponent(o.value)}?${params}`;
}

/** @param {string} id @param {(readonly [string, string] | string[])[]} options @param {string} selected */
function select(id, options, selected) {
  const el = h("select", { id }, options.map(([value, label]) => h("option", { value }, label)));
  el.value = selected;
  return el;
}

/** @param {string} id @param {string} label */
function checkbox(id, label) {
  const input = h("input", { type: "checkbox", id: id || uid("cb") });
  return { input, wrap: h("label", { class: "check", for: input.id }, input, " ", label) };
}
