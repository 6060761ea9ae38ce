// The deal summary: between deals, the score sheet's new row with its reasons, on the felt until
// the person dismisses it or it times out (the table does not wait for it: the sheet keeps it).

import { fill, h } from "./dom.js";
import { sentence } from "./cards.js";

/** The score sheet's row `index` as the summary shows it: per column its points, total and reason. */
export function summaryRow(view, index) {
  const sheet = view.score_sheet;
  const row = sheet.rows[index];
  return {
    label: row.label,
    note: row.note || "",
    columns: sheet.columns.map((name, i) => ({
      name, points: row.points[i], total: row.totals_text ? row.totals_text[i] : row.totals[i],
      shown: row.points_text ? row.points_text[i] : null, detail: row.details ? row.details[i] : "",
    })),
  };
}

export function renderSummary(el, row, until) {
  const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  fill(el,
    h("h2", { id: "summary-heading" }, `${row.label}: the score`),
    row.note ? h("p", { class: "summary-note" }, sentence(row.note)) : null,
    h("table", { class: "sheet summary-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Side"), h("th", { scope: "col" }, "This deal"),
        h("th", { scope: "col" }, "Total"))),
      h("tbody", {}, row.columns.map((c) => h("tr", {},
        h("th", { scope: "row" }, c.name, c.detail ? h("div", { class: "detail" }, sentence(c.detail)) : null),
        h("td", {}, c.shown ?? (c.points > 0 ? `+${c.points}` : String(c.points))),
        h("td", {}, String(c.total)))))),
    h("div", { class: "summary-actions" },
      h("button", { type: "button", dataset: { dismiss: "1" } }, "Continue"),
      h("span", { class: "hint" }, "Closes by itself in ", h("span", { dataset: { until: String(until) } }, `${seconds} s`))));
}
