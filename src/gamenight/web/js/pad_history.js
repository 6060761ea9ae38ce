// The family's match history (/pad/history): every finished score pad and played table, newest
// first — the game, the date, each side's players and final total, who won — and each person's wins
// per game. Drawn from GET /api/history alone.

import { h } from "./dom.js";

/** Each person's wins and matches per game, the most wins first. */
function winsTable(wins) {
  return h("table", { class: "pad-history-wins" },
    h("thead", {}, h("tr", {}, ["Player", "Game", "Wins", "Played"].map((t) => h("th", { scope: "col", text: t })))),
    h("tbody", {}, wins.map((w) => h("tr", {},
      h("th", { scope: "row", text: w.person }), h("td", { text: w.title }),
      h("td", { class: "pad-history-n", text: String(w.wins) }), h("td", { class: "pad-history-n", text: String(w.played) })))));
}

/** A side as the history shows it: its name, its players where the name does not say them, its total. */
function side(s) {
  const named = s.players.every((p) => s.name.includes(p));
  return h("li", { class: s.won ? "pad-history-won" : "" },
    h("span", { class: "pad-history-side", text: named ? s.name : `${s.name} (${s.players.join(" & ")})` }),
    h("span", { class: "pad-history-total", text: s.total_text }),
    s.won ? h("strong", { class: "pad-history-badge", text: "won" }) : null);
}

/** The day a match ended, on this phone's calendar (the server's `date` is UTC's). */
function day(m) {
  const at = new Date(m.finished_at);
  return Number.isNaN(at.getTime()) ? m.date : at.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}

/** The rule set, where it is not the family book's ("ultimate" → " · Ultimate rules"). */
function rules(m) {
  if (!m.preset) return "";
  const words = m.preset.replace(/[_-]+/g, " ").trim();
  return ` · ${words.charAt(0).toUpperCase()}${words.slice(1)} rules`;
}

function match(m) {
  // a score pad's match (real cards, scored here) or a table played here: each links to its own page
  const played = Boolean(m.table_id);
  return h("li", { class: "pad-history-match", dataset: played ? { table: m.table_id } : { pad: m.pad_id } },
    h("p", { class: "pad-history-head" }, h("strong", { text: m.title }), rules(m), ` · ${day(m)}`,
      played ? h("span", { class: "pad-history-kind", text: " · played here" }) : null),
    h("ul", { class: "pad-history-sides" }, m.sides.map(side)),
    h("p", { class: "hint" }, `${m.text} `, h("a", { href: m.link, text: played ? "The table" : "The sheet" })));
}

/** The history page's body. */
export function drawHistory(root, data) {
  if (!data.matches.length) {
    root.replaceChildren(h("p", { class: "hint", text: "No match has finished yet. A score pad's match, or a table played on this server, is listed here once it ends." }));
    return;
  }
  root.replaceChildren(
    h("h3", { text: "Wins" }), winsTable(data.wins),
    h("h3", { text: "Matches, newest first" }), h("ol", { class: "pad-history-list" }, data.matches.map(match)));
}
