// Hints: "what would the strong bot play?" on the seat's turn, where the table allows them.
//
// A "Hint" pill in the top bar, beside the sounds switch, shows while it is this seat's turn and
// the table was started with hints on (the snapshot's `hints`). A tap asks the server (POST
// /api/tables/{id}/hint); the answer's sentence shows under the status line, and the suggested
// move is selected as if the person had tapped its pieces — its cards in the hand, its pieces on
// the table — and every button that makes it is marked. Nothing is sent: the person still presses
// the button (or taps the card again), or chooses otherwise.
//
// Nothing here knows a game: the move comes as the view's `moves` list it, and its pieces are
// found the way the selection finds any move's (select.js `parts`, `placeFits`). A hint holds while
// the seat's moves are the ones it was asked for: others passing cards at the same time leave it,
// the seat's turn over (or its choices changed) takes the sentence and the marks away.
//
// mountHint({ page, tableId, token, api, handOf, draw }) returns { redraw(view) }, called after
// every draw; `handOf()` is the table's hand state ({ layout, shown, piece }).

import { $, h, useSheet } from "./dom.js";
import { codeOf, handKeys } from "./hand.js";
import { feltItem, parts, placeFits } from "./select.js";

/** The hint's stylesheet (the table page's HTML does not link it). */
function ensureStyles() {
  useSheet("hint.css");
}

/** The occurrence keys of the hand ("5H#1") that hold the move's cards, each occurrence once. */
export function handSelection(cards, shown) {
  const free = handKeys(shown);
  const keys = [];
  for (const code of cards) {
    const i = free.findIndex((k) => codeOf(k) === code);
    if (i >= 0) keys.push(...free.splice(i, 1));
  }
  return keys;
}

/** The pieces drawn on the table (`data-at`) that are the move's pieces there, one each. */
function feltSelection(placed) {
  const items = [...document.querySelectorAll("#felt [data-at]")]
    .map((el) => feltItem(el.dataset.at, el.dataset.value));
  const out = [];
  for (const p of placed) {
    const item = items.find((x) => placeFits(p, x) && !out.includes(x));
    if (item) out.push(item);
  }
  return out;
}

/** Whether the seat may ask now: its turn, a table that allows hints, nothing on its way. */
function mayAsk(page, token, view) {
  return Boolean(token) && Boolean(page.info && page.info.hints === true) && Number.isInteger(view.seat)
    && (view.legal_moves || []).length > 0 && !view.is_over && !page.ended && !page.pending;
}

export function mountHint({ page, tableId, token, api, handOf, draw }) {
  ensureStyles();
  const state = { asking: false, said: null, move: null }; // said: {moves, text}; move: the hint's, while said holds
  const pill = h("span", { class: "menu-pill" }, "Hint");
  const button = h("button", { type: "button", class: "menu-extra hint-button", hidden: true,
    title: "What would the strong bot play? It shows the move and sends nothing" }, pill);
  const line = h("p", { id: "hint-said", class: "hint-said", role: "status", hidden: true });
  $(".topbar").append(button);
  $("#turn").after(line);

  /** The seat's moves now, as one key: a hint holds while they stay the same. */
  const movesKey = () => JSON.stringify((page.view && page.view.legal_moves) || []);

  function say(text, move = null) {
    state.said = text ? { moves: movesKey(), text } : null;
    state.move = move;
    line.textContent = text || "";
    line.hidden = !text;
  }

  /** The suggested move selected as if tapped: its cards in the hand, its pieces on the table. */
  function select(entry) {
    const { layout, shown, piece } = handOf();
    const p = parts(entry, piece, layout.hand ? layout.hand.pieces : []);
    page.selected = handSelection(p.cards, shown);
    page.felt = feltSelection(p.placed);
  }

  async function ask() {
    if (state.asking || !page.view || !mayAsk(page, token, page.view)) return;
    const asked = movesKey();
    state.asking = true;
    button.disabled = true;
    say("Asking the strong bot…");
    try {
      const answer = await api(`/api/tables/${encodeURIComponent(tableId)}/hint`, { method: "POST", body: {}, token });
      if (movesKey() !== asked || !(page.view.legal_moves || []).includes(answer.move)) {
        say(""); // the seat's turn moved on while the bot thought: its move may be gone
        return;
      }
      say(answer.sentence, answer.move);
      select(answer.entry);
    } catch (e) {
      say(e.message);
    } finally {
      state.asking = false;
      button.disabled = false;
      draw();
    }
  }

  /** Every button or place on the page that makes the hinted move, marked (drawn anew each time). */
  function mark() {
    for (const el of document.querySelectorAll("[data-hinted]")) {
      if (el.dataset.move !== state.move) delete el.dataset.hinted;
    }
    if (state.move === null) return;
    for (const el of document.querySelectorAll("#move-buttons [data-move], #felt [data-move], #window [data-move]")) {
      if (el.dataset.move !== state.move) continue;
      el.dataset.hinted = "1";
      const more = el.closest("details.more-moves");
      if (more) more.open = true; // a move in the "More" sheet is shown, not hidden behind it
    }
  }

  function redraw(view) {
    if (state.said && state.said.moves !== movesKey()) say("");
    button.hidden = !mayAsk(page, token, view) && !state.asking;
    mark();
  }

  button.addEventListener("click", ask);
  return { redraw };
}
