// Select, then confirm: which moves a selection of hand cards can make, and how their buttons read.
//
// Nothing here knows a game. A legal move that names cards, all of them in the hand, is a "hand
// move": it is made by selecting its cards and pressing the button that names it. The engine's
// legal-move list decides what is enabled:
//  - exact: the legal moves whose cards are the selection (as a multiset);
//  - pattern: a verb some legal move uses with two or more cards (a meld, a pickup) where the list
//    does not enumerate every set: the selection is offered as that verb once it has at least as
//    many cards as the verb's smallest listed set, and the server's sentence answers a refusal;
//  - choose: a field of kind "choose" ({verb, count}) asks for `count` cards, one move each (a Hearts
//    pass): the button sends them one after another.
// Moves naming no hand card (pass, draw, bid 3, take 8♥) are plain buttons. A domino tile of the hand
// ("12-7") is a hand piece like a card.
//
// Moves come structured (the view's `moves`: each {text, verb, args: [{kind, value, text}]}): a
// move's pieces are its arguments of the hand's piece kind, matched to the hand by equality (the
// view names a piece by the same code in both places), so nothing here reads a move's text. A wild
// card named as the card it stands for (an argument with `piece` and `as`: `JK=9H`, Oklahoma
// Canasta) is a hand card like any other for the selection: the moves that differ only in what the
// wild stands for are one button each, read "Meld 8♥ Joker 10♥ (Joker as 9♥)".

import { cardLabel } from "./cards.js";

function pieceLabel(code, piece) {
  return piece === "card" ? cardLabel(code) : code;
}

/** A move's parts: its verb, the pieces of the hand it names (a named wild card among them), what
 * the wild cards stand for, and its other arguments (numbers, "run", "alone"). `piece`: the hand's
 * kind of piece ("card", "tile"); without one, an argument is a piece where the hand holds it. */
export function parts(entry, piece = "", hand = []) {
  const cards = [];
  const names = [];
  const rest = [];
  for (const a of entry.args) {
    if (a.piece !== undefined) {
      cards.push(a.piece);
      names.push({ card: a.piece, as: a.as });
    } else if (piece ? a.kind === piece : hand.includes(a.value)) {
      cards.push(a.value);
    } else {
      rest.push(a);
    }
  }
  return { verb: entry.verb, cards, names, rest };
}

/** How many of each item: the multiset of a list. */
function counts(list) {
  const out = new Map();
  for (const x of list) out.set(x, (out.get(x) || 0) + 1);
  return out;
}

function within(cards, hand) {
  const have = counts(hand);
  for (const [c, n] of counts(cards)) if ((have.get(c) || 0) < n) return false;
  return true;
}

function sameMultiset(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort();
  const y = [...b].sort();
  return x.every((v, i) => v === y[i]);
}

/**
 * The moves (the view's structured `moves`) sorted for the page: `hand` (made by selecting cards),
 * `plain` (buttons: move entries), and per verb what a selection needs (`verbs`: {verb, min, max,
 * rests, pattern}; `rests`: the other arguments a pattern move carries, by their text).
 */
export function classify(moves, hand, choose = null, piece = "") {
  const handMoves = [];
  const plain = [];
  for (const entry of moves || []) {
    const p = parts(entry, piece, hand || []);
    if (p.cards.length && within(p.cards, hand || [])) handMoves.push({ move: entry.text, entry, ...p });
    else plain.push(entry);
  }
  const verbs = new Map();
  for (const m of handMoves) {
    const v = verbs.get(m.verb) || { verb: m.verb, min: Infinity, max: 0, multiMin: Infinity, rests: new Map() };
    v.min = Math.min(v.min, m.cards.length);
    v.max = Math.max(v.max, m.cards.length);
    if (m.cards.length >= 2) {
      v.multiMin = Math.min(v.multiMin, m.cards.length);
      v.rests.set(m.rest.map((a) => a.text).join(" "), m.rest);
    }
    verbs.set(m.verb, v);
  }
  for (const v of verbs.values()) v.pattern = Number.isFinite(v.multiMin);
  const chooser = choose && verbs.has(choose.verb) && choose.count > 1 ? choose : null;
  const multi = chooser !== null || [...verbs.values()].some((v) => v.max > 1);
  return { handMoves, plain, verbs, choose: chooser, multi, piece };
}

/** Cards of the hand some hand move could use (the others are drawn as not usable now). */
export function usableCards(sorted) {
  if ([...sorted.verbs.values()].some((v) => v.pattern)) return null; // any card may join a meld
  const out = new Set();
  for (const m of sorted.handMoves) for (const c of m.cards) out.add(c);
  return out;
}

/**
 * What the selection can do: a list of actions {label, moves, enabled, hint, kind}. An action
 * sends its moves in order (several for a "choose" field). Verbs the selection does not fit are
 * listed disabled with a hint, so a person sees what the hand can do and how.
 */
export function actionsFor(sorted, selected) {
  const out = [];
  const done = new Set();
  const k = selected.length;
  if (sorted.choose) {
    const { verb, count } = sorted.choose;
    const each = selected.map((c) => sorted.handMoves.find((m) => m.verb === verb && m.cards.length === 1
      && m.cards[0] === c));
    const fits = k === count && each.every(Boolean) && new Set(selected).size === k;
    out.push({
      kind: "choose", verb, moves: fits ? each.map((m) => m.move) : [], enabled: fits,
      label: `${capitalise(verb)} these ${count}`,
      hint: fits ? "" : k < count ? `select ${count - k} more` : `select only ${count}`,
    });
    done.add(verb);
  }
  for (const m of sorted.handMoves) {
    if (done.has(m.verb) || !k || !sameMultiset(m.cards, selected)) continue;
    out.push({ kind: "exact", verb: m.verb, moves: [m.move], enabled: true,
               label: actionLabel(m.verb, m.cards, m.rest, m.names, sorted.piece) });
  }
  const exactVerbs = new Set(out.filter((a) => a.kind === "exact").map((a) => a.verb));
  for (const v of sorted.verbs.values()) {
    if (done.has(v.verb) || exactVerbs.has(v.verb)) continue;
    if (v.pattern && k >= v.multiMin) {
      for (const rest of v.rests.values()) {
        // a set the list does not enumerate: its text, for the engine to read and judge
        const move = [v.verb, ...selected, ...rest.map((a) => a.text)].join(" ");
        out.push({ kind: "pattern", verb: v.verb, moves: [move], enabled: true,
                   label: actionLabel(v.verb, selected, rest, [], sorted.piece) });
      }
      continue;
    }
    const need = v.pattern ? Math.min(v.min, v.multiMin) : v.min;
    const hint = need > 1 || v.pattern ? `select ${v.pattern ? `${need} or more` : need} cards`
      : "select a card";
    out.push({ kind: "verb", verb: v.verb, moves: [], enabled: false, label: capitalise(v.verb),
               hint: k ? "not with these cards" : hint });
  }
  return out;
}

/** "Discard 7♣", "Meld 5♥ 5♠ 2♦ (run)", "Add 2♦ to #1", "Meld 8♥ Joker 10♥ (Joker as 9♥)": a hand
 * move as its button reads. */
export function actionLabel(verb, cards, rest, names = [], piece = "card") {
  const shown = cards.length > 4 ? `${cards.length} cards` : cards.map((c) => pieceLabel(c, piece)).join(" ");
  const counted = (a) => Number.isInteger(a.value) && a.value >= 0; // a meld's number: "to #2"
  const numbers = rest.filter(counted).map((a) => a.text);
  const others = rest.filter((a) => !counted(a)).map((a) => a.text);
  others.push(...names.map((n) => `${cardLabel(n.card)} as ${cardLabel(n.as)}`));
  let text = `${capitalise(verb)} ${shown}`;
  if (numbers.length) text += ` to #${numbers.join(", #")}`;
  if (others.length) text += ` (${others.join(", ")})`;
  return text;
}

/** The one move a second tap (or Enter) on the only selected card confirms, or null. */
export function confirmOnRetap(sorted, selected) {
  if (sorted.multi || selected.length !== 1) return null;
  const actions = actionsFor(sorted, selected).filter((a) => a.enabled);
  return actions.length === 1 && actions[0].moves.length === 1 ? actions[0].moves[0] : null;
}

/** The selection kept across a redraw: only cards still in the hand, as many as it holds. */
export function keepSelected(selected, hand) {
  const left = counts(hand);
  const out = [];
  for (const c of selected) {
    const n = left.get(c) || 0;
    if (n > 0) {
      out.push(c);
      left.set(c, n - 1);
    }
  }
  return out;
}

export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the person is asked to do, in a few words: "select cards to meld or discard, or draw";
 *  ``words``: the game's phrase for a verb that reads badly alone (the layout's ``verb_words``). */
export function promptFor(sorted, words = {}) {
  const parts = [];
  if (sorted.choose) parts.push(`select ${sorted.choose.count} cards to ${sorted.choose.verb}`);
  const verbs = [...sorted.verbs.values()].filter((v) => !sorted.choose || v.verb !== sorted.choose.verb);
  if (verbs.length) {
    const single = verbs.every((v) => !v.pattern && v.max === 1);
    const noun = sorted.piece === "tile" ? ["a tile", "tiles"] : ["a card", "cards"];
    parts.push(`select ${single ? noun[0] : noun[1]} to ${verbs.map((v) => words[v.verb] || v.verb).join(" or ")}`);
  }
  const plain = sorted.plain;
  const numbers = plain.length && plain.every((m) => m.args.length === 1 && Number.isInteger(m.args[0].value));
  if (numbers) {
    const values = plain.map((m) => m.args[0].value);
    const verb = plain[0].verb;
    parts.push(Math.min(...values) === Math.max(...values) ? `${verb} ${values[0]}`
      : `${verb} ${Math.min(...values)}–${Math.max(...values)}`);
  } else if (plain.length) {
    const texts = plain.map((m) => m.text);
    parts.push(texts.length > 4 ? `${texts.slice(0, 4).join(", ")}…` : texts.join(", "));
  }
  if (!parts.length) return "";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join("; ")}; or ${parts[parts.length - 1]}`;
}
