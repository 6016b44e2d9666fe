// @ts-check
// Overview: plan, credits and this period's ledger, the request pool with a chart by day, the beta allowance today.
import { api } from "../api.js";
import { requestsChart } from "../chart.js";
import { date, dateTime, h, num, replace, timeUntil } from "../dom.js";
import { announce, badge, busy, card, empty, pageHeader, table } from "../ui.js";

const PLAN_LABEL = { free: "Free", starter: "Starter", pro: "Pro" };

/** @param {HTMLElement} main */
export async function overviewPage(main) {
  const [account, usage] = await Promise.all([api.get("/account"), api.get("/account/usage")]);
  const refresh = h("button", { type: "button", class: "button button-secondary", id: "refresh-overview" }, "Refresh");
  refresh.addEventListener("click", () =>
    busy(refresh, async () => {
      await overviewPage(main);
      announce("Usage refreshed.");
    }),
  );
  const period = new Date(`${usage.period_start}T00:00:00Z`);
  const monthLabel = period.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const daysInMonth = new Date(Date.UTC(period.getUTCFullYear(), period.getUTCMonth() + 1, 0)).getUTCDate();

  replace(
    main,
    pageHeader("Overview", `${account.name ?? "Your account"} · ${PLAN_LABEL[/** @type {keyof PLAN_LABEL} */ (account.plan)]} plan`, [refresh]),
    h("div", { class: "stat-grid" }, requestsStat(account), creditsStat(account), betaStat(account), planStat(account)),
    card(
      "Requests by day",
      { description: `Image and JSON host requests in ${monthLabel}, counted against your pool. Resets ${date(usage.resets_on)}.` },
      requestsChart({ days: usage.days, daysInMonth, monthLabel }),
    ),
    card(
      "Credit ledger",
      { description: `Grants, purchases and brand-request charges since ${date(usage.period_start)}. A brand profile costs 5 credits.` },
      usage.ledger.length
        ? table({
            caption: "Credit ledger, this period, newest first",
            hideCaption: true,
            head: ["When", "Entry", "Amount", "Balance after"],
            className: "ledger",
            rows: usage.ledger.map((/** @type {any} */ e) =>
              h("tr", {}, h("td", {}, dateTime(e.created_at)), h("td", {}, h("span", { class: "ledger-kind" }, e.kind), " ", h("span", { class: "muted" }, e.reason)),
                h("td", { class: `num ${e.amount < 0 ? "negative" : "positive"}` }, `${e.amount > 0 ? "+" : e.amount < 0 ? "−" : ""}${num(Math.abs(e.amount))}`),
                h("td", { class: "num" }, num(e.balance_after))),
            ),
          })
        : empty("No credit activity this period."),
    ),
  );
}

/** @param {number} used @param {number} limit @param {string} label */
function meter(used, limit, label) {
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  const bar = h("div", { class: "meter-fill" });
  bar.style.width = `${percent}%`;
  if (percent >= 90) bar.classList.add("meter-high");
  return h("div", { class: "meter", role: "progressbar", "aria-label": label, "aria-valuemin": 0, "aria-valuemax": limit, "aria-valuenow": Math.min(used, limit), "aria-valuetext": `${num(used)} of ${num(limit)}` }, bar);
}

/** @param {string} title @param {(Node | string | null)[]} body @param {string} [id] */
const stat = (title, body, id) => h("section", { class: "card stat", "aria-label": title, id }, h("h2", { class: "stat-title" }, title), ...body);

/** @param {any} a */
function requestsStat(a) {
  const r = a.requests;
  const share = r.pool ? (r.used / r.pool) * 100 : 0;
  return stat("Requests this month", [
    h("p", { class: "stat-value" }, h("span", { id: "requests-used" }, num(r.used)), h("span", { class: "stat-of" }, ` of ${num(r.pool)}`)),
    meter(r.used, r.pool, "Request pool used this month"),
    h("p", { class: "stat-note" }, `${share < 0.1 && r.used > 0 ? "<0.1" : share.toFixed(share < 10 ? 1 : 0)}% used · resets ${date(r.resets_on)}`),
    h("p", { class: "stat-note muted" }, r.enforced ? "Past the pool, requests get 429 until it resets." : "Soft limit: past the pool we keep serving and email you first."),
  ], "stat-requests");
}

/** @param {any} a */
function creditsStat(a) {
  const c = a.credits;
  return stat("Credits", [
    h("p", { class: "stat-value" }, h("span", { id: "credits-balance" }, num(c.balance))),
    h("p", { class: "stat-note" }, `Monthly grant ${num(c.monthly_grant)} · renews ${date(c.renews_on)}`),
    h("p", { class: "stat-note muted" }, c.can_buy ? "Brand profiles cost 5 credits. Your plan can buy more." : "Brand profiles cost 5 credits. Pro can buy more."),
  ], "stat-credits");
}

/** @param {any} a */
function betaStat(a) {
  const b = a.beta;
  if (!b.enabled) {
    return stat("Beta lookups today", [h("p", { class: "stat-value stat-value-muted" }, "Off"), h("p", { class: "stat-note muted" }, "The merchant identification beta is not on for this account. Ask us to join.")], "stat-beta");
  }
  return stat("Beta lookups today", [
    h("p", { class: "stat-value" }, h("span", { id: "beta-used" }, num(b.used_today)), h("span", { class: "stat-of" }, ` of ${num(b.daily_limit)}`)),
    meter(b.used_today, b.daily_limit, "Beta allowance used today"),
    h("p", { class: "stat-note" }, `Resets at midnight UTC (${timeUntil(b.resets_at)})`),
  ], "stat-beta");
}

/** @param {any} a */
function planStat(a) {
  const plan = PLAN_LABEL[/** @type {keyof PLAN_LABEL} */ (a.plan)];
  return stat("Plan", [
    h("p", { class: "stat-value" }, plan),
    h("ul", { class: "plan-features" },
      h("li", {}, a.plan === "free" ? badge("No describe", "neutral") : badge("Describe", "success")),
      h("li", {}, badge(`${num(a.credits.monthly_grant)} credits / month`, "accent")),
      h("li", {}, a.beta.enabled ? badge("Beta on", "success") : badge("Beta off", "neutral"))),
    h("p", { class: "stat-note muted" }, `Billing period began ${date(a.requests.period_start)} (UTC)`),
  ], "stat-plan");
}
