// The action bar: what the selection (pieces of the hand and pieces tapped on the table) can do,
// then the moves that name nothing to select (pass, roll, a bid), in the players' words.
//
// Every button reads as the engine says the move (its `words`); the move's text rides in
// `data-move` for the page to send and is never shown. When many plain moves would crowd a phone,
// the first few stay in the bar and the rest wait in a "More" sheet (a <details>), one tap away.

import { fill, h } from "./dom.js";
import { ladderOf, moveSpeech, numberVerb, tailLabel } from "./moves.js";
import { capitalise } from "./select.js";
import { numberLabel } from "./render.js";

/** Most plain buttons the bar shows; the rest go in the "More" sheet. */
export const BAR_MOST = 6;
/** On a short screen (a small phone: 740 px or less) fewer, so the hand below them stays on it. */
export const SHORT_BAR_MOST = 3;
const SHORT_SCREEN = 760;

// The screen's height, read when the page starts and on each resize: reading it in the middle of a
// drawing made the browser lay the half-drawn page out there and then (a tenth of a move's cost).
let screenHeight = window.innerHeight;
window.addEventListener("resize", () => { screenHeight = window.innerHeight; });

/** How many plain buttons the bar shows on this screen (a redraw key too: it changes on a resize). */
export function barMost() {
  return screenHeight <= SHORT_SCREEN ? SHORT_BAR_MOST : BAR_MOST;
}

/** A move as its button reads: the engine's words, else its verb and arguments spoken. */
export function moveWords(move) {
  return move.words || capitalise(moveSpeech(move));
}

/**
 * The action bar: a button per action the selection allows (enabled ones first), then the moves
 * that name nothing to select (`plainMoves`: the view's structured moves; numbers in a row when all
 * are "bid N", a ladder when there are many), then "Clear selection".
 */
export function renderActions(el, actions, plainMoves, ctx) {
  let plain = plainMoves;
  const busy = Boolean(ctx.pending);
  const ordered = [...actions.map((a, i) => [a, i])].sort((x, y) => Number(y[0].enabled) - Number(x[0].enabled));
  const pieceButtons = ordered.map(([a, i]) => h("button", {
    type: "button", class: `move action${a.enabled ? "" : " action-off"}`, disabled: a.enabled && !busy ? null : true,
    dataset: { action: String(i), verb: a.verb, kind: a.kind, ...(a.moves.length === 1 ? { move: a.moves[0] } : {}) },
    "aria-describedby": a.hint ? `hint-${i}` : null,
  }, a.label, a.hint ? h("span", { class: "action-hint", id: `hint-${i}` }, ` — ${a.hint}`) : null));
  const groups = [];
  if (pieceButtons.length || ctx.selectedCount) {
    groups.push(h("div", { class: "move-group", role: "group", "aria-label": "With what you select" },
      pieceButtons, ctx.selectedCount ? h("button", { type: "button", class: "secondary clear-selection",
        dataset: { clear: "1" } }, "Clear selection") : null));
  }
  if (ctx.why) groups.push(h("p", { class: "action-why", role: "status" }, ctx.why));
  const ladder = ladderOf(plain);
  if (ladder) {
    groups.push(renderLadder(ladder, busy));
    plain = ladder.rest;
  }
  if (plain.length) groups.push(plainGroup(plain, busy));
  fill(el, groups);
  el.hidden = groups.length === 0;
}

/** The moves that need nothing selected: a row of numbers ("Bid: 0 1 2 …"), or buttons in words
 *  with the rarer ones (past `barMost()`) in a "More" sheet. */
function plainGroup(plain, busy) {
  const verb = numberVerb(plain);
  const button = (move) => h("button", {
    type: "button", class: "move", dataset: { move: move.text }, "aria-label": moveWords(move),
    disabled: busy ? true : null,
  }, verb ? numberLabel(move) : moveWords(move));
  if (verb) {
    return h("div", { class: "move-group", role: "group", "aria-label": capitalise(verb) },
      h("span", { class: "move-group-label" }, `${capitalise(verb)}:`), plain.map(button));
  }
  const most = barMost();
  const shown = plain.length > most ? plain.slice(0, most - 1) : plain;
  const more = plain.slice(shown.length);
  return h("div", { class: "move-group", role: "group", "aria-label": "Moves" }, shown.map(button),
    more.length ? h("details", { class: "more-moves" },
      h("summary", { class: "secondary" }, `More (${more.length})`),
      h("div", { class: "more-moves-list", role: "group", "aria-label": "More moves" }, more.map(button))) : null);
}

/**
 * Many bids of one verb ("bid 60 C" … "bid 125 nt"): a number to choose, then a button per word
 * that may follow it ("Bid 80 ♥", "Bid 80 no trump"), or one button where bids are numbers only.
 * The buttons carry the move for the number chosen, so a click sends it like any other button.
 */
function renderLadder(ladder, busy) {
  const { verb, rungs, numbers, tails } = ladder;
  const byKey = new Map(rungs.map((r) => [`${r.number} ${r.tail}`, r]));
  const tailText = (tail) => (tail ? tail.text : "");
  const select = h("select", { class: "ladder-number", "aria-label": `${capitalise(verb)}: how many` },
    numbers.map((n) => h("option", { value: String(n) }, String(n))));
  const buttons = tails.map(() => h("button", { type: "button", class: "move ladder-move" }));
  const update = () => {
    const n = select.value;
    tails.forEach((tail, i) => {
      const rung = byKey.get(`${n} ${tailText(tail)}`);
      const button = buttons[i];
      button.textContent = `${capitalise(verb)} ${n}${tail ? ` ${tailLabel(tail)}` : ""}`;
      if (rung) button.dataset.move = rung.move;
      else delete button.dataset.move;
      button.disabled = busy || !rung;
      button.setAttribute("aria-label", rung ? moveWords(rung.entry) : button.textContent);
    });
  };
  select.addEventListener("change", update);
  update();
  return h("div", { class: "move-group ladder", role: "group", "aria-label": capitalise(verb) },
    h("span", { class: "move-group-label" }, `${capitalise(verb)}:`), select, buttons);
}

/**
 * Sets the listing does not spell out (a meld of any number of cards: select.js "pattern") are
 * offered only once the engine would take them: each is asked of the server once per version
 * (`ask(move, then)` → {legal, reason}: a meld and the cards then added, together); until it answers the button waits, and a refusal is said on
 * the button in the engine's own sentence, before anything is sent. `page.judged`: the answers.
 */
export function judgePatterns(actions, page, ask, redraw) {
  if (!page.judged || page.judged.version !== page.version) page.judged = { version: page.version, moves: new Map() };
  const known = page.judged.moves;
  for (const a of actions) {
    if (a.kind !== "pattern") continue;
    const key = a.moves.join("\n");
    if (!known.has(key)) {
      known.set(key, null);
      ask(a.moves[0], a.moves.slice(1))
        .then((answer) => known.set(key, answer), () => known.set(key, { legal: true, reason: "" }))
        .then(() => redraw()); // unreachable: the moves' own answers will say it
    }
    const answer = known.get(key);
    if (!answer || !answer.legal) {
      a.enabled = false;
      a.hint = answer ? answer.reason : "checking…";
    }
  }
}
