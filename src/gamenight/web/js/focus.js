// Keyboard focus across redraws: what was focused is found again in the new page, or the status
// line takes it where a card or a button there now might make a move nobody meant.

import { $, $$ } from "./dom.js";

/** The element focused before a redraw, to focus it (or its successor) again after. */
export function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.dataset && el.dataset.key) return { card: el.dataset.key };
  if (el.dataset && el.dataset.action) return { action: el.textContent, inActions: true };
  if (el.dataset && el.dataset.move) return { move: el.dataset.move, inActions: true };
  if (el.dataset && el.dataset.order) return { order: el.dataset.order };
  if (el.dataset && el.dataset.clear) return { clear: true, inActions: true };
  if (el.closest && el.closest("#felt") && el.dataset && el.dataset.action === "last-trick") return { lastTrick: true };
  return null;
}

/** Focus again what `key` named (focusKey), unless this page's move was just answered
 * (`answered`) or the phase changed under the person's fingers. */
export function restoreFocus(key, phaseChanged, answered) {
  if (!key) return;
  // After this page's move, or when the phase changes under the person's fingers, focus waits
  // on the status line: a card or a button there now might make a move nobody meant.
  if ((answered || phaseChanged) && (key.card || key.inActions)) {
    $("#turn").focus();
    return;
  }
  let target = null;
  if (key.card) target = $(`#hand button[data-key="${CSS.escape(key.card)}"]`);
  else if (key.move) {
    target = $(`#move-buttons [data-move="${CSS.escape(key.move)}"]`) || $(`#window [data-move="${CSS.escape(key.move)}"]`);
  }
  else if (key.action) target = $$("#move-buttons [data-action]").find((b) => b.textContent === key.action);
  else if (key.order) target = $(`#hand-order [data-order="${CSS.escape(key.order)}"]`);
  else if (key.clear) target = $("#move-buttons [data-clear]") || $("#hand button.hand-card[tabindex='0']");
  else if (key.lastTrick) target = $("#felt [data-action='last-trick']");
  if (target && !target.disabled) {
    if (target.matches("#hand button")) {
      for (const b of $$("#hand button.hand-card")) b.tabIndex = -1;
      target.tabIndex = 0;
    }
    target.focus();
  } else if (key.card || key.inActions) {
    $("#turn").focus();
  }
}
