// A timed window: seats that may act out of turn for a moment (claim a discard: "Rummy!"), each
// letting it go by doing nothing. The server keeps the clock and sends the window with every frame
// ({seats, ms, remaining_ms, lapse?}); the page counts down from when the frame arrived, on its own
// monotonic clock, so a page whose wall clock is wrong still shows the right time.
//
// A seat in the window gets all its moves here, as prominent buttons (each legal move that is not
// its lapse, then "Let it go" for the lapse), in place of the action bar; everybody else reads who
// is being waited for. Nothing here knows a
// game or a move's name: the claims are whatever legal moves the seat has, the pass is `lapse`.

import { h, fill } from "./dom.js";
import { moveLabel, moveSpeech } from "./moves.js";
import { seatName } from "./felt.js";
import { capitalise } from "./select.js";

/** The window as the page keeps it: the frame's, with `until` on performance.now()'s clock. */
export function windowOf(frameWindow, receivedAt) {
  if (!frameWindow || !Array.isArray(frameWindow.seats) || !frameWindow.seats.length) return null;
  const left = frameWindow.remaining_ms;
  return {
    seats: frameWindow.seats,
    ms: Number.isInteger(frameWindow.ms) ? frameWindow.ms : 0,
    lapse: typeof frameWindow.lapse === "string" ? frameWindow.lapse : null,
    until: Number.isFinite(left) ? receivedAt + left : null,
  };
}

/** Whether this seat answers in the window now: it is in it and has its moves. */
export function inWindow(win, view) {
  return Boolean(win && win.lapse && Number.isInteger(view.seat) && win.seats.includes(view.seat)
    && (view.legal_moves || []).includes(win.lapse));
}

function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A claim's button: the move's own words, cards drawn, its verb capitalised ("Claim 8♥ 2"). */
function claimLabel(move) {
  const label = moveLabel(move);
  const first = label.firstChild;
  if (first && first.nodeType === Node.TEXT_NODE) first.textContent = capitalise(first.textContent);
  return label;
}

/** Draw the panel: buttons for a seat in the window, a line for everyone else; hidden without one. */
export function renderWindow(el, view, win, ctx) {
  if (!win || view.is_over) {
    fill(el);
    el.hidden = true;
    return;
  }
  const clock = win.until === null ? null : h("div", { class: "window-clock" },
    h("span", { class: "window-bar", "aria-hidden": "true" }, h("span", { class: "window-fill" })),
    h("span", { class: "window-left", dataset: { countdown: "1" } }, ""));
  const busy = Boolean(ctx.pending);
  if (inWindow(win, view)) {
    const claims = (view.moves || []).filter((m) => m.text !== win.lapse);
    fill(el,
      h("p", { class: "window-title" }, "Before the time runs out:"),
      h("div", { class: "move-group", role: "group", "aria-label": "Claim or let it go" },
        claims.map((move) => h("button", {
          type: "button", class: "move claim", dataset: { move: move.text }, disabled: busy ? true : null,
          "aria-label": capitalise(moveSpeech(move)), title: move.text,
        }, claimLabel(move))),
        h("button", { type: "button", class: "secondary let-go", dataset: { move: win.lapse },
                      disabled: busy ? true : null, title: win.lapse }, "Let it go")),
      clock);
  } else {
    const names = joinNames(win.seats.map((s) => seatName(view, ctx, s)));
    fill(el,
      h("p", { class: "window-wait" }, `Waiting for ${names} to claim or let it go`,
        win.until === null ? "." : h("span", { dataset: { countdown: "1", paren: "1" } }, "")),
      clock);
  }
  el.classList.toggle("mine", inWindow(win, view));
  el.hidden = false;
  tickWindow(el, win, performance.now());
}

/** The countdown: seconds left and the bar, from the window's `until`. */
export function tickWindow(el, win, now) {
  if (!win || win.until === null || el.hidden) return;
  const left = Math.max(0, win.until - now);
  const seconds = Math.ceil(left / 1000);
  for (const span of el.querySelectorAll("[data-countdown]")) {
    const text = span.dataset.paren ? ` (${seconds} s)` : `${seconds} s`;
    if (span.textContent !== text) span.textContent = text;
  }
  const bar = el.querySelector(".window-fill");
  if (bar) bar.style.setProperty("width", `${win.ms > 0 ? Math.min(100, (100 * left) / win.ms) : 0}%`);
  el.dataset.left = String(seconds);
}
