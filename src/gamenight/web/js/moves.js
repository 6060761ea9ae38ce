// Moves as a person reads them: labels, spoken names, bids as a ladder, a typed move resolved.
//
// A move comes structured (the view's `moves`: {text, verb, args: [{kind, value, text}]}): each
// argument is drawn by its kind (a card by its label, a suit by its symbol, a word as said), so
// nothing here reads a move's text apart; the text is what is sent.

import { h } from "./dom.js";
import { ROOK_COLOURS, SUIT_NAMES, cardColourClass, cardLabel, cardName, parseCard, suitText } from "./cards.js";

/** Words of moves spelled short in the notation, as a person reads them. */
const SPOKEN = { nt: "no trump" };

/** Most number moves of one verb the page shows as a row of buttons; more become a ladder. */
const LADDER_FROM = 13;

const isSuit = (arg) => arg.kind === "suit" || arg.kind === "colour";
/** An argument that is a whole number: a number, a die face, a hole (by its value's type). */
export const isNumber = (arg) => Number.isInteger(arg.value);

/** The verb when every move is that verb with a number ("bid 0" … "bid 7"). */
export function numberVerb(moves) {
  if (!moves.length) return null;
  const verbs = new Set(moves.map((m) => m.verb));
  if (verbs.size === 1 && moves.every((m) => m.args.length === 1 && isNumber(m.args[0]))) return moves[0].verb;
  return null;
}

/**
 * Many moves "verb N" or "verb N word" of one verb (an auction's bids: "bid 60 C" … "bid 125 nt"):
 * the rungs (number, the argument after it, the move) and the other moves; null when there are few.
 */
export function ladderOf(moves) {
  const rungs = [];
  const rest = [];
  let verb = null;
  for (const move of moves) {
    const [number, tail, extra] = move.args;
    const fits = number && isNumber(number) && extra === undefined && (verb === null || move.verb === verb);
    if (fits) {
      verb = move.verb;
      rungs.push({ move: move.text, entry: move, number: number.value, tail: tail ? tail.text : "", tailArg: tail || null });
    } else {
      rest.push(move);
    }
  }
  if (rungs.length < LADDER_FROM) return null;
  const numbers = [...new Set(rungs.map((r) => r.number))].sort((a, b) => a - b);
  const tails = [...new Map(rungs.map((r) => [r.tail, r.tailArg])).values()];
  return { verb, rungs, numbers, tails, rest };
}

/** The argument after a ladder's number as a person reads it: "♥", "no trump" (null: none). */
export function tailLabel(arg) {
  if (!arg) return "";
  if (isSuit(arg)) return suitText(arg.text);
  return SPOKEN[arg.text] || arg.text;
}

/** One argument drawn: a card by its label in its colour, a suit by its symbol, a wild card named
 *  as the card it stands for, anything else as its text. */
function argLabel(arg) {
  if (arg.piece !== undefined) {
    return [h("span", { class: `suit ${cardColourClass(arg.piece)}` }, cardLabel(arg.piece)), " as ",
      h("span", { class: `suit ${cardColourClass(arg.as)}` }, cardLabel(arg.as))];
  }
  if (arg.kind === "card") return [h("span", { class: `suit ${cardColourClass(arg.value)}` }, cardLabel(arg.value))];
  if (isSuit(arg)) return [suitText(arg.text)];
  return [arg.text];
}

/** A move with cards and suits shown as coloured symbols: "call ♥ alone", "play Q♠". */
export function moveLabel(move) {
  const out = h("span", { class: "move-label" }, move.verb);
  for (const arg of move.args) out.append(" ", ...argLabel(arg));
  return out;
}

/** One argument read aloud: "queen of spades", "hearts", "no trump". */
function argSpeech(arg) {
  if (arg.piece !== undefined) return `${cardName(arg.piece)} as ${cardName(arg.as)}`;
  if (arg.kind === "card") return cardName(arg.value);
  if (isSuit(arg)) return SUIT_NAMES[arg.text] || ROOK_COLOURS[arg.text] || arg.text;
  return SPOKEN[arg.text] || arg.text;
}

/** The move read aloud: "call hearts alone", "play queen of spades". */
export function moveSpeech(move) {
  return [move.verb, ...move.args.map(argSpeech)].join(" ");
}

/**
 * What to send for a typed move: a bare card ("qs", "10h") becomes the one legal move naming
 * it; a bare number the one "verb N" move; anything else goes to the engine as typed.
 */
export function resolveTyped(text, moves) {
  const typed = text.trim().replace(/\s+/g, " ");
  if (!typed) return "";
  const code = parseCard(typed);
  if (code) {
    const naming = moves.filter((m) => m.args.length === 1 && m.args[0].kind === "card" && m.args[0].value === code);
    if (naming.length === 1) return naming[0].text;
    return `play ${code}`;
  }
  if (/^-?\d+$/.test(typed)) {
    const verb = numberVerb(moves);
    if (verb) return `${verb} ${typed}`;
  }
  return typed; // the engine reads cards and suits in either case
}
