// The table page's drawing: a view dict (the engine's State.view(seat)) in, DOM out.
//
// The page knows no game by name. The keys the card-table conventions name (hand, trick,
// trump, dealer, tricks won, score sheet...) get their own layout; lists holding one plain
// value per seat (bids, points taken...) become labelled values in each seat's box; every
// other key is shown in "On the table" as a labelled value: cards as card rows, seats by
// name, per-team lists by team, nested lists and dicts spelled out. A new game displays
// without changes here.

import { fill, h } from "./dom.js";
import {
  SUITS, SUIT_NAMES, backImage, cardImage, cardLabel, cardName, cardRow, cardSvg, isCard, sentence, suitText,
} from "./cards.js";
import { describeChoices, moveLabel, moveSpeech, numberVerb } from "./moves.js";

/** View keys drawn by the layout (or deliberately not shown); the rest are shown generically. */
export const LAYOUT_KEYS = new Set([
  "game", "title", "seat", "players", "phase", "to_act", "move_number", "options", "preset",
  "score_sheet", "events", "legal_moves", "is_over", "outcome", "deal", "deal_of", "dealer",
  "hand", "hand_sizes", "trump", "bowers", "low_ranking", "leader", "trick", "last_trick",
  "tricks_won", "sitting_out", "teams", "team_books", "hand_order", "discard_pile",
]);
/** The most discards drawn; a longer pile shows its top cards and its size. */
const PILE_SHOWN = 10;
/** "Deal 3 of 6" counters a view may hold as [number, of]; the first found heads the page. */
const COUNTER_KEYS = ["deal_of", "round_of", "hand_of"];
/** Keys whose whole-number value names a seat (table roles): shown as the seat's name. */
const SEAT_KEYS = new Set(["seat", "to", "from", "maker", "declarer", "caller", "bidder", "taker", "winner",
  "took_up_card", "kitty_taker", "leader", "dealer", "owner", "player", "holder", "went_out"]);

export function prettyKey(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isScalar = (v) => v === null || ["boolean", "number", "string"].includes(typeof v);
const isCardList = (v) => Array.isArray(v) && v.length > 0 && v.every(isCard);
const isSeatKey = (key) => SEAT_KEYS.has(key) || key.endsWith("_seat") || key.endsWith("_by");

/** What generic rendering needs to label values: seat names and score-sheet columns. */
export class Names {
  constructor(players, columns) {
    this.players = players || [];
    this.columns = columns || [];
  }

  seat(value) {
    if (Number.isInteger(value) && value >= 0 && value < this.players.length) return this.players[value];
    return null;
  }
}

// ---- generic values ---------------------------------------------------------------------------

/** Any JSON value of a view, readably: cards drawn, seats named, per-team lists labelled. */
export function renderValue(value, names, key = "") {
  if (isSeatKey(key) && names.seat(value) !== null) return h("span", { class: "seat-ref" }, names.seat(value));
  if (Array.isArray(value)) return renderList(value, names, key);
  if (value !== null && typeof value === "object") return renderDict(value, names);
  return renderScalar(value, key);
}

function renderScalar(value, key = "") {
  if (value === null || value === undefined) return h("span", { class: "muted", "aria-label": "none" }, "—");
  if (typeof value === "boolean") return document.createTextNode(value ? "yes" : "no");
  if (typeof value === "number") return document.createTextNode(String(value));
  if (isCard(value)) return cardImage(value, { size: "sm", compact: true });
  if (/suit|trump/.test(key) && value.length === 1 && SUITS.includes(value)) return suitName(value);
  return sentence(value);
}

function suitName(suit) {
  return h("span", { class: "suit-name" }, suitText(suit), " ", SUIT_NAMES[suit]);
}

function renderList(value, names, key) {
  if (!value.length) return h("span", { class: "muted" }, "none");
  if (isCardList(value)) return cardRow(value, { label: `${prettyKey(key)}: ${value.map(cardName).join(", ")}` });
  if (value.every(isCardList)) {
    return h("div", { class: "card-rows" }, value.map((cards) => cardRow(cards)));
  }
  if (key.endsWith("_of") && value.length === 2 && value.every(Number.isInteger)) {
    return document.createTextNode(`${value[0]} of ${value[1]}`);
  }
  const { columns, players } = names;
  if (value.length === columns.length && columns.length !== players.length && value.every(isScalar)) {
    return h("span", { class: "per-team" }, value.map((v, i) => h("span", { class: "pair" },
      h("span", { class: "pair-key" }, columns[i]), " ", renderScalar(v))));
  }
  if (value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v))) {
    return h("ul", { class: "plain-list" }, value.map((v) => h("li", {}, renderValue(v, names))));
  }
  const out = h("span", { class: "list" });
  value.forEach((v, i) => {
    if (i) out.append(", ");
    const nested = Array.isArray(v) && !isCardList(v);
    if (nested) out.append("(");
    out.append(renderValue(v, names));
    if (nested) out.append(")");
  });
  return out;
}

/** {"seat": 2, "call": "pass"} reads "South pass"; other dicts "key value · key value". */
function renderDict(value, names) {
  const seat = names.seat(value.seat);
  const entries = Object.entries(value).filter(([k, v]) => v !== null && !(seat !== null && k === "seat"));
  const out = h("span", { class: "dict" });
  if (seat !== null) {
    // Read as a sentence: text values as they are, flags by their name, other values labelled.
    out.append(h("span", { class: "seat-ref" }, seat));
    for (const [k, v] of entries) {
      if (v === false) continue;
      if (v === true) out.append(" ", h("span", { class: "flag" }, prettyKey(k).toLowerCase()));
      else if (typeof v === "string") out.append(" ", renderValue(v, names, k));
      else out.append(" ", h("span", { class: "pair-key" }, prettyKey(k).toLowerCase()), " ", renderValue(v, names, k));
    }
    return out;
  }
  entries.forEach(([k, v], i) => {
    if (i) out.append(h("span", { class: "sep", "aria-hidden": "true" }, " · "));
    out.append(h("span", { class: "pair" }, h("span", { class: "pair-key" }, prettyKey(k).toLowerCase()), " ",
      renderValue(v, names, k)));
  });
  return out;
}

/**
 * Keys outside the layout holding one value per seat: plain values (bids, points taken...)
 * or card lists (a seat's melds, piles). Shown in each seat's box.
 */
export function perSeatKeys(view) {
  const n = (view.players || []).length;
  const out = [];
  for (const [key, value] of Object.entries(view)) {
    if (LAYOUT_KEYS.has(key) || !Array.isArray(value) || value.length !== n || n === 0) continue;
    if (value.every((v) => isScalar(v) && !isCard(v))) {
      if (value.some((v) => v !== null)) out.push({ key, cards: false });
    } else if (value.every((v) => v === null || (Array.isArray(v) && (v.every(isCard) || v.every(isCardList))))) {
      out.push({ key, cards: true });
    }
  }
  return out;
}

// ---- headline, notes, status ----------------------------------------------------------------

export function renderHeadline(el, view) {
  const parts = [h("span", { class: "game-title" }, view.title)];
  const counter = COUNTER_KEYS.find((k) => Array.isArray(view[k]));
  if (counter) {
    const [number, of] = view[counter];
    parts.push(`${prettyKey(counter.replace(/_of$/, ""))} ${number} of ${of}`);
  } else if (view.deal !== undefined && view.deal !== null) {
    parts.push(`Deal ${view.deal}`);
  }
  if ("trump" in view && (view.trump !== null || view.phase === "play")) parts.push(trumpText(view.trump));
  if (view.is_over) parts.push(h("strong", {}, "Game over"));
  else if (view.phase) parts.push(h("span", {}, "Phase: ", String(view.phase).replace(/_/g, " ")));
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(h("span", { class: "dot", "aria-hidden": "true" }, " · "));
    out.push(p);
  });
  fill(el, out);
}

function trumpText(trump) {
  if (trump === null) return h("span", {}, "No trump");
  if (SUITS.includes(trump)) return h("span", {}, "Trump: ", suitName(trump));
  return h("span", {}, "Trump: ", String(trump));
}

/** How this deal ranks cards, when it is not the usual ace-high order. */
export function renderNotes(el, view) {
  const notes = [];
  if (view.low_ranking) notes.push(h("p", {}, "Cards rank low this deal: the two is highest, the ace lowest."));
  if (view.bowers && view.trump && SUITS.includes(view.trump)) {
    const same = { C: "S", S: "C", D: "H", H: "D" }[view.trump];
    notes.push(h("p", {}, "Bowers: ", cardLabelSpan(`J${view.trump}`), " then ", cardLabelSpan(`J${same}`),
      " are the top trumps."));
  }
  fill(el, notes);
  el.hidden = notes.length === 0;
}

function cardLabelSpan(code) {
  return h("span", { class: `suit ${code[1] === "D" || code[1] === "H" ? "red" : "black"}` }, cardLabel(code));
}

/** Whose turn, in a sentence for the aria-live status line. */
export function turnSentence(view, ctx) {
  if (view.is_over) return ""; // the outcome panel says it
  const acting = view.to_act || [];
  const me = view.seat;
  const others = acting.filter((s) => s !== me).map((s) => view.players[s]);
  if (me !== null && me !== undefined && acting.includes(me) && (view.legal_moves || []).length) {
    const what = describeChoices(view.legal_moves, ctx.byCard);
    const also = others.length ? ` (${joinNames(others)} ${others.length > 1 ? "choose" : "chooses"} at the same time)` : "";
    return `Your turn: ${what}.${also}`;
  }
  if (!acting.length) return "Nobody is to act.";
  return `Waiting for ${joinNames(acting.map((s) => view.players[s]))}.`;
}

function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// ---- the felt: seats around the table, the trick in the middle -------------------------------

/** Where seat `s` sits: the page's own seat at the bottom, play going clockwise (to the left). */
function seatAngle(seat, bottom, n) {
  const rel = (seat - bottom + n) % n;
  const angle = ((90 + (rel * 360) / n) * Math.PI) / 180;
  return { x: Math.cos(angle).toFixed(3), y: Math.sin(angle).toFixed(3) };
}

export function renderFelt(el, view, ctx) {
  const players = view.players || [];
  const n = players.length;
  const bottom = Number.isInteger(view.seat) ? view.seat : 0;
  el.dataset.n = String(n);
  el.classList.toggle("felt-crowded", n > 4);
  const names = new Names(players, view.score_sheet ? view.score_sheet.columns : []);
  const extras = perSeatKeys(view);
  const acting = new Set(view.to_act || []);
  const sittingOut = new Set(view.sitting_out || []);
  const trick = view.trick || [];
  const seats = players.map((_, s) => seatBox(s, view, ctx, { names, extras, acting, sittingOut, trick,
    pos: seatAngle(s, bottom, n) }));
  const plays = h("ol", { class: "trick", "aria-label": trick.length ? "Cards played to this trick" : "No cards on the table" },
    trick.map((p, i) => {
      const pos = seatAngle(p.seat, bottom, n);
      return h("li", { class: "trick-card", style: { "--x": pos.x, "--y": pos.y, "z-index": String(10 + i) },
                       dataset: { seat: String(p.seat), card: p.card } },
        cardImage(p.card, { size: "md", hidden: true }),
        h("span", { class: "trick-by", "aria-hidden": "true" }, players[p.seat]),
        h("span", { class: "visually-hidden" }, `${players[p.seat]}: ${cardName(p.card)}${i === 0 ? ", led" : ""}`),
        i === 0 ? h("span", { class: "led", "aria-hidden": "true" }, "led") : null);
    }));
  const trump = view.trump && SUITS.includes(view.trump)
    ? h("div", { class: "felt-trump", "aria-hidden": "true" }, h("span", { class: "felt-trump-label" }, "Trump"),
      h("span", { class: "trump-mark", title: `Trump: ${SUIT_NAMES[view.trump]}` }, suitText(view.trump)))
    : null;
  fill(el, h("ul", { class: "seats", "aria-label": "Players" }, seats), trump, plays);
  fitFelt(el);
}

/**
 * Seats sit around the table while they fit; when they would overlap or spill over the edge
 * (many players on a phone, seat boxes made tall by a game's per-seat cards), they go in a grid.
 */
export function fitFelt(el) {
  el.classList.remove("felt-flow");
  if (el.classList.contains("felt-crowded") && window.matchMedia("(max-width: 600px)").matches) {
    el.classList.add("felt-flow");
    return;
  }
  const box = el.getBoundingClientRect();
  const seats = Array.from(el.querySelectorAll(".seat"), (s) => s.getBoundingClientRect());
  const outside = seats.some((r) => r.top < box.top - 1 || r.bottom > box.bottom + 1
    || r.left < box.left - 1 || r.right > box.right + 1);
  const overlap = seats.some((a, i) => seats.some((b, j) => j > i
    && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
  if (outside || overlap) el.classList.add("felt-flow");
}

function seatBox(s, view, ctx, { names, extras, acting, sittingOut, trick, pos }) {
  const me = view.seat === s;
  const info = ctx.seats ? ctx.seats[s] : null;
  const isActing = acting.has(s) && !view.is_over;
  const dealer = view.dealer === s;
  const winner = view.is_over && view.outcome && view.outcome.winners.includes(s);
  const classes = ["seat"];
  if (Math.abs(pos.x) < 0.5) classes.push("seat-wide"); // top or bottom: room across
  if (me) classes.push("seat-me");
  if (isActing) classes.push("seat-acting");
  if (sittingOut.has(s)) classes.push("seat-out");
  if (winner) classes.push("seat-winner");
  const name = view.players[s];
  const who = info ? (info.kind === "bot" ? `bot${info.bot ? ` · ${info.bot}` : ""}` : "person") : "";
  const chips = [];
  if (me) chips.push(h("span", { class: "chip chip-you" }, "you"));
  if (dealer) chips.push(h("span", { class: "chip chip-dealer", title: "Dealer" }, "dealer"));
  if (view.leader === s && !trick.length && view.phase === "play" && !view.is_over) {
    chips.push(h("span", { class: "chip" }, "leads"));
  }
  if (winner) chips.push(h("span", { class: "chip chip-win" }, "winner"));
  const stats = [];
  if (Array.isArray(view.hand_sizes) && !me) {
    const count = view.hand_sizes[s];
    stats.push(statRow("Cards", h("span", { class: "backs" },
      h("span", { class: "backs-fan", "aria-hidden": "true" },
        Array.from({ length: Math.min(count, 5) }, () => backImage({ size: "xs" }))),
      h("span", { class: "count" }, String(count))), "hand_sizes"));
  } else if (Array.isArray(view.hand_sizes)) {
    stats.push(statRow("Cards", String(view.hand_sizes[s]), "hand_sizes"));
  }
  if (Array.isArray(view.tricks_won)) stats.push(statRow("Tricks", String(view.tricks_won[s]), "tricks_won"));
  for (const { key, cards } of extras) {
    const value = view[key][s];
    if (value === null || (Array.isArray(value) && !value.length)) {
      if (!cards) stats.push(statRow(prettyKey(key), renderScalar(null), key));
      continue;
    }
    stats.push(statRow(prettyKey(key), renderValue(value, names, key), key, cards ? "stat-cards" : ""));
  }
  const label = [name, me ? "you" : "", who, dealer ? "dealer" : "", isActing ? "to act" : "",
    sittingOut.has(s) ? "sits out" : "", winner ? "winner" : ""].filter(Boolean).join(", ");
  return h("li", { class: classes.join(" "), style: { "--x": pos.x, "--y": pos.y }, dataset: { seat: String(s) } },
    h("span", { class: "visually-hidden" }, `${label}.`),
    h("div", { class: "seat-head", "aria-hidden": "true" }, h("span", { class: "seat-name" }, name), chips),
    who ? h("div", { class: "seat-who", "aria-hidden": "true" }, who) : null,
    sittingOut.has(s) ? h("div", { class: "seat-turn", "aria-hidden": "true" }, "sits out") : null,
    isActing ? h("div", { class: "seat-turn", "aria-hidden": "true" }, me ? "your turn" : "to act") : null,
    stats.length ? h("dl", { class: "seat-stats" }, stats) : null);
}

function statRow(label, value, key, extra = "") {
  return h("div", { class: `stat ${extra}`.trim(), dataset: { key } }, h("dt", {}, label), h("dd", {}, value));
}

// ---- the hand and the moves ---------------------------------------------------------------

/** The seat's hand: legal cards are buttons (a click sends the move), the others pictures. */
export function renderHand(el, view, ctx) {
  const hand = view.hand || [];
  const myTurn = ctx.byCard.size > 0;
  const items = [];
  let previous = null;
  const at = view.hand_order === "rank" ? 0 : 1;
  for (const code of hand) {
    const gap = previous !== null && previous[at] !== code[at];
    previous = code;
    const moves = ctx.byCard.get(code);
    if (moves) {
      const move = moves[0];
      items.push(h("li", { class: gap ? "suit-gap" : "" },
        h("button", { type: "button", class: "card card-lg card-legal", "aria-label": capitalise(moveSpeech(move)),
                      title: move, disabled: ctx.pending ? true : null, dataset: { move, card: code } },
          cardSvg(code))));
    } else {
      items.push(h("li", { class: gap ? "suit-gap" : "" },
        h("span", { class: `card card-lg${myTurn ? " card-inert" : ""}`, role: "img",
                    "aria-label": cardName(code) + (myTurn ? ", cannot be played now" : ""),
                    dataset: { card: code } }, cardSvg(code))));
    }
  }
  if (!hand.length) items.push(h("li", { class: "muted empty-hand" }, "No cards in hand."));
  el.classList.toggle("hand-many", hand.length > 8);
  fill(el, items);
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The legal moves that are not a click on a card: buttons (numbers in a row when all are "bid N"). */
export function renderMoveButtons(el, moves, ctx) {
  if (!moves.length) {
    fill(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const verb = numberVerb(moves);
  const buttons = moves.map((move) => h("button", {
    type: "button", class: "move", dataset: { move }, "aria-label": capitalise(moveSpeech(move)), title: move,
    disabled: ctx.pending ? true : null,
  }, verb ? move.split(/\s+/)[1] : moveLabel(move)));
  if (verb) {
    fill(el, h("div", { class: "move-group", role: "group", "aria-label": capitalise(verb) },
      h("span", { class: "move-group-label" }, `${capitalise(verb)}:`), buttons));
  } else {
    fill(el, h("div", { class: "move-group", role: "group", "aria-label": "Moves" }, buttons));
  }
}

// ---- on the table: last trick and everything else the view holds ---------------------------

export function renderInfo(el, view) {
  const names = new Names(view.players || [], view.score_sheet ? view.score_sheet.columns : []);
  const skip = new Set([...LAYOUT_KEYS, ...perSeatKeys(view).map((x) => x.key), ...COUNTER_KEYS]);
  const rows = [];
  if (Array.isArray(view.last_trick) && view.last_trick.length) {
    rows.push(infoRow("Last trick", h("ol", { class: "played" }, view.last_trick.map((p) => h("li", {},
      cardImage(p.card, { size: "sm", compact: true }), h("span", { class: "played-by" }, view.players[p.seat]))))));
  }
  if (view.dealer !== undefined && view.dealer !== null) rows.push(infoRow("Dealer", names.seat(view.dealer) || "—"));
  if (Array.isArray(view.discard_pile) && view.discard_pile.length) {
    const pile = view.discard_pile;
    const note = pile.length > PILE_SHOWN ? ` (${pile.length} cards, top last)` : " (top last)";
    rows.push(infoRow("Discard pile", h("span", {}, cardRow(pile.slice(-PILE_SHOWN)),
      h("span", { class: "muted" }, note)), "discard_pile"));
  }
  for (const team of view.team_books || []) rows.push(teamBooksRow(team));
  for (const [key, value] of Object.entries(view)) {
    if (skip.has(key) || value === null || value === undefined) continue;
    if (Array.isArray(value) && !value.length) continue;
    if (typeof value === "object" && !Array.isArray(value) && !Object.keys(value).length) continue;
    const label = prettyKey(key.endsWith("_of") ? key.slice(0, -3) : key);
    rows.push(infoRow(label, renderValue(value, names, key), key));
  }
  fill(el, rows);
}

/** A team's books, numbered as "add N card" names them, with its red threes and canastas. */
function teamBooksRow(team) {
  const [clean, dirty, wild] = team.canastas;
  const status = team.opened ? "opened" : `needs ${team.minimum} to open`;
  const head = h("p", {}, `${status}; canastas: clean ${clean}, dirty ${dirty}, wild ${wild}`);
  const parts = [head];
  if (team.red_threes.length) parts.push(h("p", {}, "Red threes: ", cardRow(team.red_threes)));
  if (team.books.length) {
    parts.push(h("ol", { class: "plain-list books" }, team.books.map((b) => h("li", { value: b.number },
      cardRow(b.cards, { label: `Book ${b.number}: ${b.cards.map(cardName).join(", ")}` }),
      h("span", { class: "muted" }, ` ${b.kind} ${b.canasta ? "canasta" : "book"}, ${b.cards.length}`
        + (b.closed ? ", closed" : ""))))));
  }
  return infoRow(`Books: ${team.name}`, h("div", {}, parts), "team_books");
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
  const mine = sheet.columns.map((c) => me !== null && (c === me || c.split(/[–\-\s&+]+/).includes(me)));
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"),
    sheet.columns.map((c, i) => h("th", { scope: "col", class: mine[i] ? "mine" : "" }, c))));
  const body = h("tbody", {}, sheet.rows.map((row) => h("tr", {},
    h("th", { scope: "row" }, row.label, row.note ? h("div", { class: "note" }, sentence(row.note)) : null),
    row.points.map((p, i) => h("td", { class: mine[i] ? "mine" : "" },
      h("span", { class: "pts" }, p > 0 ? `+${p}` : String(p)),
      h("span", { class: "tot" }, ` = ${row.totals[i]}`),
      row.details && row.details[i] ? h("div", { class: "detail" }, sentence(row.details[i])) : null)))));
  const foot = h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"),
    sheet.totals.map((t, i) => h("td", { class: mine[i] ? "mine" : "" }, String(t)))));
  const table = h("table", { class: "sheet" }, h("caption", { class: "visually-hidden" }, "Score sheet"), head, body, foot);
  fill(el, sheet.rows.length ? null : h("p", { class: "muted" }, "No deal scored yet."), table);
}

export function renderLog(el, events) {
  const list = events || [];
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  fill(el, list.map((text) => h("li", {}, sentence(text))));
  if (atBottom) el.scrollTop = el.scrollHeight;
}

export function renderOutcome(el, view) {
  if (!view.is_over || !view.outcome) {
    el.hidden = true;
    fill(el);
    return;
  }
  const { winners, scores, reason } = view.outcome;
  const names = winners.map((w) => view.players[w]);
  const verdict = Number.isInteger(view.seat) ? (winners.includes(view.seat) ? "You win!" : "You lose.") : null;
  el.hidden = false;
  fill(el,
    h("h2", {}, "Game over"),
    h("p", { class: "outcome-line" }, h("strong", {}, `${joinNames(names)} ${names.length > 1 ? "win" : "wins"}.`), " ",
      sentence(reason)),
    verdict ? h("p", { class: "verdict" }, verdict) : null,
    h("p", { class: "final-scores" }, "Final scores: ", view.players.map((p, s) => `${p} ${scores[s]}`).join(" · ")));
}

function optionValueText(value) {
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

/** The rules in effect: the preset, each option's value with its label and the rule it changes. */
export function renderRules(el, view, spec) {
  const options = view.options || {};
  const infos = spec ? spec.options : Object.keys(options).map((name) => ({ name, label: prettyKey(name), help: "" }));
  const preset = view.preset && spec && spec.presets ? spec.presets[view.preset] : null;
  const items = infos.filter((o) => o.name in options).map((o) => {
    const value = options[o.name];
    const changed = "default" in o && value !== o.default;
    const fromPreset = preset && o.name in preset.values;
    return h("li", { class: changed ? "changed" : "" },
      h("div", {}, h("strong", {}, o.label), ": ", h("span", { class: "opt-value" }, optionValueText(value)),
        fromPreset ? h("span", { class: "chip" }, `preset ${view.preset}`) : null,
        changed ? h("span", { class: "muted" }, ` (default ${optionValueText(o.default)})`) : null),
      o.help ? h("div", { class: "help" }, o.help) : null);
  });
  fill(el,
    h("p", {}, view.preset ? h("span", {}, "Preset ", h("strong", {}, view.preset), preset ? `: ${preset.description}` : "")
      : "The book's rules, with these options:"),
    items.length ? h("ul", { class: "rules-list" }, items) : h("p", { class: "muted" }, "This game has no options."),
    spec && spec.rules ? h("details", { class: "rules-text" }, h("summary", {}, `How ${spec.title} is played`),
      h("div", { class: "prose" }, spec.rules)) : null);
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

