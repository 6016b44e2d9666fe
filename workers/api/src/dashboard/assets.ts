// The dashboard's files, bundled into the Worker as text (see modules.d.ts) and served from memory: no CDN, no
// build step, nothing fetched at run time. The .js files are the browser's ES modules; the Worker never runs them.
import API_JS from "./web-assets/api.js";
import APP_JS from "./web-assets/app.js";
import CHART_JS from "./web-assets/chart.js";
import CSS from "./web-assets/dashboard.css";
import DOM_JS from "./web-assets/dom.js";
import FAVICON from "./web-assets/favicon.svg";
import INDEX_HTML from "./web-assets/index.html";
import KEYS_JS from "./web-assets/pages/keys.js";
import OVERVIEW_JS from "./web-assets/pages/overview.js";
import PLAYGROUND_JS from "./web-assets/pages/playground.js";
import SIGN_IN_JS from "./web-assets/pages/sign-in.js";
import WEBHOOKS_JS from "./web-assets/pages/webhooks.js";
import SESSION_JS from "./web-assets/session.js";
import UI_JS from "./web-assets/ui.js";
import { sha256Hex } from "@brand/core/ids";

export type Asset = { body: string; type: string };

const JS = "text/javascript; charset=utf-8";

/** Served under /dashboard/assets/{name}. */
export const ASSETS: Record<string, Asset> = {
  "app.js": { body: APP_JS, type: JS },
  "api.js": { body: API_JS, type: JS },
  "chart.js": { body: CHART_JS, type: JS },
  "dom.js": { body: DOM_JS, type: JS },
  "session.js": { body: SESSION_JS, type: JS },
  "ui.js": { body: UI_JS, type: JS },
  "pages/keys.js": { body: KEYS_JS, type: JS },
  "pages/overview.js": { body: OVERVIEW_JS, type: JS },
  "pages/playground.js": { body: PLAYGROUND_JS, type: JS },
  "pages/sign-in.js": { body: SIGN_IN_JS, type: JS },
  "pages/webhooks.js": { body: WEBHOOKS_JS, type: JS },
  "dashboard.css": { body: CSS, type: "text/css; charset=utf-8" },
  "favicon.svg": { body: FAVICON, type: "image/svg+xml" },
};

/** The page itself, with the image host's URL filled in (the playground builds image URLs on it). */
export function dashboardHtml(imgBaseUrl: string): string {
  return INDEX_HTML.replace('<meta name="img-base-url" content="">', `<meta name="img-base-url" content="${escapeAttribute(imgBaseUrl)}">`);
}

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (ch) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[ch]!);

const etags = new Map<string, Promise<string>>();

/** A strong ETag from the content, computed once per isolate and body. */
export function etagOf(body: string): Promise<string> {
  let tag = etags.get(body);
  if (!tag) {
    tag = sha256Hex(body).then((hex) => `"${hex.slice(0, 32)}"`);
    etags.set(body, tag);
  }
  return tag;
}
