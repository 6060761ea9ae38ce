// The side panels as sheets: on a phone or a tablet the score sheet, the log, the chat, the rules
// and "More" (typing a move, the fair shuffle) open one at a time from the menu row in the top
// bar, as a sheet rising from the bottom with a close button, and the felt, the tray and the hand
// stay where they are. On a wide screen (the side column beside the felt) the menu row is not
// shown and the panels sit in the column as before: nothing here changes them there.
//
// A seat chip's details (seats.js) are a sheet too: Escape closes whichever is open.

import { $, $$, h } from "./dom.js";
import { closeSeat, onSeatTap } from "./seats.js";

/** The width from which the side column sits beside the felt (the panels are not sheets). */
const WIDE = "(min-width: 960px)";

let openKey = null; // the menu button's data-sheet whose panels are open: "sheet-panel", "info-panel more-panel"

/** The side column as a sheet showing the panels `key` names (space-separated ids). */
export function openSheet(key) {
  const col = $(".side-col");
  if (!col) return;
  openKey = key;
  const ids = key.split(/\s+/);
  for (const panel of col.children) {
    const shown = ids.includes(panel.id);
    panel.classList.toggle("sheet-shown", shown);
    if (shown && panel.tagName === "DETAILS") panel.open = true; // the chat and rules drawers: open in their sheet
  }
  col.classList.add("sheet-open");
  document.body.classList.add("panel-sheet-open");
  markButtons();
  // a list that follows its newest line (the log: render.js marks it) opens at that line, whichever
  // box scrolls, the list's own or the sheet's (the sheet's Close button stays, pinned at its top)
  for (const list of $$("[data-pinned='yes']", col)) {
    if (list.closest(".sheet-shown") && list.lastElementChild) list.lastElementChild.scrollIntoView({ block: "nearest" });
  }
  if (!window.matchMedia(WIDE).matches) $(":scope > .sheet-close", col).focus();
}

/** Close the sheet; focus goes back to the menu button that opened it. */
export function closeSheet(refocus = true) {
  if (!openKey) return;
  const key = openKey;
  openKey = null;
  const col = $(".side-col");
  col.classList.remove("sheet-open");
  for (const panel of col.children) panel.classList.remove("sheet-shown");
  document.body.classList.remove("panel-sheet-open");
  markButtons();
  const button = $$(".panel-menu [data-sheet]").find((b) => b.dataset.sheet === key);
  if (refocus && button) button.focus();
}

function markButtons() {
  for (const b of $$(".panel-menu [data-sheet]")) b.setAttribute("aria-expanded", b.dataset.sheet === openKey ? "true" : "false");
}

/** The sheet's close button, first in the side column (shown only while it is a sheet). */
function addCloseButton() {
  const col = $(".side-col");
  if (!col || $(":scope > .sheet-close", col)) return;
  const close = h("button", { type: "button", class: "secondary sheet-close" }, "Close");
  close.addEventListener("click", () => closeSheet());
  col.prepend(close);
}

/** The menu row, the close buttons, seat chips and Escape. Call once the chat panel is mounted. */
export function mountSheets() {
  addCloseButton();
  const menu = $(".panel-menu");
  if (menu) {
    menu.addEventListener("click", (event) => {
      const button = event.target.closest("[data-sheet]");
      if (!button) return;
      if (openKey === button.dataset.sheet) closeSheet();
      else openSheet(button.dataset.sheet);
    });
  }
  document.addEventListener("click", (event) => {
    if (onSeatTap(event)) event.stopPropagation();
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    if (closeSeat()) event.preventDefault();
    else if (openKey && !window.matchMedia(WIDE).matches) {
      closeSheet();
      event.preventDefault();
    }
  });
}
