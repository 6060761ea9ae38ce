// Playing cards drawn as SVG by the page itself: no images, no fonts beyond the system's.
//
// A card is its two-character code (rank "23456789TJQKA" + suit "CDHS", the joker "JK"),
// as the engine writes it. Suits are drawn as paths (not font glyphs), so every card looks
// the same on every machine.

import { h, s } from "./dom.js";

export const RANKS = "23456789TJQKA";
export const SUITS = "CDHS";
export const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
  T: "ten", J: "jack", Q: "queen", K: "king", A: "ace",
};
const RANK_LABELS = { T: "10" };

const CARD_RE = /^([2-9TJQKA][CDHS]|JK)$/;
// The Rook deck: a number 1-14 then a colour letter (red, green, yellow, black); the bird is "RB".
const ROOK_RE = /^((1[0-4]|[1-9])[RGYB]|RB)$/;
export const ROOK_COLOURS = { R: "red", G: "green", Y: "yellow", B: "black" };

/** Is this value a card code (of the 52-card deck and its joker, or of the Rook deck)? */
export function isCard(value) {
  return typeof value === "string" && (CARD_RE.test(value) || ROOK_RE.test(value));
}

/** Is this a Rook-deck card (a coloured number or the Rook bird)? */
export function isRookCard(code) {
  return typeof code === "string" && ROOK_RE.test(code);
}

/** A card's suit (or colour) letter, for grouping and sorting; "" for the jokers and the bird. */
export function suitLetter(code) {
  if (code === "JK" || code === "RB") return "";
  return code[code.length - 1];
}

export function isRed(suit) {
  return suit === "D" || suit === "H";
}

/** The class that colours a card's label in a sentence or a button: red or black, or a Rook
 * card's own colour. */
export function cardColourClass(code) {
  if (isRookCard(code)) return code === "RB" ? "black" : `rook-${ROOK_COLOURS[suitLetter(code)]}`;
  if (code === "JK") return "black";
  return `${isRed(code[1]) ? "red" : "black"} suit-${code[1]}`; // suit-C: the four-colour deck's hook
}

/** "queen of spades", "ten of hearts", "joker". */
export function cardName(code) {
  if (code === "JK") return "joker";
  if (code === "RB") return "the Rook";
  if (isRookCard(code)) return `${ROOK_COLOURS[suitLetter(code)]} ${code.slice(0, -1)}`;
  return `${RANK_NAMES[code[0]]} of ${SUIT_NAMES[code[1]]}`;
}

/** "Q♠", "10♥", "Joker": the label printed in sentences. */
export function cardLabel(code) {
  if (code === "JK") return "Joker";
  if (code === "RB") return "Rook";
  if (isRookCard(code)) return code;
  return (RANK_LABELS[code[0]] || code[0]) + SUIT_SYMBOLS[code[1]];
}

/** A card typed by a person ("qs", "10h", "Th") as its code, or null. */
export function parseCard(text) {
  const t = text.trim().toUpperCase().replace(/^10/, "T");
  if (t === "JOKER") return "JK";
  if (ROOK_RE.test(text.trim().toUpperCase())) return text.trim().toUpperCase();
  return CARD_RE.test(t) ? t : null;
}

// ---- the sprite: suit shapes and the back pattern, defined once per document ----------------

const SUIT_PATHS = {
  D: "M50 2 L88 50 L50 98 L12 50 Z",
  H: "M50 94 C22 70 2 52 2 29 C2 13 14 2 28 2 C38 2 46 8 50 17 C54 8 62 2 72 2 C86 2 98 13 98 29 " +
     "C98 52 78 70 50 94 Z",
  S: "M50 2 C78 26 98 42 98 61 C98 76 87 86 74 86 C65 86 58 81 53 74 C55 86 60 93 68 98 L32 98 " +
     "C40 93 45 86 47 74 C42 81 35 86 26 86 C13 86 2 76 2 61 C2 42 22 26 50 2 Z",
  C: "M50 4 A21 21 0 0 1 67 38 A21 21 0 1 1 57 72 C58 84 62 92 70 98 L30 98 C38 92 42 84 43 72 " +
     "A21 21 0 1 1 33 38 A21 21 0 0 1 50 4 Z",
};

let spriteReady = false;

/** Put the suit symbols and the back pattern in the document, once. */
export function ensureSprite() {
  if (spriteReady) return;
  spriteReady = true;
  const defs = s("defs", {});
  for (const [suit, d] of Object.entries(SUIT_PATHS)) {
    defs.append(s("symbol", { id: `gn-suit-${suit}`, viewBox: "0 0 100 100" }, s("path", { d })));
  }
  defs.append(
    s("pattern", { id: "gn-back", width: 10, height: 10, patternUnits: "userSpaceOnUse",
                   patternTransform: "rotate(45)" },
      s("rect", { width: 10, height: 10, fill: "#1f4f8a" }),
      s("rect", { width: 5, height: 10, fill: "#2a63a8" })),
  );
  const sprite = s("svg", { width: 0, height: 0, "aria-hidden": "true", focusable: "false", class: "gn-sprite" },
    defs);
  document.body.prepend(sprite);
}

function suitUse(suit, x, y, size, rotate = false) {
  const attrs = { href: `#gn-suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size };
  if (rotate) attrs.transform = `rotate(180 ${x} ${y})`;
  return s("use", attrs);
}

// Pip centres in a 100 × 140 card, per rank (the standard layouts).
const L = 35, M = 50, R = 65;
const PIPS = {
  2: [[M, 28], [M, 112]],
  3: [[M, 28], [M, 70], [M, 112]],
  4: [[L, 28], [R, 28], [L, 112], [R, 112]],
  5: [[L, 28], [R, 28], [M, 70], [L, 112], [R, 112]],
  6: [[L, 28], [R, 28], [L, 70], [R, 70], [L, 112], [R, 112]],
  7: [[L, 28], [R, 28], [M, 49], [L, 70], [R, 70], [L, 112], [R, 112]],
  8: [[L, 28], [R, 28], [M, 49], [L, 70], [R, 70], [M, 91], [L, 112], [R, 112]],
  9: [[L, 28], [R, 28], [L, 56], [R, 56], [M, 70], [L, 84], [R, 84], [L, 112], [R, 112]],
  T: [[L, 28], [R, 28], [M, 42], [L, 56], [R, 56], [L, 84], [R, 84], [M, 98], [L, 112], [R, 112]],
};

function corner(rankLabel, suit) {
  const narrow = rankLabel.length > 1;
  return [
    s("text", { x: 12.5, y: 25, "text-anchor": "middle", class: "gn-rank",
                "font-size": narrow ? 19 : 23, "letter-spacing": narrow ? -2.5 : 0 }, rankLabel),
    suitUse(suit, 12.5, 37, 14),
  ];
}

function faceCentre(code) {
  const rank = code[0];
  const suit = code[1];
  if (rank === "A") return [suitUse(suit, 50, 70, suit === "S" ? 50 : 40)];
  if (PIPS[rank]) return PIPS[rank].map(([x, y]) => suitUse(suit, x, y, 17, y > 70));
  // Court cards: a framed panel with the letter and the suit.
  return [
    s("rect", { x: 24, y: 20, width: 52, height: 100, rx: 4, class: "gn-court" }),
    s("text", { x: 50, y: 78, "text-anchor": "middle", class: "gn-rank", "font-size": 44 }, rank),
    suitUse(suit, 50, 38, 18),
    suitUse(suit, 50, 102, 18, true),
  ];
}

/**
 * A face-up card as an <svg> (100 × 140 units; CSS sets its size).
 * compact: a large index only (rank and suit big), for small sizes where pips would not read.
 */
export function cardSvg(code, { compact = false } = {}) {
  ensureSprite();
  const svg = s("svg", { viewBox: "0 0 100 140", class: "gn-card-svg", "aria-hidden": "true",
                         focusable: "false" });
  svg.append(s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "gn-face" }));
  if (isRookCard(code)) return rookFace(svg, code);
  if (code === "JK") {
    svg.classList.add("gn-joker");
    svg.append(
      s("text", { x: 50, y: 62, "text-anchor": "middle", class: "gn-rank", "font-size": 22 }, "JOKER"),
      s("path", { d: "M50 76 L56 92 L73 92 L59 102 L64 119 L50 109 L36 119 L41 102 L27 92 L44 92 Z" }),
    );
    return svg;
  }
  const rank = code[0];
  const suit = code[1];
  svg.classList.add(isRed(suit) ? "gn-red" : "gn-black", `gn-suit-${suit}`);
  const rankLabel = RANK_LABELS[rank] || rank;
  if (compact) {
    svg.append(
      s("text", { x: 50, y: 62, "text-anchor": "middle", class: "gn-rank",
                  "font-size": rankLabel.length > 1 ? 50 : 58, "letter-spacing": rankLabel.length > 1 ? -4 : 0 },
        rankLabel),
      suitUse(suit, 50, 100, 46),
    );
    return svg;
  }
  svg.append(...corner(rankLabel, suit));
  const bottom = s("g", { transform: "rotate(180 50 70)" }, ...corner(rankLabel, suit));
  svg.append(bottom, ...faceCentre(code));
  return svg;
}

/** A Rook-deck face: the number large in its colour, in the corners, and the colour's name; the
 * bird as a round black bird on a circle. */
function rookFace(svg, code) {
  if (code === "RB") {
    svg.classList.add("gn-rook-bird");
    svg.append(
      s("circle", { cx: 50, cy: 66, r: 34, class: "gn-rook-disc" }),
      s("path", { d: "M30 78 C34 56 50 48 62 52 L74 44 L70 56 C72 66 64 78 48 80 Z", class: "gn-rook-shape" }),
      s("text", { x: 50, y: 128, "text-anchor": "middle", class: "gn-rank", "font-size": 20 }, "ROOK"),
    );
    return svg;
  }
  const number = code.slice(0, -1);
  svg.classList.add(`gn-rook-${ROOK_COLOURS[suitLetter(code)]}`);
  svg.append(
    s("text", { x: 14, y: 26, "text-anchor": "middle", class: "gn-rank", "font-size": 20 }, number),
    s("text", { x: 86, y: 132, "text-anchor": "middle", class: "gn-rank", "font-size": 20 }, number),
    s("text", { x: 50, y: 86, "text-anchor": "middle", class: "gn-rank",
                "font-size": number.length > 1 ? 50 : 60 }, number),
    s("text", { x: 50, y: 112, "text-anchor": "middle", class: "gn-rook-word", "font-size": 14 },
      ROOK_COLOURS[suitLetter(code)]),
  );
  return svg;
}

/** The back of a card (a hidden card). */
export function backSvg() {
  ensureSprite();
  return s("svg", { viewBox: "0 0 100 140", class: "gn-card-svg gn-back", "aria-hidden": "true",
                    focusable: "false" },
    s("rect", { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: "gn-back-edge" }),
    s("rect", { x: 9, y: 9, width: 82, height: 122, rx: 5, fill: "url(#gn-back)" }));
}

/** A card for reading (not for clicking): an element with role img and the card's name. */
export function cardImage(code, { size = "md", compact = false, hidden = false } = {}) {
  // hidden: the card is named in text next to it, so screen readers skip the picture
  return h("span", { class: `card card-${size}`, role: hidden ? null : "img", "aria-hidden": hidden ? "true" : null,
                     "aria-label": hidden ? null : cardName(code), title: cardLabel(code), dataset: { card: code } },
    cardSvg(code, { compact }));
}

/** A face-down card. */
export function backImage({ size = "md", label = "face-down card" } = {}) {
  return h("span", { class: `card card-${size} card-back`, role: "img", "aria-label": label }, backSvg());
}

/** A row of cards, as a list; long rows overlap so they wrap less. */
export function cardRow(codes, { size = "sm", compact = true, label = null } = {}) {
  const list = h("ul", { class: `card-row card-row-${size}${codes.length > 8 ? " card-row-tight" : ""}`,
                         "aria-label": label || `${codes.length} card${codes.length === 1 ? "" : "s"}` });
  let previous = null;
  for (const code of codes) {
    const gap = previous !== null && isCard(previous) && suitLetter(previous) !== suitLetter(code) && code !== "JK";
    list.append(h("li", { class: gap ? "suit-gap" : "" }, cardImage(code, { size, compact })));
    previous = code;
  }
  return list;
}

/** A suit symbol coloured for text: the symbol in a span, with its name for screen readers. */
export function suitText(suit) {
  if (ROOK_COLOURS[suit]) {
    return h("span", { class: `suit rook-${ROOK_COLOURS[suit]}`, title: ROOK_COLOURS[suit] }, ROOK_COLOURS[suit]);
  }
  return h("span", { class: `suit ${isRed(suit) ? "red" : "black"} suit-${suit}`, title: SUIT_NAMES[suit] },
    SUIT_SYMBOLS[suit]);
}

const SENTENCE_RE = /((?:10|[2-9JQKA])?[♣♦♥♠])/u;
const SYMBOL_SUIT = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" };

/** How the table words an engine sentence before it is drawn (render.js `tableWords`: teams by
 * their players' names, tiles with an en dash); set once the table's players are known. */
let tableWording = (text) => text;
export function wordSentencesWith(wording) {
  tableWording = wording;
}

/** An engine sentence in the table's words, with its card labels ("10♥", "Q♠") and suit symbols coloured. */
export function sentence(text) {
  const out = h("span", {});
  for (const part of tableWording(String(text)).split(SENTENCE_RE)) {
    if (!part) continue;
    const symbol = part[part.length - 1];
    if (SYMBOL_SUIT[symbol] && SENTENCE_RE.test(part) && part.replace(SENTENCE_RE, "") === "") {
      const suit = SYMBOL_SUIT[symbol];
      out.append(h("span", { class: `suit ${isRed(suit) ? "red" : "black"} suit-${suit}` }, part));
    } else {
      out.append(part);
    }
  }
  return out;
}
