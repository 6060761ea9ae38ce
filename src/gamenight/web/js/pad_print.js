// The printed sheet, as a paper score sheet is laid out: a column per team (or player), and per hand
// a block of lines — the hand's heading with what the book prints beside it (Hand and Foot's
// first-meld minimum), a line per part of the score where the game gives them (the bonuses marked
// down, the card count, the cards left), the hand's score and the running total. Drawn from the
// sheet's data alone (its `extras`: a caption and part lines per row): nothing here knows a game.
// The screen shows the compact sheet; pad.css's print rules show this one instead.

import { h } from "./dom.js";

function capitalised(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The hand whose own row is row `n` of the sheet (from 1), or 0 for a row the game adds besides
 *  a hand's own (an ante, a game closed, the match's bonuses): the kernel lists each hand's own row
 *  in `hand_rows` where the two differ. */
function handOf(sheet, n) {
  if (!sheet.hand_rows) return n + 1;
  return sheet.hand_rows.indexOf(n) + 1;
}

/** An amount as printed: a minus sign, not a hyphen ("−20", "−$0.25"). */
function minus(amount) {
  return String(amount).replace("-", "−");
}

/** A part as written on paper: blank where nothing was scored. */
function written(n) {
  return n === 0 ? "" : minus(n);
}

function points(row, i) {
  return minus(row.points_text ? row.points_text[i] : row.points[i]);
}

function total(row, i) {
  return minus(row.totals_text ? row.totals_text[i] : row.totals[i]);
}

/** The table's head: a column per team, its players under its name. */
function head(sheet) {
  return h("tr", {}, h("th", { scope: "col", class: "pad-print-corner" }),
    sheet.columns.map((c, i) => h("th", { scope: "col" }, c,
      namedIn(c, sheet.members[i]) ? null : h("small", { text: sheet.members[i] }))));
}

/** Whether a column's heading names its players already ("Ann–Cid" for Ann & Cid). */
function namedIn(column, members) {
  return !members || members.split(" & ").every((name) => column.includes(name));
}

/** A line of the block: its label, then a cell per column. */
function line(cls, label, cells) {
  return h("tr", { class: cls }, h("th", { scope: "row", text: label }), cells.map((t) => h("td", { text: t })));
}

/** The hand's heading line: its name, the caption (the round's minimum), how it ended, a rule change. */
function heading(width, label, caption, note, changes) {
  return h("tr", { class: "pad-print-hand" }, h("th", { scope: "colgroup", colspan: width },
    h("span", { class: "pad-print-label", text: label }),
    caption ? h("span", { class: "pad-print-caption", text: caption }) : null,
    note ? h("span", { class: "pad-print-note", text: capitalised(note) }) : null,
    changes.map((a) => h("span", { class: "pad-print-note", text: `House rule changed: ${a.words}` }))));
}

/** One row's block: a hand's, or a row the game adds (its points, not a hand's score). */
function block(view, row, hand, extra, changes) {
  const sheet = view.sheet;
  const width = sheet.columns.length + 1;
  const idx = sheet.columns.map((_, i) => i);
  const parts = (extra.part_rows || []).map((p) => line("pad-print-part", p.label, p.points.map(written)));
  return h("tbody", hand ? { dataset: { hand: String(hand) } } : {},
    heading(width, row.label, extra.caption, row.note, changes),
    parts,
    line("pad-print-score", hand ? `${capitalised(view.deal_word)} score` : "Points", idx.map((i) => points(row, i))),
    line("pad-print-total", "Running total", idx.map((i) => total(row, i))));
}

/** The next hand's block, blank, to go on with on paper: its heading and the lines the last hand had. */
function blank(view, sheet, extras) {
  const width = sheet.columns.length + 1;
  const label = view.next_label || `${capitalised(view.deal_word)} ${view.next_hand}`;
  const last = [...extras].reverse().find((e) => e.part_rows) || {};
  const empty = sheet.columns.map(() => "");
  return h("tbody", { class: "pad-print-coming" },
    heading(width, label, sheet.next_caption, "", []),
    (last.part_rows || []).map((p) => line("pad-print-part", p.label, empty)),
    line("pad-print-score", `${capitalised(view.deal_word)} score`, empty), line("pad-print-total", "Running total", empty));
}

/** The printed sheet of `view` (shown only when printing). */
export function printSheet(view) {
  const sheet = view.sheet;
  if (!sheet.rows.length) return null;
  const applied = (view.amendments || []).filter((a) => a.status === "accepted");
  const extras = sheet.extras || [];
  const blocks = sheet.rows.map((row, n) => {
    const hand = handOf(sheet, n);
    return block(view, row, hand, extras[n] || {}, hand ? applied.filter((a) => a.from_hand === hand) : []);
  });
  const totals = sheet.columns.map((_, i) => minus(sheet.totals_text ? sheet.totals_text[i] : sheet.totals[i]));
  return h("div", { class: "pad-print" },
    h("table", { class: "pad-print-table", style: { "--pad-print-cols": String(sheet.columns.length) } },
      h("thead", {}, head(sheet)),
      blocks, sheet.over ? null : blank(view, sheet, extras),
      h("tfoot", {}, line("pad-print-final", sheet.over ? "Final score" : "Total so far", totals))));
}
