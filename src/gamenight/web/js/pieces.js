// One drawing function per kind of piece, chosen by the layout's `piece` (a zone's codec name,
// a field's piece kind): cards, domino tiles, dice; any other piece as its text.

import { h } from "./dom.js";
import { ROOK_COLOURS, SUITS, SUIT_NAMES, backImage, cardImage, cardName, cardRow, isCard, suitText } from "./cards.js";
import { dieImage } from "./dice.js";
import { tileImage, tileName } from "./tiles.js";

function textPiece(code) {
  return h("span", { class: "piece piece-text", dataset: { piece: String(code) } }, String(code));
}

/** Each kind of piece: how one is drawn, how a row is, and how a face-down one is. */
const DRAWERS = {
  card: {
    one: (code, opts = {}) => (isCard(code) ? cardImage(code, { size: "sm", compact: true, ...opts }) : textPiece(code)),
    row: (codes, label) => (codes.every(isCard) ? cardRow(codes, { label: label ? `${label}: ${codes.map(cardName).join(", ")}` : null }) : null),
    back: (opts = {}) => backImage({ size: opts.backSize || "xs" }),
    suit: (letter) => (SUITS.includes(letter) ? h("span", { class: "suit-name" }, suitText(letter), " ", SUIT_NAMES[letter])
      : ROOK_COLOURS[letter] ? h("span", { class: "suit-name" }, suitText(letter)) : null),
  },
  tile: { one: tileImage },
  face: { one: dieImage },
  die: { one: dieImage },
};

/** A piece by its name in words: "queen of hearts", "12–7", a die's face. */
export function pieceName(piece, code) {
  if (piece === "card" && (isCard(code) || code === "JK")) return cardName(code);
  if (piece === "tile") return tileName(code);
  return String(code);
}

function drawerOf(piece) {
  return DRAWERS[piece] || {};
}

/** One piece (null: face down). */
export function drawPiece(piece, code, opts = {}) {
  const d = drawerOf(piece);
  if (code === null || code === undefined) return d.back ? d.back(opts) : h("span", { class: "piece face-down" }, "▒");
  return (d.one || textPiece)(code, opts);
}

/** A row of pieces; `label` names it for screen readers; `at` ({zone, from}): the row lies in that
 *  zone from that index on, and each piece says its place (`data-at`) so it can be tapped there. */
export function drawPieces(piece, codes, label = "", at = null) {
  const d = drawerOf(piece);
  if (d.row && codes.every((c) => c !== null)) {
    const row = d.row(codes, label);
    if (row) return placed(row, codes, at);
  }
  return placed(h("span", { class: "piece-row", "aria-label": label || null }, codes.map((c) => drawPiece(piece, c))), codes, at);
}

/** Each piece of a drawn row marked with its place on the table (`data-at` "zone#index", `data-value`). */
function placed(row, codes, at) {
  if (!at || !at.zone) return row;
  [...row.children].forEach((el, i) => {
    if (i >= codes.length) return;
    el.dataset.at = `${at.zone}#${(at.from || 0) + i}`;
    el.dataset.value = codes[i] === null ? "" : String(codes[i]);
  });
  return row;
}

// ---- pieces on the table a person may tap: the arguments of the legal moves where they lie --------

/**
 * Mark the pieces drawn under `root` (each with `data-at`) that a move can take: a tap target with
 * a name in words, pressed when selected. `usable(item)`: whether a piece is some move's argument;
 * `chosen`: the places ("zone#index") selected. The rest are left as pictures.
 */
export function markFeltTargets(root, usable, chosen, feltItem) {
  const picked = new Set(chosen);
  for (const el of root.querySelectorAll("[data-at]")) {
    const item = feltItem(el.dataset.at, el.dataset.value);
    const live = usable(item);
    const on = live && picked.has(item.at);
    el.classList.toggle("felt-target", live);
    el.classList.toggle("selected", on);
    if (live) {
      el.removeAttribute("aria-hidden"); // a card named beside its picture is now the thing tapped
      const box = el.parentElement;
      if (box && box.getAttribute("role") === "img") box.setAttribute("role", "group");
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      el.setAttribute("aria-pressed", on ? "true" : "false");
      if (!el.getAttribute("aria-label")) el.setAttribute("aria-label", placeName(el, item));
    } else if (el.getAttribute("role") === "button" && el.dataset.tapped) {
      if (el.dataset.name !== undefined) el.removeAttribute("aria-label"); // a pile is no button now
      el.removeAttribute("role");
      el.removeAttribute("tabindex");
      el.removeAttribute("aria-pressed");
    }
    if (live) el.dataset.tapped = "1";
  }
  for (const list of root.querySelectorAll("ul, ol")) listOfTargets(list);
}

/** A list whose items became buttons is a group of buttons, its other items plain boxes (a list
 * holds list items only, a list item lives in a list), and a list again when none is. */
function listOfTargets(list) {
  const items = [...list.children];
  const buttons = items.some((li) => li.getAttribute("role") === "button");
  if (!buttons && list.getAttribute("role") !== "group") return;
  if (buttons) list.setAttribute("role", "group");
  else list.removeAttribute("role");
  for (const li of items) {
    if (li.getAttribute("role") === "button") continue;
    if (buttons) li.setAttribute("role", "none");
    else if (li.getAttribute("role") === "none") li.removeAttribute("role");
  }
}

/** A tappable piece's name: what it shows ("queen of hearts", "face down") and where. */
function placeName(el, item) {
  if (item.index === undefined && el.dataset.name) return el.dataset.name; // a pile as a whole: "Stock"
  const shown = item.value && isCard(item.value) ? cardName(item.value) : item.value || "face down";
  const where = el.closest("[data-zone]");
  const label = where && where.getAttribute("aria-label");
  return `${shown}${Number.isInteger(item.index) ? `, place ${item.index + 1}` : ""}${label ? ` (${label})` : ""}`;
}

/** A suit of a kind of piece ("S" of cards: ♠ spades), or its text. */
export function drawSuit(piece, letter) {
  const d = drawerOf(piece);
  return (d.suit && d.suit(letter)) || document.createTextNode(String(letter));
}
