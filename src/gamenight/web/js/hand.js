// The seat's own hand: cards to select (never to play on one tap), arranged as the person likes.
//
// Each card is a toggle button (aria-pressed). Selection is kept as occurrence keys ("5H#1": the
// second 5♥ as shown), so with several decks the card tapped is the card lifted. The order is the
// engine's, or sorted by suit or by rank, or the person's own (dragged, or moved with Alt+arrows);
// it is remembered per table and seat in this browser's localStorage and never sent to anyone.

import { h } from "./dom.js";
import { cardLabel, cardSvg, isRookCard, suitLetter } from "./cards.js";
import { drawPiece, pieceName } from "./pieces.js";

const RANK_ORDER = "23456789TJQKA";
const SUIT_ORDER = "SHCD"; // alternating colours
export const ORDERS = { engine: "As dealt", suit: "By suit", rank: "By rank", own: "My order" };

// ---- remembered arrangement ------------------------------------------------------------------

function storageKey(table, seat) {
  return `gamenight:hand:${table}:${seat}`;
}

/** {mode, own: [codes]} as saved for this table and seat (the engine's order when none is). */
export function loadArrangement(table, seat) {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey(table, seat)) || "null");
    if (saved && ORDERS[saved.mode]) return { mode: saved.mode, own: Array.isArray(saved.own) ? saved.own : [] };
  } catch {
    // a private window without storage, or a damaged entry: the engine's order
  }
  return { mode: "engine", own: [] };
}

export function saveArrangement(table, seat, arrangement) {
  try {
    localStorage.setItem(storageKey(table, seat), JSON.stringify(arrangement));
  } catch {
    // storage full or forbidden: the arrangement lasts until the page is reloaded
  }
}

// ---- ordering ---------------------------------------------------------------------------------

function rankOf(code) {
  if (code === "JK" || code === "RB") return 99;
  if (isRookCard(code)) return code.startsWith("1") && code.length === 2 ? 15 : Number(code.slice(0, -1));
  return RANK_ORDER.indexOf(code[0]);
}

function suitOf(code) {
  if (code === "JK" || code === "RB") return 9;
  if (isRookCard(code)) return "BRYG".indexOf(suitLetter(code));
  return SUIT_ORDER.indexOf(code[1]);
}

/** The hand in the arrangement's order; `isCards` false: other pieces keep the engine's order. */
export function arranged(hand, arrangement, isCards) {
  const indexed = hand.map((code, i) => ({ code, i }));
  const mode = isCards ? arrangement.mode : "engine";
  if (mode === "suit") indexed.sort((a, b) => suitOf(a.code) - suitOf(b.code) || rankOf(a.code) - rankOf(b.code) || a.i - b.i);
  else if (mode === "rank") indexed.sort((a, b) => rankOf(a.code) - rankOf(b.code) || suitOf(a.code) - suitOf(b.code) || a.i - b.i);
  else if (mode === "own") {
    // each card takes the place of the first unused equal card in the saved order; new cards go last
    const slots = new Map();
    arrangement.own.forEach((code, at) => {
      if (!slots.has(code)) slots.set(code, []);
      slots.get(code).push(at);
    });
    const place = indexed.map(({ code, i }) => {
      const free = slots.get(code);
      return { code, i, at: free && free.length ? free.shift() : 1e6 + i };
    });
    place.sort((a, b) => a.at - b.at);
    return place.map((p) => p.code);
  }
  return indexed.map((x) => x.code);
}

/** Occurrence keys of a shown hand: "QS#0", "5H#0", "5H#1"... */
export function handKeys(shown) {
  const seen = new Map();
  return shown.map((code) => {
    const n = seen.get(code) || 0;
    seen.set(code, n + 1);
    return `${code}#${n}`;
  });
}

export const codeOf = (key) => key.slice(0, key.lastIndexOf("#"));

// ---- drawing ----------------------------------------------------------------------------------

/**
 * The hand as buttons. `ctx`: {shown (codes in order), selected (Set of keys), usable (Set of codes or
 * null: all), marks (Map code -> label), piece, myTurn, busy}.
 */
export function renderHandCards(el, ctx) {
  const keys = handKeys(ctx.shown);
  const items = ctx.shown.map((code, i) => {
    const key = keys[i];
    const selected = ctx.selected.has(key);
    const usable = ctx.usable === null || ctx.usable.has(code);
    const mark = ctx.marks.get(code);
    const name = pieceName(ctx.piece, code);
    const classes = ["card", "card-lg", "hand-card"];
    if (selected) classes.push("card-selected");
    if (ctx.myTurn && usable) classes.push("card-usable");
    if (ctx.myTurn && !usable) classes.push("card-inert");
    if (mark) classes.push("card-marked");
    const label = [name, mark ? mark.toLowerCase() : "", ctx.myTurn && !usable ? "not usable now" : ""]
      .filter(Boolean).join(", ");
    return h("li", { class: gapBefore(ctx.shown, i, ctx.piece) ? "suit-gap" : "", dataset: { key } },
      h("button", {
        type: "button", class: classes.join(" "), "aria-pressed": selected ? "true" : "false",
        "aria-label": label, title: ctx.piece === "card" ? cardLabel(code) : name, tabindex: "-1",
        draggable: "true", dataset: { card: code, key },
      }, ctx.piece === "card" ? cardSvg(code) : drawPiece(ctx.piece, code),
      mark ? h("span", { class: "card-mark", "aria-hidden": "true" }, "new") : null));
  });
  if (!ctx.shown.length) items.push(h("li", { class: "muted empty-hand" }, "Nothing in hand."));
  el.classList.toggle("hand-many", ctx.shown.length > 8);
  el.replaceChildren(...items);
  fitHand(el, true);
  // one tab stop for the whole hand (a roving tabindex): the arrows move within it
  const buttons = el.querySelectorAll("button.hand-card");
  const focusAt = Math.max(0, keys.indexOf(ctx.focusKey));
  if (buttons.length) buttons[Math.min(focusAt, buttons.length - 1)].tabIndex = 0;
}

/** The least of a card that shows when cards overlap: its index corner (rank and suit). */
const CORNER_PX = 26;
/** The extra space a group of suits (or ranks) keeps from the next. */
const GROUP_GAP_PX = 4;

/**
 * The hand as a fan held in the hand: the cards overlap just enough to fit the tray's width, each
 * showing at least its index corner; a hand too long for one row (Hand and Foot, Canasta) splits
 * into rows of even length, never wider than the tray. Dominoes lie side by side, wrapping.
 * The overlap is `--step` on the list: each card's margin, the list's padding taking it back.
 */
export function fitHand(el, now = false) {
  watchWidth(el);
  // a hand drawn anew is fitted at once: motion.js measures where its cards land right after
  if (now && el.clientWidth) return fitNow(el);
  if (el.dataset.fitting) return;
  el.dataset.fitting = "1";
  requestAnimationFrame(() => { // measured when the browser lays the page out anyway
    delete el.dataset.fitting;
    fitNow(el);
  });
}

const watched = new WeakSet();

/** The fan fitted again when the tray's width changes (a turned phone, the hand shown at last). */
function watchWidth(el) {
  if (watched.has(el) || typeof ResizeObserver === "undefined") return;
  watched.add(el);
  let width = el.clientWidth;
  new ResizeObserver(() => {
    if (el.clientWidth === width) return; // its height changes with every card drawn
    width = el.clientWidth;
    fitHand(el);
  }).observe(el);
}

function fitNow(el) {
  const cards = el.querySelectorAll(":scope > li > .hand-card");
  const n = cards.length;
  if (!n || !el.clientWidth) return;
  const gaps = el.querySelectorAll(":scope > li.suit-gap").length;
  // the list's own padding (--pad, 4px each side) is not room for cards; the overlap's is added back
  const width = el.clientWidth - 2 * 4 - 2;
  const cw = cards[0].getBoundingClientRect().width || 54;
  const loose = Math.min(6, Math.max(2, cw / 10));
  if (el.querySelector(".tile") || n * (cw + loose) + gaps * GROUP_GAP_PX <= width) {
    el.style.setProperty("--step", `${loose}px`); // side by side: they fit, or tiles (never fanned)
    return;
  }
  const room = width - cw - gaps * GROUP_GAP_PX;
  const perRow = Math.max(1, Math.floor(room / CORNER_PX) + 1);
  const rows = Math.ceil(n / perRow);
  const per = Math.ceil(n / rows);
  const step = per > 1 ? Math.min(cw + loose, room / (per - 1)) : cw + loose;
  el.style.setProperty("--step", `${Math.floor((step - cw) * 10) / 10}px`);
}

/** A gap between suits when the hand is grouped by suit, between ranks when grouped by rank. */
function gapBefore(shown, i, piece) {
  if (piece !== "card" || i === 0) return false;
  let suits = 0;
  let ranks = 0;
  for (let j = 1; j < shown.length; j += 1) {
    if (suitOf(shown[j]) !== suitOf(shown[j - 1])) suits += 1;
    if (rankOf(shown[j]) !== rankOf(shown[j - 1])) ranks += 1;
  }
  const at = ranks < suits ? rankOf : suitOf;
  return at(shown[i]) !== at(shown[i - 1]);
}

/** The order buttons: which arrangement is in use, and the way to choose another. */
export function renderOrderButtons(el, mode) {
  el.replaceChildren(...Object.entries(ORDERS).filter(([m]) => m !== "own" || mode === "own").map(([m, text]) => h("button", {
    type: "button", class: "secondary order-button", "aria-pressed": m === mode ? "true" : "false",
    dataset: { order: m },
  }, text)));
}

/** Move the card at `from` to `to` in the shown order, as the person's own order. */
export function moved(shown, from, to) {
  const out = [...shown];
  const [code] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, code);
  return out;
}
