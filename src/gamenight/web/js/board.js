// A board of spaces drawn as SVG (a layout field of kind "board": 5 in a Row's grid of cards).
//
// The view says what lies where ({rows, cols, piece, spaces: [{space, label, disc, row}], sides:
// [{name, colour}], lines: [{side, from, to}]}); this module draws it and knows no game. A space
// is a place to click: the legal move naming that space's text (and, when cards are selected,
// exactly those cards) is the one it makes. The arrow keys move between spaces, Enter or Space
// chooses one; the spaces the selection can use are marked and reachable with Tab.

import { h, s } from "./dom.js";
import { cardLabel, cardName, isCard, isRed } from "./cards.js";
import { moveWords } from "./actions.js";
import { keyLine, markOn, sideMarks } from "./marks.js";

const CELL = 40;
/** Room at the top and the left for the column and row numbers (a space's text is "row,column"). */
const EDGE = 14;
const DISC_FILL = { blue: "#2f6fd6", green: "#1f9d55", red: "#d64545", yellow: "#e0b020" };

function spaceName(space, piece) {
  if (space.label === "FREE") return "free corner";
  if (space.label === "DEAD") return "dead corner";
  return piece === "card" && isCard(space.label) ? cardName(space.label) : String(space.label);
}

function centre(text, cols) {
  const [r, c] = String(text).split(",").map(Number);
  return { x: EDGE + c * CELL + CELL / 2, y: EDGE + r * CELL + CELL / 2, ok: Number.isInteger(r) && Number.isInteger(c) && c < cols };
}

/** The board as an SVG figure, every space a focusable button-like group carrying its text. */
export function drawBoard(board, label = "The board") {
  const rows = board.rows || 0;
  const cols = board.cols || 1;
  const sides = board.sides || [];
  const letters = sideMarks(sides); // each side's letter on its discs: never told by colour alone
  const piece = board.piece || "";
  const spaces = (board.spaces || []).map((sp, k) => {
    const r = Math.floor(k / cols);
    const c = k % cols;
    const x = EDGE + c * CELL;
    const y = EDGE + r * CELL;
    const side = Number.isInteger(sp.disc) ? sides[sp.disc] : null;
    const card = piece === "card" && isCard(sp.label);
    const text = card ? cardLabel(sp.label) : sp.label === "FREE" ? "★" : sp.label === "DEAD" ? "×" : String(sp.label);
    const colour = card && isRed(sp.label[sp.label.length - 1]) ? "#c62828" : "#222";
    const who = side ? `, ${side.colour} disc of ${side.name} (${letters[sp.disc]})${sp.row ? " in a finished row" : ""}` : "";
    const fill = side ? DISC_FILL[side.colour] || side.colour : "";
    return s("g", { class: `board-space${side ? " board-taken" : ""}${sp.row ? " board-in-row" : ""}`,
                    "data-space": sp.space, role: "button", tabindex: "-1",
                    "aria-label": `${sp.space}: ${spaceName(sp, piece)}${who}` },
      s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 4, class: "board-cell" }),
      s("text", { x: x + CELL / 2, y: y + 15, "text-anchor": "middle", "font-size": 12, fill: colour,
                  class: `board-label${card ? ` suit-${sp.label[sp.label.length - 1]}` : ""}` }, text),
      side ? s("circle", { cx: x + CELL / 2, cy: y + 27, r: 9, fill,
                           stroke: sp.row ? "#fff" : "#0008", "stroke-width": sp.row ? 3 : 1, class: "board-disc" }) : null,
      side ? markOn(x + CELL / 2, y + 27, 9, fill, letters[sp.disc]) : null);
  });
  const lines = (board.lines || []).map((line) => {
    const a = centre(line.from, cols);
    const b = centre(line.to, cols);
    const side = sides[line.side] || {};
    return a.ok && b.ok ? s("line", { x1: a.x, y1: a.y + 7, x2: b.x, y2: b.y + 7, class: "board-row-line",
                                      stroke: DISC_FILL[side.colour] || "#fff", "stroke-width": 4,
                                      "stroke-linecap": "round", opacity: 0.8 }) : null;
  });
  const numbers = s("g", { class: "board-numbers", "aria-hidden": "true", "font-size": 10, fill: "#e8f3ec" },
    Array.from({ length: cols }, (_, c) => s("text", { x: EDGE + c * CELL + CELL / 2, y: EDGE - 3, "text-anchor": "middle" }, String(c))),
    Array.from({ length: rows }, (_, r) => s("text", { x: EDGE - 4, y: EDGE + r * CELL + CELL / 2 + 3, "text-anchor": "end" }, String(r))));
  const svg = s("svg", { viewBox: `0 0 ${EDGE + cols * CELL} ${EDGE + rows * CELL}`, class: "board-svg", role: "group",
                         "aria-label": label }, numbers, spaces, s("g", { "pointer-events": "none" }, lines));
  const key = h("ul", { class: "board-key" }, sides.map((side, i) =>
    keyLine(side.name, side.colour, DISC_FILL[side.colour] || side.colour, letters[i])));
  const first = svg.querySelector("[data-space]");
  if (first) first.setAttribute("tabindex", "0");
  return h("figure", { class: "board-picture", dataset: { board: "1" } }, svg, h("figcaption", {}, label, key));
}

/** The legal move (its text) a click on `space` makes with the cards selected (`selected`:
 * codes), or null; with no selection, the one move naming that space, if only one does. `moves`:
 * the view's structured moves, whose "space" arguments carry the space's text as the board does. */
export function boardMove(space, moves, selected) {
  let found = (moves || []).filter((m) => m.args.some((a) => a.kind === "space" && a.value === space));
  if (selected && selected.length) {
    const want = [...selected].sort().join(" ");
    found = found.filter((m) => m.args.filter((a) => a.kind === "card").map((a) => a.value).sort().join(" ") === want);
  }
  return found.length === 1 ? found[0].text : null;
}

// ---- a space chosen, then confirmed: no disc goes down on a stray tap --------------------------

/** The space chosen and the move it would make: sent on a second tap of that space or the
 *  prompt's button, forgotten when the selection or the position no longer makes that move. */
let chosen = null;

/** The prompt under the action bar while a space is chosen: what goes where, "Place it", "Cancel". */
function choicePrompt(words, send, cancel) {
  const prompt = h("div", { id: "board-choice", class: "board-choice", role: "status" },
    h("span", {}, `${words}: tap the space again, or `),
    h("button", { type: "button", class: "move board-choice-send" }, "Place it"),
    h("button", { type: "button", class: "secondary board-choice-cancel" }, "Cancel"));
  prompt.querySelector(".board-choice-send").addEventListener("click", send);
  prompt.querySelector(".board-choice-cancel").addEventListener("click", cancel);
  return prompt;
}

function showChoice(root, prompt) {
  const old = document.getElementById("board-choice");
  if (old) old.remove();
  if (!prompt) return;
  const bar = document.getElementById("move-buttons");
  if (bar && bar.parentElement) bar.after(prompt);
  else root.after(prompt);
}

/** The action bar's button that makes the chosen move, if the bar lists it. */
function barButton() {
  return chosen ? [...document.querySelectorAll("#move-buttons button[data-move]")]
    .find((b) => b.dataset.move === chosen.move) || null : null;
}

/** The chosen space marked pressed (the others not), on a board just drawn or redrawn, and the
 *  action bar's button for its move marked as the one to press. */
function markChosen(root) {
  for (const g of root.querySelectorAll(".board-svg [data-space]")) {
    const on = Boolean(chosen) && g.dataset.space === chosen.space;
    g.classList.toggle("board-chosen", on);
    g.setAttribute("aria-pressed", on ? "true" : "false");
  }
  const button = barButton();
  for (const b of document.querySelectorAll("#move-buttons .move-chosen")) if (b !== button) b.classList.remove("move-chosen");
  if (button) button.classList.add("move-chosen");
}

function forget(root) {
  chosen = null;
  showChoice(root, null);
  markChosen(root);
}

/** Mark the spaces a click can use now; the first of them takes the board's tab stop. A chosen
 *  space whose move the selection or the position no longer makes is forgotten. */
export function markBoardTargets(root, moves, selected) {
  const all = [...root.querySelectorAll(".board-svg [data-space]")];
  if (chosen && (!all.length || boardMove(chosen.space, moves, selected) !== chosen.move)) forget(root);
  if (!all.length) return;
  markChosen(root);
  let stop = null;
  for (const g of all) {
    const target = Boolean(boardMove(g.dataset.space, moves, selected));
    g.classList.toggle("board-target", target);
    g.setAttribute("aria-disabled", target ? "false" : "true");
    if (target && !stop) stop = g;
  }
  const focused = all.find((g) => g === document.activeElement);
  for (const g of all) g.setAttribute("tabindex", (focused ? g === focused : g === (stop || all[0])) ? "0" : "-1");
}

/** Arrow keys move between the board's spaces (roving focus). True when the key was used. */
export function boardKey(event) {
  const g = event.target.closest && event.target.closest(".board-svg [data-space]");
  if (!g) return false;
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const step = steps[event.key];
  if (!step) return false;
  const [r, c] = g.dataset.space.split(",").map(Number);
  const next = g.ownerSVGElement.querySelector(`[data-space="${r + step[0]},${c + step[1]}"]`);
  if (next) {
    g.setAttribute("tabindex", "-1");
    next.setAttribute("tabindex", "0");
    next.focus();
  }
  event.preventDefault();
  return true;
}

/** A board's spaces answer clicks and keys on `root` (the felt): a first tap on a space chooses
 *  it (the move it makes with the cards selected, said under the action bar); a second tap on it,
 *  or "Place it", sends that move. The arrow keys move between spaces. `page`: the table's view,
 *  selection, whether a move is on its way, how to send one and how to say why not. */
export function mountBoard(root, page) {
  const send = () => {
    const move = chosen && chosen.move;
    forget(root);
    if (move && !page.busy()) page.send(move);
  };
  const choose = (event) => {
    const g = event.target.closest && event.target.closest("[data-space]");
    const view = page.view();
    if (!g || !view || page.busy()) return;
    const move = boardMove(g.dataset.space, view.moves, page.codes());
    if (move && chosen && chosen.space === g.dataset.space && chosen.move === move) {
      send();
    } else if (move) {
      chosen = { space: g.dataset.space, move };
      const entry = (view.moves || []).find((m) => m.text === move);
      // the bar's own button for the move is the confirmation where the bar lists it; else a prompt
      showChoice(root, barButton() ? null
        : choicePrompt(entry ? moveWords(entry) : "Place a disc there", send, () => forget(root)));
      markChosen(root);
    } else {
      forget(root);
      if ((view.legal_moves || []).length) page.error(`Nothing goes on ${g.dataset.space} with what you have selected: select a card, then its space.`);
    }
  };
  root.addEventListener("click", choose);
  root.addEventListener("keydown", (event) => {
    if (boardKey(event)) return;
    if ((event.key === "Enter" || event.key === " ") && event.target.closest && event.target.closest("[data-space]")) {
      event.preventDefault();
      event.stopPropagation();
      choose(event);
    }
  });
}
