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
 * the wild cards stand for, the pieces it names that lie on the table (`placed`: arguments with an
 * `at`, tapped where they lie, and the move's own place, `target`: the stock a draw takes from, the
 * pile a pickup takes), and its other arguments (numbers, "run", "alone"). `piece`: the hand's kind
 * of piece ("card", "tile"); without one, an argument is a piece where the hand holds it. */
export function parts(entry, piece = "", hand = []) {
  const cards = [];
  const names = [];
  const placed = [];
  const rest = [];
  for (const a of entry.args) {
    if (a.at) {
      placed.push({ zone: a.at.zone, index: a.at.index, value: a.value });
    } else if (a.piece !== undefined) {
      cards.push(a.piece);
      names.push({ card: a.piece, as: a.as });
    } else if (piece ? a.kind === piece : hand.includes(a.value)) {
      cards.push(a.value);
    } else {
      rest.push(a);
    }
  }
  const target = entry.at ? { zone: entry.at.zone, index: entry.at.index, value: undefined } : null;
  if (target) placed.push(target);
  return { verb: entry.verb, cards, names, placed, rest, target };
}

// ---- pieces on the table (felt.js, dice.js, dominoes.js, track.js mark them `data-at`) ----------

/** A piece drawn on the felt as the selection keeps it: {at, zone, index, value}; `at` is
 *  "zone#index" for a piece at a place ("grid/0#2"), the zone alone for a whole zone (a train). */
export function feltItem(at, value) {
  const hash = at.lastIndexOf("#");
  const zone = hash < 0 ? at : at.slice(0, hash);
  const index = hash < 0 ? undefined : Number(at.slice(hash + 1));
  return { at, zone, index, value: value ?? "" };
}

/** Whether the felt piece `item` is the place of the argument `p` (a move's placed part): the same
 *  place, or, where the argument names no index (a die of any position showing 6, a train), a piece
 *  of the same zone showing the same value; a move's own place without an index (the stock) is the
 *  zone drawn as a whole. */
export function placeFits(p, item) {
  if (p.zone !== item.zone) return false;
  if (p.index === undefined && p.value === undefined) return item.index === undefined;
  return p.index !== undefined ? p.index === item.index : String(p.value) === String(item.value);
}

/** Which of `items` (felt pieces selected) take the move's `placed` parts, one each: how many parts
 *  are matched and whether every item found one. Parts at a place first, then those by value. */
function matchPlaced(placed, items) {
  const free = [...items];
  let matched = 0;
  const order = [...placed].sort((a, b) => (a.index === undefined) - (b.index === undefined));
  for (const p of order) {
    const i = free.findIndex((item) => placeFits(p, item));
    if (i >= 0) {
      free.splice(i, 1);
      matched += 1;
    }
  }
  return { all: matched === placed.length, every: free.length === 0 };
}

/** The move is exactly the selection: its hand pieces and its pieces on the table. */
function isSelection(m, selected, felt) {
  if (!sameMultiset(m.cards, selected)) return false;
  const fit = matchPlaced(m.placed, felt);
  return fit.all && fit.every;
}

/** The selection could still become the move: every piece selected is one of the move's. */
export function leadsTo(m, selected, felt) {
  return within(selected, m.cards) && matchPlaced(m.placed, felt).every;
}

/** Whether a felt piece is an argument some move could still take with the selection around it. */
export function feltUsable(sorted, item) {
  return sorted.handMoves.some((m) => m.placed.some((p) => placeFits(p, item)));
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
    const inHand = p.cards.length && within(p.cards, hand || []);
    if (inHand || (p.placed.length && within(p.cards, hand || []))) handMoves.push({ move: entry.text, entry, ...p });
    else plain.push(entry);
  }
  const verbs = new Map();
  for (const m of handMoves) {
    const v = verbs.get(m.verb) || { verb: m.verb, min: Infinity, max: 0, multiMin: Infinity, rests: new Map() };
    v.min = Math.min(v.min, m.cards.length);
    v.max = Math.max(v.max, m.cards.length);
    v.placed = Math.max(v.placed || 0, m.placed.length);
    if (m.cards.length >= 2 && m.placed.length === (m.target ? 1 : 0)) { // a pickup: any cards, then the pile
      v.multiMin = Math.min(v.multiMin, m.cards.length);
      v.rests.set(m.rest.map((a) => a.text).join(" "), m.rest);
    }
    verbs.set(m.verb, v);
  }
  for (const v of verbs.values()) v.pattern = Number.isFinite(v.multiMin);
  const chooser = choose && verbs.has(choose.verb) && choose.count > 1 ? choose : null;
  const multi = chooser !== null || [...verbs.values()].some((v) => v.max > 1);
  // several pieces on the table make one move (dice kept, two marbles of a split)
  const feltMulti = handMoves.some((m) => m.placed.length > 1);
  return { handMoves, plain, verbs, choose: chooser, multi, feltMulti, piece };
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
 * sends its moves in order (several for a "choose" field). `selected`: the hand's pieces selected
 * (codes); `felt`: the pieces selected on the table (feltItem). Verbs the selection does not make
 * are listed disabled with a hint, so a person sees what can be done and how; a selection that can
 * still become a move (a sub-multiset of one) says what is missing.
 */
export function actionsFor(sorted, selected, felt = [], words = {}, grows = {}) {
  const out = [];
  const done = new Set();
  const k = selected.length + felt.length;
  if (sorted.choose && !felt.length) {
    const { verb, count } = sorted.choose;
    const each = selected.map((c) => sorted.handMoves.find((m) => m.verb === verb && m.cards.length === 1
      && m.cards[0] === c));
    const fits = k === count && each.every(Boolean) && new Set(selected).size === k;
    out.push({
      kind: "choose", verb, moves: fits ? each.map((m) => m.move) : [], enabled: fits,
      label: `${capitalise(words[verb] || verb)} these ${count}`,
      hint: fits ? "" : k < count ? `select ${count - k} more` : `select only ${count}`,
    });
    done.add(verb);
  }
  for (const m of sorted.handMoves) {
    if (done.has(m.verb) || !k || !isSelection(m, selected, felt)) continue;
    out.push({ kind: "exact", verb: m.verb, moves: [m.move], enabled: true,
               label: m.entry.words || actionLabel(m.verb, m.cards, m.rest, m.names, sorted.piece) });
  }
  const exactVerbs = new Set(out.filter((a) => a.kind === "exact").map((a) => a.verb));
  for (const v of sorted.verbs.values()) {
    if (done.has(v.verb) || exactVerbs.has(v.verb)) continue;
    if (v.pattern && selected.length >= v.multiMin && onlyTargets(sorted, v.verb, felt)) {
      const grown = growing(sorted, v, selected, grows);
      if (grown) {
        out.push(grown);
        continue;
      }
      for (const rest of v.rests.values()) {
        // a set the list does not enumerate: its text, for the engine to read and judge (the page
        // asks the server first: `check`)
        const move = [v.verb, ...selected, ...rest.map((a) => a.text)].join(" ");
        out.push({ kind: "pattern", verb: v.verb, moves: [move], enabled: true,
                   label: actionLabel(v.verb, selected, rest, [], sorted.piece) });
      }
      continue;
    }
    const mine = sorted.handMoves.filter((m) => m.verb === v.verb);
    const open = k > 0 && mine.some((m) => leadsTo(m, selected, felt));
    out.push({ kind: "verb", verb: v.verb, moves: [], enabled: false, label: capitalise(words[v.verb] || v.verb),
               hint: !k ? needHint(v, mine, sorted.piece) : open ? "select more to make it" : "not with these" });
  }
  return out;
}

/** Whether the pieces tapped on the table are exactly the verb's own place (a pickup's pile), or
 *  none: a set of cards the list does not enumerate is still offered with the pile it takes. */
function onlyTargets(sorted, verb, felt) {
  if (!felt.length) return true;
  const targets = sorted.handMoves.filter((m) => m.verb === verb && m.target).map((m) => m.target);
  return felt.length === 1 && targets.some((p) => placeFits(p, felt[0]));
}

/**
 * A meld of more cards than the listing's sets (five kings), where the game says how a meld grows
 * (`grows`: {meld: "add"}): one action, the listed meld of some of the cards, then each other card
 * added to it, sent one after another (the server's check judges them together first).
 */
function growing(sorted, v, selected, grows) {
  const more = grows[v.verb];
  if (!more || selected.length <= v.max) return null;
  const start = sorted.handMoves.find((m) => m.verb === v.verb && !m.placed.length && !m.rest.length
    && m.cards.length > 1 && within(m.cards, selected));
  if (!start) return null;
  const extra = [...selected];
  for (const c of start.cards) extra.splice(extra.indexOf(c), 1);
  return { kind: "pattern", verb: v.verb, moves: [start.move, ...extra.map((c) => `${more} ${c}`)], enabled: true,
           label: `${start.entry.words || actionLabel(v.verb, start.cards, [], [], sorted.piece)}, then add ${extra.map((c) => pieceLabel(c, sorted.piece)).join(" ")}` };
}

/** What a verb needs selected, in a few words: "select a card", "select 3 or more cards", "tap a
 *  place on the table", "select a card and tap its place on the table". */
function needHint(v, moves, piece) {
  const noun = piece === "tile" ? ["a tile", "tiles"] : ["a card", "cards"];
  const inHand = moves.filter((m) => m.cards.length);
  const cards = inHand.length ? Math.min(...inHand.map((m) => m.cards.length)) : 0;
  const placed = Math.min(...moves.map((m) => m.placed.length));
  const tableOnly = moves.some((m) => !m.cards.length && m.placed.length); // a face-up card alone
  const hand = !cards ? "" : v.pattern && cards > 1 ? `select ${cards} or more ${noun[1]}`
    : cards > 1 ? `select ${cards} ${noun[1]}` : `select ${noun[0]}`;
  const table = placed > 1 ? "tap them on the table" : placed === 1 ? "tap its place on the table" : "";
  if (hand && table) return `${hand}, then ${table}`;
  if (hand && tableOnly) return `${hand}, or tap one on the table`;
  return hand || (placed > 1 ? "tap the pieces on the table" : "tap it on the table");
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

/** The one move a second tap (or Enter) on the only selected piece (of the hand or the table)
 *  confirms, or null. */
export function confirmOnRetap(sorted, selected, felt = []) {
  if (selected.length + felt.length !== 1 || (sorted.multi && selected.length)) return null;
  if (felt.length && sorted.feltMulti) return null;
  const actions = actionsFor(sorted, selected, felt).filter((a) => a.enabled);
  return actions.length === 1 && actions[0].moves.length === 1 ? actions[0].moves[0] : null;
}

/**
 * A tap on a piece where it lies (`item`): it joins the pieces selected on the table, or, where no
 * move takes two of them, takes the place of the one selected; a second tap on a selected piece lets
 * it go, or sends the one move the selection makes when that is all it can mean (`retap`:
 * confirmOnRetap). Returns the new selection and the move to send (null: none).
 */
export function tapFelt(sorted, selected, felt, item, retap) {
  const on = felt.some((f) => f.at === item.at);
  if (on) {
    const only = !sorted.feltMulti ? onlyMove(sorted, selected, felt, retap) : null;
    return { felt: only ? felt : felt.filter((f) => f.at !== item.at), send: only };
  }
  return { felt: sorted.feltMulti ? [...felt, item] : [item], send: null };
}

/** The one move a selection makes, when it makes exactly one (else null). */
function onlyMove(sorted, selected, felt, retap) {
  if (selected.length + felt.length === 1) return retap(sorted, selected, felt);
  const actions = actionsFor(sorted, selected, felt).filter((a) => a.enabled);
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

/** A verb in the players' words, from its moves' own words (the engine's `words`): what they say
 *  before the first card they name, without a dangling "with" ("Pick up the pile with K♣ K♠": "pick
 *  up the pile"; "Draw from the stock"); the verb itself where no move says it in a few words. */
function verbWords(sorted, verb) {
  const m = sorted.handMoves.find((x) => x.verb === verb && x.entry.words);
  if (!m) return verb;
  const head = m.entry.words.split(/\s(?:10|[2-9JQKA])[♣♦♥♠]|:|\s\d/u)[0].trim()
    .replace(/\s+(?:with|to|onto|on|from|the|a|at)$/u, "");
  const said = head.charAt(0).toLowerCase() + head.slice(1);
  return said && said.split(/\s+/).length <= 5 ? said : verb;
}

/** What the person is asked to do, in a few words: "select cards to meld or discard, or draw";
 *  ``words``: the game's phrase for a verb that reads badly alone (the layout's ``verb_words``). */
export function promptFor(sorted, words = {}) {
  const parts = [];
  if (sorted.choose) parts.push(`select ${sorted.choose.count} cards to ${sorted.choose.verb}`);
  const all = [...sorted.verbs.values()].filter((v) => !sorted.choose || v.verb !== sorted.choose.verb);
  // verbs made by tapping the table alone (a Golf grid's card, the dice) are asked for so
  const onTable = (v) => sorted.handMoves.every((m) => m.verb !== v.verb || (!m.cards.length && m.placed.length));
  const tapped = all.filter(onTable);
  const said = (v) => words[v.verb] || verbWords(sorted, v.verb);
  if (tapped.length) parts.push(`tap the table to ${tapped.map(said).join(" or ")}`);
  const verbs = all.filter((v) => !onTable(v));
  if (verbs.length) {
    const single = verbs.every((v) => !v.pattern && v.max === 1);
    const noun = sorted.piece === "tile" ? ["a tile", "tiles"] : ["a card", "cards"];
    parts.push(`select ${single ? noun[0] : noun[1]} to ${verbs.map(said).join(" or ")}`);
  }
  const plain = sorted.plain;
  const numbers = plain.length && plain.every((m) => m.args.length === 1 && Number.isInteger(m.args[0].value));
  if (numbers) {
    const values = plain.map((m) => m.args[0].value);
    const verb = plain[0].verb;
    parts.push(Math.min(...values) === Math.max(...values) ? `${verb} ${values[0]}`
      : `${verb} ${Math.min(...values)}–${Math.max(...values)}`);
  } else if (plain.length) {
    const texts = plain.map((m) => (m.words ? m.words.charAt(0).toLowerCase() + m.words.slice(1) : m.text));
    parts.push(texts.length > 4 ? `${texts.slice(0, 4).join(", ")}…` : texts.join(", "));
  }
  if (!parts.length) return "";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join("; ")}; or ${parts[parts.length - 1]}`;
}
