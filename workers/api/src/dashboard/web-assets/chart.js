// @ts-check
// Requests by day as a stacked bar chart. The bars are SVG stretched to the card (no text inside, so nothing
// distorts); the axis labels are HTML around it. The SVG is one image with a summary for assistive technology, and
// the same numbers are in a real table below it.
import { h, svg, num, date } from "./dom.js";
import { table } from "./ui.js";

/**
 * @typedef {{ day: string, img: number, api: number, beta: number }} Day
 * @typedef {{ key: "img" | "api", label: string, className: string }} Series
 */

/** @type {Series[]} */
const SERIES = [
  { key: "img", label: "Image host", className: "series-img" },
  { key: "api", label: "JSON host", className: "series-api" },
];

const SLOT = 10;
const BAR = 6;
const HEIGHT = 100;

/** Rounds up to 1, 2 or 5 times a power of ten, so the axis reads well. @param {number} value */
function niceMax(value) {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * @param {{ days: Day[], daysInMonth: number, monthLabel: string }} data
 */
export function requestsChart({ days, daysInMonth, monthLabel }) {
  const totals = days.map((d) => d.img + d.api);
  const max = niceMax(Math.max(0, ...totals));
  const total = totals.reduce((a, b) => a + b, 0);
  const busiest = days.reduce((best, d) => (d.img + d.api > best.img + best.api ? d : best), days[0]);
  const summary =
    total === 0
      ? `No image or JSON requests yet in ${monthLabel}.`
      : `${num(total)} requests in ${monthLabel} so far; the busiest day was ${date(busiest.day)} with ${num(busiest.img + busiest.api)}.`;

  const titleId = "chart-title";
  const descId = "chart-desc";
  const plot = svg(
    "svg",
    { viewBox: `0 0 ${daysInMonth * SLOT} ${HEIGHT}`, preserveAspectRatio: "none", role: "img", "aria-labelledby": `${titleId} ${descId}`, class: "chart-svg" },
    svg("title", { id: titleId }, `Requests by day, ${monthLabel}`),
    svg("desc", { id: descId }, `${summary} The table below lists every day.`),
    [0.25, 0.5, 0.75, 1].map((f) =>
      svg("line", { x1: 0, x2: daysInMonth * SLOT, y1: HEIGHT - f * HEIGHT, y2: HEIGHT - f * HEIGHT, class: "chart-grid", "vector-effect": "non-scaling-stroke" }),
    ),
    days.map((d, i) => bars(d, i, max)),
  );

  const yAxis = h("div", { class: "chart-yaxis", "aria-hidden": "true" }, [max, max / 2, 0].map((v) => h("span", {}, compact(v))));
  const xAxis = h("div", { class: "chart-xaxis", "aria-hidden": "true" });
  for (const d of [1, 8, 15, 22, daysInMonth]) {
    const label = h("span", {}, String(d));
    label.style.left = `${((d - 0.5) / daysInMonth) * 100}%`;
    xAxis.appendChild(label);
  }

  return h(
    "figure",
    { class: "chart" },
    h("div", { class: "chart-legend", "aria-hidden": "true" },
      SERIES.map((s) => h("span", { class: "legend-item" }, h("span", { class: `legend-swatch ${s.className}` }), s.label))),
    h("div", { class: "chart-body" }, yAxis, h("div", { class: "chart-plot" }, plot, total === 0 ? h("p", { class: "chart-empty" }, "No requests yet") : null)),
    xAxis,
    h("figcaption", { class: "chart-caption" }, summary),
    h(
      "details",
      { class: "chart-data" },
      h("summary", {}, "Show the numbers as a table"),
      table({
        caption: `Requests by day, ${monthLabel}`,
        hideCaption: true,
        head: ["Day", "Image host", "JSON host", "Total", "Beta lookups"],
        rows: days.map((d) =>
          h("tr", {}, h("th", { scope: "row" }, date(d.day)), h("td", { class: "num" }, num(d.img)), h("td", { class: "num" }, num(d.api)),
            h("td", { class: "num" }, num(d.img + d.api)), h("td", { class: "num" }, num(d.beta))),
        ),
      }),
    ),
  );
}

/** One day's stacked bars. @param {Day} d @param {number} i @param {number} max */
function bars(d, i, max) {
  const x = i * SLOT + (SLOT - BAR) / 2;
  let base = HEIGHT;
  const group = svg("g", { class: "chart-day" }, svg("title", {}, `${date(d.day)}: ${num(d.img)} image, ${num(d.api)} JSON`));
  for (const s of SERIES) {
    const value = d[s.key];
    if (!value) continue;
    const height = Math.max((value / max) * HEIGHT, 1.2); // a single request still shows
    base -= height;
    group.appendChild(svg("rect", { x, y: base, width: BAR, height, class: s.className }));
  }
  return group;
}

/** 1200 → "1.2k". @param {number} v */
function compact(v) {
  return new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 }).format(v);
}
