// The people at the table page: the name box (for a seat still called by the game's name), the
// rematch button and banner (every page moves to the rematch, each to its own seat), and the
// series tally. It draws from the state frame's (and the snapshot's) "seats", "rematch" and
// "series" fields; names on the seats and the waiting highlight are drawn by render.js.
//
// mountPeople({ tableId, token, api }) returns { onState(data), onFrame(frame) -> bool }.

import { $, fill, h, useSheet } from "./dom.js";

/** The longest name the server accepts (server.people.MAX_NAME_CHARS). */
const MAX_NAME = 24;
/** Seconds before a page moves itself to the rematch (time to read the banner, or to stay). */
export const MOVE_AFTER_S = 3;

/** What kind of player sits in a seat, in a word a person reads beside the name: nothing for a
 * person (the name says it), "Bot" for a bot, whatever its strategy. */
export function seatKindWord(info) {
  return info && info.kind === "bot" ? "Bot" : "";
}

/** The people's stylesheet, shared with the lobby (the table page's HTML does not link it). */
export function ensureStyles() {
  useSheet("people.css");
}

function stored(key) {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // private browsing: the choice lasts as long as the page
  }
}

export function mountPeople({ tableId, token, api }) {
  ensureStyles();
  const people = { data: null, seat: null, countdown: null, staying: stored(`gamenight.stay.${tableId}`) === "1",
                   nameLater: stored(`gamenight.nameLater.${tableId}`) === "1", asking: false };
  const status = h("p", { class: "people-status", role: "alert" });
  const nameSlot = h("div");
  const rematchSlot = h("div");
  const seriesSlot = h("div");
  const bar = h("section", { class: "people-bar", id: "people", "aria-label": "Players and rematch" },
    rematchSlot, nameSlot, seriesSlot, status);
  const outcome = $("#outcome");
  if (outcome) outcome.after(bar);
  else ($("main") || document.body).prepend(bar);


  // ---- the name box -------------------------------------------------------------------------

  function drawNameBox() {
    const seats = (people.data && people.data.seats) || [];
    const mine = Number.isInteger(people.seat) ? seats[people.seat] : null;
    const show = Boolean(token && mine && mine.name === mine.default_name && !people.nameLater);
    if (!show) {
      if (nameSlot.firstChild && !nameSlot.contains(document.activeElement)) fill(nameSlot);
      return;
    }
    if (nameSlot.firstChild) return; // already there: do not wipe what is being typed
    const input = h("input", { type: "text", id: "name-input", maxlength: MAX_NAME, autocomplete: "nickname",
                               placeholder: mine.default_name, "aria-label": "Your name at this table" });
    const form = h("form", { class: "name-form" },
      h("label", { for: "name-input" }, `You are ${mine.default_name}. What should the table call you?`),
      input, h("button", { type: "submit" }, "Save"),
      h("button", { type: "button", class: "secondary", onclick: () => {
        people.nameLater = true;
        store(`gamenight.nameLater.${tableId}`, "1");
        fill(nameSlot);
      } }, "Not now"));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) {
        input.focus();
        return;
      }
      status.textContent = "";
      try {
        const seats = await api(`/api/tables/${encodeURIComponent(tableId)}/name`, {
          method: "POST", body: { token, name } });
        people.data = { ...(people.data || {}), seats };
        fill(nameSlot);
      } catch (e) {
        status.textContent = e.message;
      }
    });
    fill(nameSlot, h("div", { class: "name-box" }, form));
  }

  // ---- rematch --------------------------------------------------------------------------------

  function moveTo(link) {
    clearInterval(people.countdown);
    people.countdown = null;
    location.assign(link);
  }

  function drawRematch() {
    const data = people.data || {};
    const view = data.view || {};
    if (data.rematch) {
      drawMoving(data.rematch);
      return;
    }
    clearInterval(people.countdown);
    people.countdown = null;
    if (!view.is_over || !token || !Number.isInteger(people.seat)) {
      fill(rematchSlot);
      return;
    }
    if ($("#rematch-start", rematchSlot)) return;
    fill(rematchSlot, h("div", { class: "rematch-box" },
      h("p", {}, "Play again with the same seats, names and rules? Everyone's page follows."),
      h("button", { type: "button", id: "rematch-start", onclick: askRematch }, "Play again")));
  }

  async function askRematch() {
    if (people.asking) return;
    people.asking = true;
    status.textContent = "";
    const button = $("#rematch-start");
    if (button) button.disabled = true;
    try {
      const made = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
        method: "POST", body: { token } });
      const url = new URL(made.link, location.href);
      moveTo(url.pathname + url.search); // this server, at the address this page was opened at
    } catch (e) {
      status.textContent = e.message;
      if (button) button.disabled = false;
    } finally {
      people.asking = false;
    }
  }

  function drawMoving(rematch) {
    if (!rematch.link) {
      fill(rematchSlot, h("div", { class: "rematch-box" },
        h("p", {}, "A rematch has started. Open your seat's link again to follow it.")));
      return;
    }
    if (people.staying) {
      if ($("#rematch-go", rematchSlot)) return;
      fill(rematchSlot, h("div", { class: "rematch-box" },
        h("p", {}, "A rematch has started."),
        h("a", { class: "button", id: "rematch-go", href: rematch.link }, "Go to the rematch")));
      return;
    }
    if (people.countdown !== null) return;
    let left = MOVE_AFTER_S;
    const text = h("p", { id: "rematch-moving" }, "");
    const say = () => { text.textContent = `A rematch has started: moving you to it in ${left} s…`; };
    say();
    fill(rematchSlot, h("div", { class: "rematch-box", role: "status" }, text,
      h("a", { class: "button", id: "rematch-go", href: rematch.link }, "Go now"),
      h("button", { type: "button", class: "secondary", id: "rematch-stay", onclick: () => {
        people.staying = true;
        store(`gamenight.stay.${tableId}`, "1");
        clearInterval(people.countdown);
        people.countdown = null;
        drawMoving(rematch);
      } }, "Stay here")));
    people.countdown = setInterval(() => {
      left -= 1;
      if (left <= 0) moveTo(rematch.link);
      else say();
    }, 1000);
  }

  // ---- the series -----------------------------------------------------------------------------

  function drawSeries() {
    const series = people.data && people.data.series;
    if (!series) {
      fill(seriesSlot);
      return;
    }
    const number = series.matches + (series.playing ? 1 : 0);
    fill(seriesSlot, h("div", { class: "series-box", id: "series" },
      h("strong", {}, `Series, match ${number}${series.playing ? " (playing)" : ""}: `),
      h("ul", { "aria-label": "Matches won" }, series.tally.map((t) => h("li", { dataset: { seats: t.seats.join(",") } },
        `${t.label} `, h("span", { class: "wins" }, String(t.wins)))))));
  }

  function draw() {
    drawRematch();
    drawNameBox();
    drawSeries();
  }

  /** A state frame or the GET snapshot: the people's fields, and whose page this is. */
  function onState(data) {
    if (!data || !data.view) return;
    people.seat = Number.isInteger(data.view.seat) ? data.view.seat : null;
    people.data = { ...(people.data || {}), ...data, rematch: data.rematch || null, series: data.series || null };
    draw();
  }

  /** Presence and names between versions ({"type": "seats"}). */
  function onFrame(frame) {
    if (frame.type !== "seats") return false;
    people.data = { ...(people.data || {}), seats: frame.seats };
    drawNameBox();
    return true;
  }

  return { onState, onFrame };
}

