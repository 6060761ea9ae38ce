// Arranging the hand: the person's own order of their cards, by the order buttons (as dealt, by
// suit, by rank), by dragging a card, or by Alt+arrows; kept for this table and seat (hand.js
// saves it). The table page mounts it once with its page state and its draw.

import { $, $$ } from "./dom.js";
import { codeOf, handKeys, moved, saveArrangement } from "./hand.js";

/** Wire the hand's arranging to `page` (its view, selection and arrangement) and `draw`;
 * `shownOf()`: the hand as now shown. Returns `moveCard(from, to)` for the keyboard. */
export function mountArranging({ page, tableId, draw, shownOf }) {
  /** The person's own order: the card at `from` moves to `to`; remembered for this table and seat. */
  function moveCard(from, to) {
    const shown = shownOf();
    if (to < 0 || to >= shown.length || from === to) return;
    const keys = handKeys(shown);
    const movedKey = keys[from];
    const order = moved(shown, from, to);
    page.arrangement = { mode: "own", own: order };
    saveArrangement(tableId, page.view.seat, page.arrangement);
    // the card keeps its selection and focus under its new occurrence key
    const code = codeOf(movedKey);
    const newKeys = handKeys(order);
    const newKey = newKeys[order.findIndex((c, i) => c === code && i === to)];
    page.selected = page.selected.map((k) => (k === movedKey ? newKey : k));
    draw();
    const button = $(`#hand button[data-key="${CSS.escape(newKey)}"]`);
    if (button) {
      for (const b of $$("#hand button.hand-card")) b.tabIndex = -1;
      button.tabIndex = 0;
      button.focus();
    }
  }

  function onOrderClick(event) {
    const button = event.target.closest("[data-order]");
    if (!button || !page.view) return;
    page.arrangement = { mode: button.dataset.order, own: page.arrangement ? page.arrangement.own : [] };
    saveArrangement(tableId, page.view.seat, page.arrangement);
    draw();
  }

  let dragFrom = null;

  function onDragStart(event) {
    const button = event.target.closest("button.hand-card");
    if (!button) return;
    dragFrom = $$("#hand button.hand-card").indexOf(button);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", button.dataset.card);
  }

  function onDrop(event) {
    const target = event.target.closest("#hand li");
    if (dragFrom === null || !target) return;
    event.preventDefault();
    const to = $$("#hand li").indexOf(target);
    const from = dragFrom;
    dragFrom = null;
    moveCard(from, to);
  }

  const hand = $("#hand");
  hand.addEventListener("dragstart", onDragStart);
  hand.addEventListener("dragover", (event) => event.preventDefault());
  hand.addEventListener("drop", onDrop);
  $("#hand-order").addEventListener("click", onOrderClick);
  return { moveCard };
}
