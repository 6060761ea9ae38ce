// The table screen (/t/ID/screen): a shared screen for a tablet or a TV in the middle of the family.
//
// It watches the table as a spectator does (no token: the server's spectator view holds no hand,
// so nothing private can show here) and draws the felt large with felt.js, the score sheet and the
// last lines of the log with render.js, all read-only: there is nothing to tap. Beside the felt,
// the join QR code of each person's seat that no page has opened yet, until everyone is in.
//
// The join codes: the server keeps only hashes of the seat tokens, so the browser that made the
// table passes them here in the address's fragment (#invite=T1,T2: a fragment is never sent in a
// request). The page keeps them for the tab (sessionStorage), takes them out of the address bar,
// and asks the server for each seat's link and QR code (POST /api/tables/ID/invites).

import { $, fill, h, redrawOnChange } from "./dom.js";
import { api } from "./api.js";
import { openTableSocket, retryDelay } from "./socket.js";
import { arrange } from "./layout.js";
import { fitFelt, renderFelt, seatName, tickWaiting } from "./felt.js";
import { animate, remember } from "./motion.js";
import { namesOf, renderHeadline, renderLog, renderNotes, renderOutcome, renderSheet, turnSentence } from "./render.js";

const parts = location.pathname.split("/").filter(Boolean); // ["t", ID, "screen"]
const tableId = decodeURIComponent(parts[1] || "");
const INVITES_KEY = `gamenight.screen.invites.${tableId}`;
/** The log lines the screen shows: the last few, read from across the room. */
const LOG_LINES = 6;
const DEFAULT_TRICK_PAUSE_MS = 1500;

const screen = {
  view: null,
  version: -1,
  seats: null, // [{seat, kind, name, connected, ...}]: who has a page open on each seat
  waiting: null,
  invites: new Map(), // seat -> {link, qr}
  trickPause: DEFAULT_TRICK_PAUSE_MS,
  held: null, // a finished trick on show: {trick, timer}
  lastTrick: null,
  socket: null,
  retries: 0,
  fatal: false,
};

// ---- the seats' tokens, from the fragment -------------------------------------------------------

/** The seat tokens this screen was given: from the address's fragment (then taken out of the
 * address bar, so it is not bookmarked or copied with them), else those kept for this tab. */
function takeInviteTokens() {
  const match = /(?:^|[#&])invite=([^&]*)/.exec(location.hash);
  if (match) {
    const tokens = decodeURIComponent(match[1]).split(",").filter(Boolean);
    try {
      sessionStorage.setItem(INVITES_KEY, JSON.stringify(tokens));
    } catch {
      // private mode without storage: they still serve until a reload
    }
    history.replaceState(null, "", location.pathname);
    return tokens;
  }
  try {
    const kept = JSON.parse(sessionStorage.getItem(INVITES_KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((t) => typeof t === "string") : [];
  } catch {
    return [];
  }
}

async function loadInvites(tokens) {
  if (!tokens.length) return;
  try {
    const found = await api(`/api/tables/${encodeURIComponent(tableId)}/invites`, { method: "POST", body: { tokens } });
    screen.invites = new Map(found.map((i) => [i.seat, i]));
  } catch {
    screen.invites = new Map(); // the seats are still named as open, without their codes
  }
  if (screen.view) draw();
}

// ---- the connection ---------------------------------------------------------------------------------

function setConnection(kind, text) {
  const el = $("#conn");
  el.dataset.state = kind;
  el.textContent = text;
}

function showError(message) {
  const el = $("#error");
  el.textContent = message;
  el.hidden = !message;
}

function connect() {
  if (screen.fatal || (screen.socket && screen.socket.readyState <= WebSocket.OPEN)) return;
  setConnection("connecting", "Connecting…");
  const socket = openTableSocket(screen, {
    tableId, onFrame,
    onOpen: () => setConnection("live", "Live"),
    onClose: (event) => {
      if (event.code === 4404) {
        screen.fatal = true;
        setConnection("down", "Not connected");
        showError("There is no such table.");
        return;
      }
      retry();
    },
  });
  if (!socket) retry();
}

function retry() {
  screen.retries += 1;
  setConnection("down", "Connection lost, retrying…");
  setTimeout(connect, retryDelay(screen.retries));
}

function onFrame(frame) {
  if (frame.type === "seats" && Array.isArray(frame.seats)) {
    screen.seats = frame.seats;
    if (screen.view) draw();
    return;
  }
  if (frame.type !== "state" || !frame.view) return;
  if (typeof frame.version === "number" && frame.version < screen.version) return;
  const first = screen.view === null;
  screen.version = typeof frame.version === "number" ? frame.version : screen.version;
  screen.view = frame.view;
  if (Array.isArray(frame.seats)) screen.seats = frame.seats;
  if (Array.isArray(frame.waiting)) screen.waiting = frame.waiting;
  if (Number.isInteger(frame.trick_pause_ms)) screen.trickPause = frame.trick_pause_ms;
  showError(frame.ended === "abandoned" ? "This table was abandoned: no more moves can be made." : "");
  noticeTrick(first);
  draw();
}

/** A trick gathered since the last frame stays on the felt, its winner marked, for the table's
 * pause: the room sees who took it before the cards go. */
function noticeTrick(first) {
  const field = arrange(screen.view).trick;
  const done = field ? screen.view[field.key] : null;
  // a trick by its deal and number (each deal counts its tricks from 1): any trick not seen last
  // is fresh, the first of a deal too (a new trick after none is one a person has to see taken)
  const number = done && Number.isInteger(done.number) ? `${done.deal}#${done.number}` : null;
  if (number === null) return;
  const fresh = number !== screen.lastTrick;
  screen.lastTrick = number;
  if (first || !fresh || screen.trickPause <= 0) return;
  clearTimeout(screen.held && screen.held.timer);
  screen.held = { trick: done, timer: setTimeout(() => { screen.held = null; draw(); }, screen.trickPause) };
}

// ---- drawing ----------------------------------------------------------------------------------------

function draw() {
  const view = screen.view;
  if (!view) return;
  const ctx = { seats: screen.seats, waiting: screen.waiting, now: Date.now() / 1000,
                held: screen.held ? screen.held.trick : null, reviewOpen: false, names: namesOf(view),
                myColumn: null, pending: null, prompt: "", selectedCodes: [] };
  document.body.dataset.version = String(screen.version); // which state is on screen (tests wait on it)
  renderHeadline($("#headline"), view);
  renderNotes($("#notes"), view);
  redrawOnChange($("#felt"), [screen.version, ctx.held, ctx.seats, ctx.waiting], () => {
    const moving = remember(document.body, `${screen.version} ${screen.held ? "held" : ""}`);
    renderFelt($("#felt"), $("#felt-bar"), view, ctx);
    animate(document.body, moving); // cards travel to the trick, a trick to its taker, dice roll
  });
  const turn = view.is_over ? "" : turnSentence(view, ctx);
  if ($("#turn").textContent !== turn) $("#turn").textContent = turn;
  drawInvites(view, ctx);
  renderOutcome($("#outcome"), view);
  renderSheet($("#sheet"), view.score_sheet, view);
  renderLog($("#log"), (view.events || []).slice(-LOG_LINES));
  document.title = `${view.title} — table screen — gamenight`;
}

/** The people's seats no page has opened yet: each with its join code where this screen has it. */
function openSeats(view) {
  if (!Array.isArray(screen.seats) || view.is_over) return [];
  return screen.seats.filter((s) => s.kind === "human" && !s.connected);
}

function drawInvites(view, ctx) {
  const open = openSeats(view);
  const section = $("#invites");
  section.hidden = open.length === 0;
  const key = open.map((s) => [s.seat, seatName(view, ctx, s.seat), screen.invites.has(s.seat)]);
  redrawOnChange($("#invite-list"), [key], () => fill($("#invite-list"), open.map((s) => inviteItem(view, ctx, s.seat))));
}

function inviteItem(view, ctx, seat) {
  const name = seatName(view, ctx, seat);
  const invite = screen.invites.get(seat);
  if (!invite) {
    return h("li", { class: "invite invite-missing", dataset: { seat: String(seat) } },
      h("strong", {}, name), h("span", {}, "Waiting for this player: their link is with whoever made the table."));
  }
  return h("li", { class: "invite", dataset: { seat: String(seat) } },
    h("img", { class: "qr", src: invite.qr, alt: `Join code for ${name}'s seat`, width: 180, height: 180 }),
    h("strong", {}, name), h("span", {}, "Scan with your phone to take this seat."));
}

// ---- start --------------------------------------------------------------------------------------------

/** Keep a tablet's screen on while it shows the table (where the browser allows it). */
async function keepAwake() {
  try {
    if (navigator.wakeLock && document.visibilityState === "visible") await navigator.wakeLock.request("screen");
  } catch {
    // refused (battery saver, no permission): the screen dims as it would
  }
}

async function start() {
  if (!tableId) {
    showError("This page needs a table: open it from the lobby or a table's page.");
    return;
  }
  const tokens = takeInviteTokens();
  try {
    const info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    onFrame({ type: "state", version: info.version, view: info.view, seats: info.seats, waiting: info.waiting,
              trick_pause_ms: info.trick_pause_ms, ended: info.ended });
  } catch (e) {
    showError(e.message);
    if (e.status === 404) return;
  }
  loadInvites(tokens);
  connect();
  keepAwake();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") keepAwake();
  });
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => fitFelt($("#felt")), 100);
  });
  setInterval(() => tickWaiting(document, Date.now() / 1000), 1000);
}

start();
