// Safe taps: a move the engine asks about before it is sent (its entry in the view's `moves`
// carries `confirm`, the question in players' words: "Knock? Everyone else gets one more turn,
// then the hole ends.") goes only on a second tap. The first tap arms it: the button that made it
// reads "Tap again to knock" and the question shows under the status line with a button that
// sends it and one that cancels. A second tap of the same move within a few seconds sends it;
// any other tap, Escape, a new state where the move is gone, or the time running out disarms it.
// On a keyboard that is Enter twice (a focused button's Enter is its click).
//
// Nothing here knows a game or a verb: the question and the move's words are the engine's.
//
// mountConfirm({ send }) returns { gate(move, view) -> bool, redraw(view), cancel() }: the table's
// sendMove asks gate() first (true: send now), and calls redraw() after each draw, which may have
// replaced the armed button.

import { $, fill, h, useSheet } from "./dom.js";

/** How long an armed move waits for its second tap. */
export const CONFIRM_MS = 5000;

/** The move's entry in the view, if the seat may make it now. */
function entryOf(view, move) {
  return ((view && view.moves) || []).find((m) => m.text === move) || null;
}

/** "Knock? Everyone else…" → "Tap again to knock": the question's first clause, as an order. */
export function againLabel(question) {
  const head = String(question).split("?")[0].trim();
  return head ? `Tap again to ${head.charAt(0).toLowerCase()}${head.slice(1)}` : "Tap again to confirm";
}

/** What the prompt's send button says: the question's first clause ("Knock", "Bet $1.00"). */
function yesLabel(question) {
  const head = String(question).split("?")[0].trim();
  return head || "Yes";
}

/** The prompt's stylesheet (the table page's HTML does not link it). */
function ensureStyles() {
  useSheet("confirm.css");
}

export function mountConfirm({ send }) {
  ensureStyles();
  const armed = { move: null, question: "", until: 0, timer: null };
  const labels = new WeakMap(); // each marked button's own label, to put back
  const prompt = h("div", { id: "confirm-prompt", class: "confirm-prompt", role: "status", hidden: true });

  function place() {
    if (prompt.isConnected) return;
    const status = $("#turn");
    if (status) status.after(prompt);
    else document.body.append(prompt);
  }

  /** Buttons on the page that make the armed move. */
  function buttonsOf(move) {
    return [...document.querySelectorAll("button[data-move]")].filter((b) => b.dataset.move === move
      && !prompt.contains(b));
  }

  function markButtons() {
    for (const button of buttonsOf(armed.move)) {
      if (button.dataset.confirming === "1") continue;
      button.dataset.confirming = "1";
      labels.set(button, [...button.childNodes]);
      button.textContent = againLabel(armed.question);
      button.setAttribute("aria-describedby", "confirm-question");
    }
  }

  function unmarkButtons() {
    for (const button of document.querySelectorAll("button[data-confirming='1']")) {
      const label = labels.get(button);
      if (label) button.replaceChildren(...label);
      delete button.dataset.confirming;
      button.removeAttribute("aria-describedby");
    }
  }

  function cancel() {
    if (armed.move === null) return;
    clearTimeout(armed.timer);
    unmarkButtons();
    armed.move = null;
    armed.question = "";
    prompt.hidden = true;
    fill(prompt);
  }

  function arm(move, question) {
    cancel();
    place();
    armed.move = move;
    armed.question = question;
    armed.until = performance.now() + CONFIRM_MS;
    armed.timer = setTimeout(cancel, CONFIRM_MS);
    fill(prompt,
      h("p", { id: "confirm-question", class: "confirm-question" }, question),
      h("div", { class: "confirm-buttons" },
        h("button", { type: "button", class: "confirm-yes", dataset: { confirmMove: move },
                      onclick: () => send(move) }, yesLabel(question)),
        h("button", { type: "button", class: "secondary confirm-no", onclick: cancel }, "Cancel")));
    prompt.hidden = false;
    markButtons();
  }

  /** Whether `move` may be sent now: true for a move that asks nothing, or for the second tap. */
  function gate(move, view) {
    const entry = entryOf(view, move);
    if (!entry || !entry.confirm) {
      cancel();
      return true;
    }
    if (armed.move === move && performance.now() < armed.until) {
      cancel();
      return true;
    }
    arm(move, entry.confirm);
    return false;
  }

  /** After a draw: the armed move still legal keeps its marks (on a button drawn anew); gone, it is
   * disarmed. */
  function redraw(view) {
    if (armed.move === null) return;
    if (!entryOf(view, armed.move)) cancel();
    else markButtons();
  }

  // Any other tap disarms: a press anywhere but on a button of the armed move or the prompt.
  document.addEventListener("pointerdown", (event) => {
    if (armed.move === null) return;
    const target = event.target.closest && event.target.closest("button");
    if (target && (target.dataset.move === armed.move || prompt.contains(target))) return;
    cancel();
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") cancel();
  }, true);

  return { gate, redraw, cancel };
}
