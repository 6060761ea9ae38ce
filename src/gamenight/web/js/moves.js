// Legal moves as a person reads them: which cards in the hand they name, labels and spoken names.

import { h } from "./dom.js";
import { ROOK_COLOURS, SUITS, SUIT_NAMES, cardColourClass, cardLabel, cardName, isCard, parseCard, suitText } from "./cards.js";

export function words(move) {
  return move.trim().split(/\s+/);
}

/** The word's card and the card it stands for, for a named wild card (`JK=9H`); else null. */
function named(word) {
  const [card, as, extra] = word.split("=");
  return extra === undefined && as !== undefined && isCard(card) && isCard(as) ? { card, as } : null;
}

export function cardsOf(move) {
  return words(move).map((w) => named(w)?.card ?? w).filter(isCard);
}

/**
 * Split the legal moves: those naming exactly one card of the hand (a click on the card plays
 * them) and the others (buttons). A card named by several moves maps to all of them.
 */
export function classifyMoves(legal, hand) {
  const inHand = new Set(hand || []);
  const byCard = new Map();
  const other = [];
  for (const move of legal || []) {
    const named = cardsOf(move);
    if (named.length === 1 && inHand.has(named[0]) && words(move).length === 2) {
      if (!byCard.has(named[0])) byCard.set(named[0], []);
      byCard.get(named[0]).push(move);
    } else {
      other.push(move);
    }
  }
  // A card with several moves (e.g. "play" and "meld") is chosen by its buttons, not by a click.
  for (const [code, moves] of byCard) {
    if (moves.length > 1) {
      other.push(...moves);
      byCard.delete(code);
    }
  }
  return { byCard, other };
}

/** The verb when every move is that verb with a number ("bid 0" … "bid 7"). */
export function numberVerb(moves) {
  if (!moves.length) return null;
  const split = moves.map(words);
  const verbs = new Set(split.map((w) => w[0]));
  if (verbs.size === 1 && split.every((w) => w.length === 2 && /^-?\d+$/.test(w[1]))) return split[0][0];
  return null;
}

const isSuitWord = (word, i) => i > 0 && word.length === 1 && (SUITS.includes(word) || word in ROOK_COLOURS);

/** Words of moves spelled short in the notation, as a person reads them. */
const SPOKEN = { nt: "no trump" };

/** Most number moves of one verb the page shows as a row of buttons; more become a ladder. */
const LADDER_FROM = 13;

/**
 * Many moves "verb N" or "verb N word" of one verb (an auction's bids: "bid 60 C" … "bid 125 nt"):
 * the rungs (number, the word after it, the move) and the other moves; null when there are few.
 */
export function ladderOf(moves) {
  const shape = /^(\S+) (-?\d+)(?: (\S+))?$/;
  const rungs = [];
  const rest = [];
  let verb = null;
  for (const move of moves) {
    const m = shape.exec(move);
    if (m && (verb === null || m[1] === verb)) {
      verb = m[1];
      rungs.push({ move, number: Number(m[2]), tail: m[3] || "" });
    } else {
      rest.push(move);
    }
  }
  if (rungs.length < LADDER_FROM) return null;
  const numbers = [...new Set(rungs.map((r) => r.number))].sort((a, b) => a - b);
  const tails = [...new Set(rungs.map((r) => r.tail))];
  return { verb, rungs, numbers, tails, rest };
}

/** The word after a ladder's number as a person reads it: "♥", "no trump". */
export function tailLabel(word) {
  if (isSuitWord(word, 1)) return suitText(word);
  return SPOKEN[word] || word;
}

/** A move's text with cards and suits shown as coloured symbols: "call ♥ alone", "play Q♠". */
export function moveLabel(move) {
  const out = h("span", { class: "move-label" });
  words(move).forEach((word, i) => {
    if (i) out.append(" ");
    const wild = named(word);
    if (wild) {
      out.append(h("span", { class: `suit ${cardColourClass(wild.card)}` }, cardLabel(wild.card)), " as ",
                 h("span", { class: `suit ${cardColourClass(wild.as)}` }, cardLabel(wild.as)));
    } else if (isCard(word)) {
      out.append(h("span", { class: `suit ${cardColourClass(word)}` }, cardLabel(word)));
    } else if (isSuitWord(word, i)) {
      out.append(suitText(word));
    } else {
      out.append(word);
    }
  });
  return out;
}

/** The move read aloud: "call hearts alone", "play queen of spades". */
export function moveSpeech(move) {
  return words(move).map((word, i) => {
    const wild = named(word);
    if (wild) return `${cardName(wild.card)} as ${cardName(wild.as)}`;
    if (isCard(word)) return cardName(word);
    if (isSuitWord(word, i)) return SUIT_NAMES[word] || ROOK_COLOURS[word];
    return SPOKEN[word] || word;
  }).join(" ");
}

/** What the person is asked to do, in a few words: "play a card", "bid 0–3", "pass, order or order alone". */
export function describeChoices(legal, byCard) {
  if (!legal.length) return "";
  const number = numberVerb(legal);
  if (number) {
    const values = legal.map((m) => Number(words(m)[1]));
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? `${number} ${low}` : `${number} ${low}–${high}`;
  }
  const parts = [];
  const cardVerbs = new Set();
  for (const moves of byCard.values()) for (const m of moves) cardVerbs.add(words(m)[0]);
  for (const verb of cardVerbs) parts.push(`${verb} a card`);
  for (const m of legal) {
    if (cardsOf(m).length === 1 && cardVerbs.has(words(m)[0]) && words(m).length === 2) continue;
    if (parts.length >= 6) { parts.push("…"); break; }
    parts.push(moveSpeech(m));
  }
  if (parts.length === 1) return parts[0];
  return `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}

/**
 * What to send for a typed move: a bare card ("qs", "10h") becomes the one legal move naming
 * it; a bare number the one "verb N" move; anything else goes to the engine as typed.
 */
export function resolveTyped(text, legal) {
  const typed = text.trim().replace(/\s+/g, " ");
  if (!typed) return "";
  const code = parseCard(typed);
  if (code) {
    const naming = legal.filter((m) => cardsOf(m).includes(code) && words(m).length === 2);
    if (naming.length === 1) return naming[0];
    return `play ${code}`;
  }
  if (/^-?\d+$/.test(typed)) {
    const verb = numberVerb(legal);
    if (verb) return `${verb} ${typed}`;
  }
  return typed; // the engine reads cards and suits in either case
}
