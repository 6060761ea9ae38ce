// The table page's drawing: a view dict (the engine's State.view(seat)) in, DOM out.
//
// The page knows no game by name and reads no view key by name: it draws the view's layout
// description (view.layout: family, zones, fields; see layout.js). Zones go where their `show`
// hint and owner put them (hands and tricks taken in each seat's box, the trick or the piles in
// the middle of the felt, the rest under "On the table", grouped); fields are shown by their
// declared label and kind (per-seat ones in each seat's box, headline ones in the headline).
// Pieces are drawn by one module per kind of piece (pieces.js). An entry no field declares is
// not shown.

import { fill, h } from "./dom.js";
import { sentence, wordSentencesWith } from "./cards.js";
import { arrange } from "./layout.js";
import { drawPiece, drawPieces, drawSuit } from "./pieces.js";
import { diceField } from "./dice.js";
import { seatName, waitingFor } from "./felt.js";
import { capitalise } from "./select.js";

export function prettyKey(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isScalar = (v) => v === null || ["boolean", "number", "string"].includes(typeof v);
const isRecords = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));

/** What rendering needs to label values: seat names and score-sheet columns (a team's by its
 * players' names where they chose theirs: "Mia & Leo", not "North–South"). */
export class Names {
  constructor(players, columns, defaults = []) {
    this.players = players || [];
    this.columns = (columns || []).map((c) => teamName(c, this.players, defaults));
  }

  seat(value) {
    if (Number.isInteger(value) && value >= 0 && value < this.players.length) return this.players[value];
    return null;
  }
}

/** The game's own seat names (North, Player 2…) as the table last sent them ("seats"). */
let gameNames = [];

/** The names of `view`; `seats`: the table's seats, whose game names a team's column is written in. */
export function namesOf(view, seats = null) {
  if (Array.isArray(seats)) gameNames = seats.map((s) => (s && s.default_name) || "");
  const players = view.players || [];
  wordSentencesWith((text) => tableWords(text, players));
  return new Names(view.players || [], view.score_sheet ? view.score_sheet.columns : [], gameNames);
}

/** The game's own name of seat `i`: the table's, else the engine's usual one (compass points at
 * four, "Player N" otherwise). */
function gameName(i, count, defaults) {
  if (defaults[i]) return defaults[i];
  return count === 4 ? ["North", "East", "South", "West"][i] : `Player ${i + 1}`;
}

/** A team's column by its players' names joined ("Mia & Leo") where the column names the seats
 * by the game's names ("North–South") and the players chose names of their own; else as it is. */
export function teamName(column, players, defaults = []) {
  const parts = String(column).split(/\s*[–&/+]\s*|\s+and\s+/).filter(Boolean);
  if (parts.length < 2) return column;
  const seats = parts.map((part) => players.findIndex((_, i) => gameName(i, players.length, defaults) === part));
  if (seats.some((s) => s < 0)) return column;
  const names = seats.map((s) => players[s]);
  return names.every((name, i) => name === parts[i]) ? column : names.join(" & ");
}

/** A team the engine names by compass points ("North–South") */
const COMPASS_TEAM = /\b(?:North|East)–(?:South|West)\b/g;
/** A domino ("12-7") or a run of ranks ("4-7") written with a hyphen, not inside a longer code */
const HYPHEN_PAIR = /(?<![\w.,\-–])(\d{1,2})-(\d{1,2})(?![\w\-])/g;

/** The engine's words as a table reads them: a team by its players' names ("Mia & Leo") where they
 * chose names, a tile or a run with an en dash ("12–7", as the page draws a tile's name). */
export function tableWords(text, players = []) {
  return String(text).replace(COMPASS_TEAM, (team) => teamName(team, players, gameNames))
    .replace(HYPHEN_PAIR, "$1–$2");
}

// ---- a field's value, by its declared kind ----------------------------------------------------

/** A list of short sentences: one line each, never run together or split. */
function textLines(value) {
  return h("ul", { class: "text-lines" }, value.map((line) => h("li", {}, sentence(String(line)))));
}

/** A number or a sentence as it reads (a list of sentences a line each). */
function plainValue(value, field) {
  if (isScalar(value)) return sentence(String(value));
  if (field.kind === "text" && Array.isArray(value) && value.every(isScalar)) return textLines(value);
  return renderData(value, field.piece || "");
}

/** What each seat played or called, in order, each by the seat's name. */
function playsList(value, field, names) {
  const piece = field.piece || "";
  return h("ol", { class: "played" }, value.map((p) => h("li", {},
    Object.entries(p).filter(([k]) => k !== "seat").map(([, v]) => (piece && typeof v === "string"
      ? drawPiece(piece, v) : renderData(v, piece))),
    h("span", { class: "played-by" }, names.seat(p.seat) ?? ""))));
}

/**
 * THE dispatch table of the page: each field kind (core/layout.py's Kind; its value's declared
 * shape is core/views.py's FIELD_VALUES, published at GET /api/schema) and the function that draws
 * its value, `(value, field, names) => node`. The kinds that have places of their own on the felt
 * (layout.js: a board, a track, lines of dominoes, melds, the last trick, dice in the middle) are
 * drawn there by their pictures; where a value is listed as information it is drawn from here. A
 * kind not here is spelled out (renderData).
 */
export const FIELD_DRAWERS = {
  seat: (value, field, names) => h("span", { class: "seat-ref" }, names.seat(value) ?? String(value)),
  seats: (value, field, names) => h("span", {}, value.map((v) => names.seat(v) ?? String(v)).join(", ")),
  suit: (value, field) => drawSuit(field.piece || "", value),
  piece: (value, field) => drawPiece(field.piece || "", value),
  pieces: (value, field) => (value.length ? drawPieces(field.piece || "", value, field.label)
    : h("span", { class: "muted" }, "none")),
  hand: (value, field) => FIELD_DRAWERS.pieces(value, field),
  plays: playsList,
  counter: (value) => document.createTextNode(`${value[0]} of ${value[1]}`),
  teams: (value, field, names) => h("span", { class: "per-team" }, value.map((v, i) => h("span", { class: "pair" },
    h("span", { class: "pair-key" }, names.columns[i] ?? ""), " ", renderData(v, field.piece || "")))),
  flag: (value) => document.createTextNode(value ? "yes" : "no"),
  scorecard: (value) => scoreCard(value),
  ledger: (value, field, names) => renderLedger(value, names),
  dice: (value, field, names) => diceField(value, names, field.key),
  number: plainValue,
  text: plainValue,
};

/** A field's value as its kind reads (FIELD_DRAWERS); nothing yet reads "—". */
export function renderField(field, value, names) {
  if (value === null || value === undefined) return h("span", { class: "muted", "aria-label": "none" }, "—");
  const draw = FIELD_DRAWERS[field.kind];
  return draw ? draw(value, field, names) : renderData(value, field.piece || "");
}

/** One player's own score card: a row per game (its cells, a dash for a hand not played), then
 * the grand total. */
export function scoreCard(card) {
  const columns = card.columns || [];
  return h("table", { class: "score-card" },
    card.name ? h("caption", {}, card.name) : null,
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), columns.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, (card.rows || []).map((row) => h("tr", {},
      h("th", { scope: "row" }, row.label, row.note ? h("span", { class: "muted" }, ` (${row.note})`) : null),
      (row.cells || []).map((c) => h("td", {}, c === null || c === undefined ? "—" : String(c)))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, card.total_label || "Total"),
      h("td", { colspan: String(Math.max(1, columns.length)) }, h("strong", {}, String(card.total ?? 0))))));
}

/** Play money (a field of kind "ledger"): the pots, each seat's purse or winnings, the last
 *  payments; every amount as the engine wrote it (one formatter, on the server). */
function renderLedger(value, names) {
  const pots = (value.pots || []).map((p) => h("span", { class: "pair ledger-pot" },
    h("span", { class: "pair-key" }, p.label), " ", h("strong", {}, p.text)));
  const head = value.counts === "purse" ? "Purses" : "Won or paid";
  const seats = (value.seats || []).map((s, i) => h("li", { class: s.net < 0 ? "owes" : "" },
    h("span", { class: "pair-key" }, names.seat(i) ?? String(i)), " ", s.text));
  const payments = value.payments || [];
  return h("div", { class: "ledger" },
    h("div", { class: "ledger-pots" }, pots),
    seats.length ? h("div", { class: "ledger-seats" }, h("span", { class: "muted" }, `${head}:`),
      h("ul", { class: "plain-list inline-list" }, seats)) : null,
    payments.length ? h("ol", { class: "ledger-payments", "aria-label": "Last payments" },
      payments.map((text) => h("li", {}, sentence(String(text))))) : null);
}

/** Any JSON value spelled out (a field of kind "data"): records a line each, pieces drawn. */
export function renderData(value, piece = "") {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return document.createTextNode(value ? "yes" : "no");
  if (typeof value === "number") return document.createTextNode(String(value));
  if (typeof value === "string") return piece ? drawPieceOrText(piece, value) : sentence(value);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "none");
    if (isRecords(value)) return h("ul", { class: "plain-list" }, value.map((v) => h("li", {}, renderData(v, piece))));
    if (piece && value.every((v) => typeof v === "string")) return drawPieces(piece, value);
    const out = h("span", { class: "list" });
    value.forEach((v, i) => out.append(...(i ? [", "] : []), renderData(v, piece)));
    return out;
  }
  const out = h("span", { class: "dict" });
  Object.entries(value).filter(([, v]) => v !== null).forEach(([k, v], i) => {
    if (i) out.append(h("span", { class: "sep", "aria-hidden": "true" }, " · "));
    out.append(h("span", { class: "pair" }, h("span", { class: "pair-key" }, prettyKey(k).toLowerCase()), " ",
      renderData(v, piece)));
  });
  return out;
}

/** A string in a piece-holding field: drawn as a piece when it is one, else as text. */
function drawPieceOrText(piece, text) {
  const drawn = drawPiece(piece, text);
  return drawn.classList && drawn.classList.contains("piece-text") ? sentence(text) : drawn;
}

function isEmpty(value) {
  return value === null || value === undefined || value === false
    || (Array.isArray(value) && !value.length)
    || (typeof value === "object" && !Array.isArray(value) && value !== null && !Object.keys(value).length);
}

// ---- headline, notes, status ----------------------------------------------------------------

export function renderHeadline(el, view) {
  const names = namesOf(view);
  const parts = [h("span", { class: "game-title" }, view.title)];
  for (const f of arrange(view).head) {
    const value = view[f.key];
    if (isEmpty(value)) continue;
    const sep = f.kind === "number" || f.kind === "counter" ? " " : ": ";
    parts.push(h("span", { class: "head-field", dataset: { key: f.key } }, `${f.label}${sep}`, renderField(f, value, names)));
  }
  if (view.is_over) parts.push(h("strong", {}, "Game over"));
  else if (view.phase_label) parts.push(h("span", { class: "phase" }, String(view.phase_label)));
  else if (view.phase) parts.push(h("span", { class: "phase" }, capitalise(String(view.phase).replace(/_/g, " "))));
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(h("span", { class: "dot", "aria-hidden": "true" }, " · "));
    out.push(p);
  });
  fill(el, out);
}

/** The flags in effect (declared fields of kind "flag"), each as its label. */
export function renderNotes(el, view) {
  const notes = arrange(view).flags.filter((f) => view[f.key] === true)
    .map((f) => h("p", { dataset: { key: f.key } }, f.label));
  fill(el, notes);
  el.hidden = notes.length === 0;
}

/** A button of a row of number moves under its verb ("Bet:"): the number as the engine says it
 * ("$2.00" of "Bet $2.00", never the 200 cents the move is typed with), else the argument. */
export function numberLabel(move) {
  const words = move.words || "";
  const verb = `${capitalise(move.verb)} `;
  return words.startsWith(verb) && words.length > verb.length ? words.slice(verb.length) : move.args[0].text;
}

/** What an argument names, as a person says what to pick: "a card", "dice". */
const ARG_NOUNS = { card: "a card", tile: "a tile", face: "dice", suit: "a suit", colour: "a colour",
  space: "a space", hole: "a marble" };

/** One verb of the seat's moves, in words: the game's phrase for it (verb_words); a verb of one
 * move, that move's words ("take J♦", "stop and bank 350"); else the verb and what it takes
 * ("keep dice", "bet $1.00 to $10.00"). */
function verbPhrase(verb, moves, words) {
  if (words[verb]) return words[verb];
  const lower = (text) => text.charAt(0).toLowerCase() + text.slice(1);
  const said = (m) => lower(String(m.words || m.verb).replace(/\s*\([^)]*\)$/, ""));
  if (moves.length === 1) return said(moves[0]);
  const first = moves[0].args[0];
  if (first && Number.isInteger(first.value) && moves.every((m) => m.args.length === 1 && m.words)) {
    return `${said(moves[0])} to ${numberLabel(moves[moves.length - 1])}`;
  }
  const noun = first ? ARG_NOUNS[first.kind] : null;
  return noun ? `${verb} ${noun}` : verb;
}

/** What the seat may do, in a few words from its moves: "draw from the stock, take J♦ or knock";
 * `selecting`: what the hand's cards are selected for ("select a card to discard"), said first, its
 * verbs not said again. */
export function movesSentence(view, selecting = "") {
  const byVerb = new Map();
  for (const m of view.moves || []) byVerb.set(m.verb, [...(byVerb.get(m.verb) || []), m]);
  const words = (view.layout && view.layout.verb_words) || {};
  const phrases = [...byVerb].filter(([verb]) => !selecting.includes(words[verb] || verb))
    .map(([verb, moves]) => verbPhrase(verb, moves, words));
  const rest = phrases.length > 4 ? `${phrases.slice(0, 3).join(", ")} or another move` : joinWords(phrases, "or");
  return [selecting, rest].filter(Boolean).join("; or ") || "choose a move";
}

/** The status line while the seat's move is on its way: its words, never its typed text. */
export function sendingSentence(view, move) {
  const entry = (view.moves || []).find((m) => m.text === move);
  return entry && entry.words ? `Sending: ${entry.words}…` : "Sending your move…";
}

/** Whose turn, in a sentence for the status line: what to do, or who is being waited for. */
export function turnSentence(view, ctx) {
  if (view.is_over) return ""; // the outcome panel says it
  const waits = waitingFor(view, ctx);
  const me = view.seat;
  const others = waits.filter((w) => w.seat !== me);
  const names = (list) => joinNames(list.map((w) => seatName(view, ctx, w.seat)));
  if (me !== null && me !== undefined && (view.legal_moves || []).length) {
    const also = others.length ? ` (${names(others)} ${others.length > 1 ? "choose" : "chooses"} at the same time)` : "";
    // the hand's part of the page's prompt ("select 3 cards to pass"); the rest from the moves' words
    const selecting = String(ctx.prompt || "").split("; ").filter((part) => part.startsWith("select")).join("; ");
    return `Your turn: ${movesSentence(view, selecting)}.${also}`;
  }
  if (!waits.length) return "Nobody is to act.";
  // how long is shown on the seats, not here: this line is read aloud whenever it changes
  return `Waiting for ${names(waits)}.`;
}

function joinNames(names) {
  return joinWords(names, "and");
}

/** "a, b and c" (or "a, b or c"). */
function joinWords(list, last) {
  if (list.length <= 1) return list.join("");
  return `${list.slice(0, -1).join(", ")} ${last} ${list[list.length - 1]}`;
}

// ---- on the table: every declared field and the zones not drawn on the felt --------------

export function renderInfo(el, view) {
  const names = namesOf(view);
  const rows = [];
  for (const f of arrange(view).info) {
    const value = view[f.key];
    if (isEmpty(value)) continue;
    rows.push(infoRow(f.label, renderField(f, value, names), f.key));
  }
  fill(el, rows.length ? rows : h("p", { class: "muted" }, "Everything is on the table."));
}

function infoRow(label, value, key = "") {
  return h("div", { class: "info-row", dataset: key ? { key } : {} }, h("dt", {}, label), h("dd", {}, value));
}

// ---- score sheet, log, outcome, rules, fairness -------------------------------------------

export function renderSheet(el, sheet, view) {
  if (!sheet || !sheet.columns) {
    fill(el);
    return;
  }
  const me = Number.isInteger(view.seat) ? view.players[view.seat] : null;
  const columns = namesOf(view).columns; // a team by its players' names
  const mine = columns.map((c) => me !== null && (c === me || c.split(/\s*[–&+]\s*/).includes(me)));
  // the game's own word for a deal ("Round" in Gin), as in its headline and its log
  const word = (view.layout && view.layout.deal_word) || "deal";
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col" }, capitalise(word)),
    columns.map((c, i) => h("th", { scope: "col", class: mine[i] ? "mine" : "" }, c))));
  // a house rule amended mid-match is marked before the row of the deal it applies from
  const marked = (i) => (sheet.marks || []).filter((m) => m.row === i).map((m) => h("tr", { class: "amend-mark" },
    h("td", { colspan: String(columns.length + 1) }, m.text)));
  const body = h("tbody", {}, sheet.rows.map((row, i) => [...marked(i), h("tr", {},
    h("th", { scope: "row" }, row.label, row.note ? h("div", { class: "note" }, sentence(row.note)) : null),
    row.points.map((p, i) => h("td", { class: mine[i] ? "mine" : "" },
      h("span", { class: "pts" }, row.points_text ? row.points_text[i] : (p > 0 ? `+${p}` : String(p))),
      h("span", { class: "tot" }, ` = ${row.totals_text ? row.totals_text[i] : row.totals[i]}`),
      row.details && row.details[i] ? h("div", { class: "detail" }, sentence(row.details[i])) : null)))]),
  marked(sheet.rows.length));
  const foot = h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"),
    sheet.totals.map((t, i) => h("td", { class: mine[i] ? "mine" : "" }, String(sheet.totals_text ? sheet.totals_text[i] : t)))));
  const table = h("table", { class: "sheet" }, h("caption", { class: "visually-hidden" }, "Score sheet"), head, body, foot);
  fill(el, sheet.rows.length ? null : h("p", { class: "muted" }, `No ${word} scored yet.`), table);
}

/**
 * The log's newest lines, kept in view while the reader is at its bottom. Where the reader is, is
 * noted when they scroll (the page is laid out then anyway), and the log is scrolled down on the
 * browser's next frame: measuring it in the middle of a drawing made the browser lay the whole
 * half-drawn page out there and then, on every move.
 */
export function renderLog(el, events) {
  const list = events || [];
  followBottom(el);
  fill(el, list.map((text) => h("li", {}, sentence(text))));
  if (el.dataset.pinned !== "no") requestAnimationFrame(() => { el.scrollTop = el.scrollHeight; });
}

function followBottom(el) {
  if (el.dataset.pinned) return;
  el.dataset.pinned = "yes";
  el.addEventListener("scroll", () => {
    el.dataset.pinned = el.scrollHeight - el.scrollTop - el.clientHeight < 24 ? "yes" : "no";
  }, { passive: true });
}

export function renderOutcome(el, view) {
  if (!view.is_over || !view.outcome) {
    el.hidden = true;
    fill(el);
    return;
  }
  const { winners, reason, headline } = view.outcome;
  const scores = view.outcome.scores_text || view.outcome.scores;
  const names = winners.map((w) => view.players[w]);
  el.hidden = false;
  fill(el,
    h("h2", {}, "Game over"),
    h("p", { class: "outcome-line" }, h("strong", {}, headline || `${joinNames(names)} ${names.length > 1 ? "win" : "wins"}.`),
      " ", sentence(reason)),
    verdictLine(view),
    h("p", { class: "final-scores" }, "Final scores: ", view.players.map((p, s) => `${p} ${scores[s]}`).join(" · ")));
}

/** The seat's own result: won or lost; in a game against the house (the outcome's headline says
 * its result), what the seat itself came away with, never "You win!" for the least lost. */
function verdictLine(view) {
  if (!Number.isInteger(view.seat)) return null;
  const { winners, headline } = view.outcome;
  if (!headline) return h("p", { class: "verdict" }, winners.includes(view.seat) ? "You win!" : "You lose.");
  const score = view.outcome.scores[view.seat];
  const text = (view.outcome.scores_text || [])[view.seat] || String(score);
  const said = score > 0 ? `You come out ahead: ${text}.` : score < 0 ? `You are down ${text.replace(/^-/, "")}.`
    : "You broke even.";
  return h("p", { class: "verdict" }, said);
}

/** An option's value as a player reads it: on/off, a choice's own sentence, a number. */
function optionValueText(value, info = {}) {
  if (typeof value === "boolean") return value ? "on" : "off";
  const labels = info.choice_labels || null;
  if (labels && labels[value]) return labels[value];
  return String(value).replace(/_/g, " ");
}

/** A preset by its name in words ("single deck"), never its identifier. */
function presetName(preset) {
  return String(preset).replace(/_/g, " ");
}

/** **bold**, *stressed* and `marked` words of a line as text nodes, the marks dropped. */
function inlineProse(line) {
  const out = [];
  const marks = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|`+([^`]+)`+/g;
  let at = 0;
  for (const m of line.matchAll(marks)) {
    if (m.index > at) out.push(line.slice(at, m.index));
    if (m[1] !== undefined) out.push(h("strong", {}, m[1]));
    else if (m[2] !== undefined) out.push(h("em", {}, m[2]));
    else out.push(m[3]);
    at = m.index + m[0].length;
  }
  if (at < line.length) out.push(line.slice(at));
  return out;
}

const BULLET = /^\s*(?:[*-]|\d+\.)\s+/;

/** The rules' text (plain text with light marks: paragraphs, "* " and "1. " lists, **bold**) as
 * paragraphs and lists, built as nodes: never markup a player reads, never HTML from the text. */
export function rulesProse(text) {
  const blocks = String(text || "").split(/\n[ \t]*\n/).map((b) => b.trim()).filter(Boolean);
  return blocks.map((block) => {
    const lines = block.split("\n");
    if (!BULLET.test(lines[0])) return h("p", {}, inlineProse(lines.map((l) => l.trim()).join(" ")));
    const items = [];
    for (const line of lines) {
      if (BULLET.test(line)) items.push(line.replace(BULLET, ""));
      else if (items.length) items[items.length - 1] += ` ${line.trim()}`;
    }
    const tag = /^\s*\d+\./.test(lines[0]) ? "ol" : "ul";
    return h(tag, {}, items.map((item) => h("li", {}, inlineProse(item))));
  });
}

/** The rules in effect: the preset, each option's value with its label and the rule it changes. */
/** The rules panel: ``brief`` (its folded line) names the rule set, ``el`` holds the rest. */
export function renderRules(el, view, spec, brief = null) {
  const options = view.options || {};
  const infos = spec ? spec.options : Object.keys(options).map((name) => ({ name, label: prettyKey(name), help: "" }));
  const preset = view.preset && spec && spec.presets ? spec.presets[view.preset] : null;
  const items = infos.filter((o) => o.name in options).map((o) => {
    const value = options[o.name];
    const changed = "default" in o && value !== o.default;
    const fromPreset = preset && o.name in preset.values;
    return h("li", { class: changed ? "changed" : "" },
      h("div", {}, h("strong", {}, o.label), ": ", h("span", { class: "opt-value" }, optionValueText(value, o)),
        fromPreset ? h("span", { class: "chip" }, `preset ${presetName(view.preset)}`) : null,
        changed ? h("span", { class: "muted" }, ` (default ${optionValueText(o.default, o)})`) : null),
      o.help ? h("div", { class: "help" }, o.help) : null);
  });
  const changed = items.filter((li) => li.classList.contains("changed")).length;
  const changedText = changed ? `${changed} option${changed === 1 ? "" : "s"} changed` : "";
  if (brief) {
    brief.textContent = `: ${view.preset ? `preset ${presetName(view.preset)}` : "the book's rules"}${changed ? `, ${changedText}` : ""}`;
  }
  // the book's rules are named in the folded line already; a preset's description is not
  const named = brief && !view.preset ? null
    : h("p", {}, view.preset ? h("span", {}, "Preset ", h("strong", {}, presetName(view.preset)), preset ? `: ${preset.description}` : "")
      : "The book's rules", changed ? ` (${changedText}).` : ".");
  fill(el, named,
    items.length ? h("details", { class: "rules-options" }, h("summary", {}, `Every option (${items.length})`),
      h("ul", { class: "rules-list" }, items)) : h("p", { class: "muted" }, "This game has no options."),
    spec && spec.rules ? h("details", { class: "rules-text" }, h("summary", {}, `How ${spec.title} is played`),
      h("div", { class: "prose" }, rulesProse(spec.rules))) : null);
}

export function renderFairness(el, commitment, seed, verified) {
  fill(el,
    h("p", {}, "Before the first deal the server committed to its shuffle seed by publishing its SHA-256 hash; "
      + "the seed itself is revealed when the game ends, so anyone can check the deals were not steered."),
    h("dl", { class: "fair" },
      h("div", {}, h("dt", {}, "Commitment (SHA-256)"), h("dd", {}, h("code", { class: "hash" }, commitment || "—"))),
      h("div", {}, h("dt", {}, "Seed"), h("dd", {}, seed !== null && seed !== undefined
        ? h("span", {}, h("code", { class: "hash" }, String(seed)),
          verified ? h("span", { class: "ok" }, " ✓ its SHA-256 matches the commitment") : null)
        : h("span", { class: "muted" }, "revealed when the game is over")))));
}

