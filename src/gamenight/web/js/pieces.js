// One drawing function per kind of piece, chosen by the layout's `piece` (a zone's codec name,
// a field's piece kind): cards, domino tiles, dice; any other piece as its text.

import { h } from "./dom.js";
import { ROOK_COLOURS, SUITS, SUIT_NAMES, backImage, cardImage, cardName, cardRow, isCard, suitText } from "./cards.js";
import { dieImage } from "./dice.js";
import { tileImage } from "./tiles.js";

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

function drawerOf(piece) {
  return DRAWERS[piece] || {};
}

/** One piece (null: face down). */
export function drawPiece(piece, code, opts = {}) {
  const d = drawerOf(piece);
  if (code === null || code === undefined) return d.back ? d.back(opts) : h("span", { class: "piece face-down" }, "▒");
  return (d.one || textPiece)(code, opts);
}

/** A row of pieces; `label` names it for screen readers. */
export function drawPieces(piece, codes, label = "") {
  const d = drawerOf(piece);
  if (d.row && codes.every((c) => c !== null)) {
    const row = d.row(codes, label);
    if (row) return row;
  }
  return h("span", { class: "piece-row", "aria-label": label || null }, codes.map((c) => drawPiece(piece, c)));
}

/** A suit of a kind of piece ("S" of cards: ♠ spades), or its text. */
export function drawSuit(piece, letter) {
  const d = drawerOf(piece);
  return (d.suit && d.suit(letter)) || document.createTextNode(String(letter));
}
