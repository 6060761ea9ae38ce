// The table page: one seat's live view of a table (or a spectator's, without a token).
//
// The page holds no game state of its own: every {type: "state"} frame from the server is
// drawn afresh. A dropped connection is retried with growing pauses; the server sends the
// current state on every connect, so a reload or a reconnect resumes where the table is.

import { $, $$, fill, h } from "./dom.js";
import { api, sha256Hex } from "./api.js";
import { arrange } from "./layout.js";
import { classifyMoves, resolveTyped } from "./moves.js";
import { mountChat } from "./chat.js";
import { mountPeople } from "./people.js";
import {
  fitFelt, renderFairness, renderFelt, renderHand, renderHeadline, renderInfo, renderLog, renderMoveButtons,
  renderNotes, renderOutcome, renderRules, renderSheet, turnSentence,
} from "./render.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = new URLSearchParams(location.search).get("token");

const page = {
  info: null, // GET /api/tables/{id}: seats, seed commitment...
  spec: null, // the game's entry in /api/games: option labels, presets, rules text
  view: null,
  version: -1,
  seed: null,
  seedVerified: false,
  seedChecked: null, // the seed last hashed here
  pending: null, // the move sent and not yet answered
  socket: null,
  retries: 0,
  retryTimer: null,
  fatal: false,
  lastError: null,
  drawnRules: null, // what the rules and fairness panels show, to redraw them only on change
  drawnFairness: null,
  people: null, // people.js: name box, rematch, series
  chat: null, // chat.js: the table's talk
};

// ---- connection --------------------------------------------------------------------------

function socketUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}`;
}

function connect() {
  if (page.fatal) return;
  clearTimeout(page.retryTimer);
  page.retryTimer = null;
  if (page.socket && page.socket.readyState <= WebSocket.OPEN) return;
  setConnection("connecting", "Connecting…");
  let socket;
  try {
    socket = new WebSocket(socketUrl());
  } catch {
    scheduleReconnect();
    return;
  }
  page.socket = socket;
  socket.addEventListener("open", () => {
    setConnection("live", "Live");
    socket.send(JSON.stringify({ type: "hello" })); // the table's chat and presence too
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    page.retries = 0;
    onFrame(frame);
  });
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;
    page.socket = null;
    // 4403: a bad token, 4404: no such table (the server's error frame said why): final.
    if (event.code === 4403 || event.code === 4404) {
      fatal(page.lastError || (event.code === 4404 ? "There is no such table."
        : "This link's token is not valid for this table."));
      return;
    }
    if (page.pending) {
      page.pending = null;
      showError("The connection dropped before your move was answered: "
        + "look at the table, and try again if it is still your turn.");
    }
    scheduleReconnect();
  });
}

async function scheduleReconnect() {
  if (page.fatal || page.retryTimer) return;
  page.retries += 1;
  // After a failure or two, ask over HTTP why: a table that is gone or a bad link is final.
  if (page.retries >= 2) {
    try {
      await refreshOverHttp();
    } catch (e) {
      if (e.status === 403 || e.status === 404) {
        fatal(e.message);
        return;
      }
    }
  }
  const delay = Math.min(10000, 500 * 2 ** (page.retries - 1)) * (0.8 + Math.random() * 0.4);
  const seconds = Math.max(1, Math.round(delay / 1000));
  setConnection("down", `Connection lost, retrying in ${seconds} s…`);
  page.retryTimer = setTimeout(() => {
    page.retryTimer = null;
    connect();
  }, delay);
}

function setConnection(kind, text) {
  const el = $("#conn");
  el.dataset.state = kind;
  el.textContent = text;
}

function fatal(message) {
  page.fatal = true;
  clearTimeout(page.retryTimer);
  setConnection("down", "Not connected");
  showError(message);
}

async function refreshOverHttp() {
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const info = await api(`/api/tables/${encodeURIComponent(tableId)}${query}`);
  page.info = info;
  if (info.seed !== null && info.seed !== undefined) page.seed = info.seed;
  onFrame({ type: "state", version: info.version, view: info.view, seed: info.seed, seats: info.seats,
            waiting: info.waiting, rematch: info.rematch, series: info.series });
  return info;
}

function onFrame(frame) {
  if (page.chat && page.chat.onFrame(frame)) return;
  if (page.people && page.people.onFrame(frame)) {
    if (page.info) page.info.seats = frame.seats;
    if (page.view) draw();
    return;
  }
  if (frame.type === "error") {
    page.pending = null;
    page.lastError = frame.message;
    showError(frame.message || "The move was refused.");
    if (page.view) draw();
    return;
  }
  if (frame.type !== "state" || !frame.view) return;
  if (typeof frame.version === "number" && frame.version < page.version) return; // an older frame
  page.version = typeof frame.version === "number" ? frame.version : page.version;
  page.view = frame.view;
  if (frame.seed !== null && frame.seed !== undefined) page.seed = frame.seed;
  page.pending = null;
  if (frame.seats && page.info) page.info.seats = frame.seats;
  if (page.people) page.people.onState(frame);
  draw();
}

// ---- moves --------------------------------------------------------------------------------

async function sendMove(move) {
  if (!move || page.pending || !token) return;
  clearError();
  page.pending = move;
  draw();
  const socket = page.socket;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ move, version: page.version }));
    return;
  }
  // No live connection: the HTTP API takes the move as well.
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/moves`, {
      method: "POST", body: { token, move, version: page.version },
    });
    page.pending = null;
    await refreshOverHttp();
  } catch (e) {
    page.pending = null;
    showError(e.message);
    draw();
  }
}

/** A chat message: over the live connection, else over HTTP (see chat.js). */
async function sendChat(text) {
  const socket = page.socket;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "chat", text }));
    return { error: null, confirmed: false };
  }
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/chat`, { method: "POST", body: { token, text } });
    return { error: null, confirmed: true };
  } catch (e) {
    return { error: e.message, confirmed: false };
  }
}

function showError(message) {
  const el = $("#error");
  el.textContent = message;
  el.hidden = false;
}

function clearError() {
  const el = $("#error");
  el.textContent = "";
  el.hidden = true;
}

// ---- drawing ------------------------------------------------------------------------------

/** The element focused before a redraw, by the move it sends or its id, to focus it again after. */
function focusKey() {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.dataset && el.dataset.move) return { move: el.dataset.move, inActions: true };
  if (el.id === "hand-heading") return { parked: true }; // where focus waits after the last move
  return { inActions: Boolean(el.closest && el.closest("#actions")) && !el.id };
}

function restoreFocus(key) {
  if (!key) return;
  const actions = actionElements();
  if (key.move) {
    const same = actions.find((el) => el.dataset.move === key.move);
    if (same) {
      same.focus();
      return;
    }
  }
  if (key.inActions || key.move || key.parked) {
    // The focused card or button is gone (it was played): keep keyboard users in the moves.
    if (actions.length) actions[0].focus();
    else if (!key.parked) $("#hand-heading").focus();
  }
}

function actionElements() {
  return $$("#actions [data-move]").filter((el) => !el.disabled);
}

function draw() {
  const view = page.view;
  if (!view) return;
  const key = focusKey();
  const hand = arrange(view).hand; // the seat's hand, from the layout
  const { byCard, other } = classifyMoves(view.legal_moves || [], hand ? hand.pieces : []);
  const ctx = { byCard, seats: page.info ? page.info.seats : null, pending: page.pending };
  const mySeat = Number.isInteger(view.seat) ? view.seat : null;
  document.body.classList.toggle("spectator", mySeat === null);
  document.body.dataset.version = String(page.version); // which state is on screen (tests wait on it)

  renderHeadline($("#headline"), view);
  renderNotes($("#notes"), view);
  renderFelt($("#felt"), view, ctx);
  $("#hand-section").hidden = mySeat === null;
  if (mySeat !== null) {
    $("#hand-heading").textContent = `Your hand (${view.players[mySeat]})`;
    renderHand($("#hand"), view, ctx);
  }
  const myTurn = (view.legal_moves || []).length > 0;
  $("#moves-section").hidden = mySeat === null || view.is_over;
  renderMoveButtons($("#move-buttons"), other, ctx);
  fill($("#legal-list"), (view.legal_moves || []).map((m) => h("option", { value: m })));
  // The text box stays usable while others play: a person may type ahead (the server answers
  // "not your turn" if it is sent too early), and focus is never pulled from under them.
  $("#move-send").disabled = Boolean(page.pending);
  fill($("#legal-text"), myTurn ? `Legal now: ${(view.legal_moves || []).join(", ")}` : "");

  const status = page.pending ? `Sending “${page.pending}”…` : turnSentence(view, ctx);
  const turn = $("#turn");
  if (turn.textContent !== status) turn.textContent = status;
  turn.classList.toggle("my-turn", myTurn && !page.pending);
  document.title = `${myTurn ? "▶ Your turn · " : ""}${view.title} — gamenight`;

  renderOutcome($("#outcome"), view);
  renderInfo($("#info"), view);
  renderSheet($("#sheet"), view.score_sheet, view);
  renderLog($("#log"), view.events);
  // Drawn again only when they change, so an opened "How ... is played" stays open.
  const rulesKey = JSON.stringify([view.options, view.preset, Boolean(page.spec)]);
  if (rulesKey !== page.drawnRules) {
    renderRules($("#rules"), view, page.spec);
    page.drawnRules = rulesKey;
  }
  const fairKey = JSON.stringify([page.info ? page.info.seed_commitment : null, page.seed, page.seedVerified]);
  if (fairKey !== page.drawnFairness) {
    renderFairness($("#fairness"), page.info ? page.info.seed_commitment : null, page.seed, page.seedVerified);
    page.drawnFairness = fairKey;
  }
  if (page.seed !== null && page.seedChecked !== String(page.seed) && page.info) verifySeed();
  restoreFocus(key);
}

/** Check the revealed seed against the commitment in the browser, where it offers SHA-256. */
async function verifySeed() {
  page.seedChecked = String(page.seed);
  const hex = await sha256Hex(String(page.seed)).catch(() => null);
  if (hex && page.info && hex === String(page.info.seed_commitment).toLowerCase()) {
    page.seedVerified = true;
    draw();
  }
}

// ---- keyboard and forms -------------------------------------------------------------------

function onActionsKey(event) {
  const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
  if (!(event.key in keys) || !event.target.dataset || !event.target.dataset.move) return;
  const actions = actionElements();
  if (!actions.length) return;
  const index = actions.indexOf(event.target);
  const step = keys[event.key];
  let next;
  if (step === "first") next = 0;
  else if (step === "last") next = actions.length - 1;
  else next = (index + step + actions.length) % actions.length;
  actions[next].focus();
  event.preventDefault();
}

function onActionsClick(event) {
  const target = event.target.closest("[data-move]");
  if (!target || target.disabled) return;
  sendMove(target.dataset.move);
}

function onMoveSubmit(event) {
  event.preventDefault();
  const input = $("#move-input");
  const move = resolveTyped(input.value, (page.view && page.view.legal_moves) || []);
  if (!move) {
    showError("Type a move, for example “play QS” or “pass”, or just a card like “QS”.");
    return;
  }
  input.value = "";
  sendMove(move);
}

function onGlobalKey(event) {
  const typing = event.target.closest && event.target.closest("input, textarea, select");
  if (event.key === "/" && !typing && !$("#moves-section").hidden) {
    event.preventDefault();
    $("#move-input").focus();
  }
}

// ---- start --------------------------------------------------------------------------------

async function loadSpec(gameId) {
  try {
    const games = await api("/api/games");
    page.spec = games.find((g) => g.id === gameId) || null;
    if (page.view) draw();
  } catch {
    // The rules panel then shows option names only.
  }
}

async function start() {
  $("#actions").addEventListener("keydown", onActionsKey);
  $("#actions").addEventListener("click", onActionsClick);
  $("#move-form").addEventListener("submit", onMoveSubmit);
  document.addEventListener("keydown", onGlobalKey);
  $("#seat-role").textContent = token ? "" : "You are watching: open a seat's private link to play.";
  page.people = mountPeople({ tableId, token, api });
  page.chat = mountChat({ seat: null, send: sendChat });
  if (!tableId) {
    fatal("This page needs a table: open a link from the lobby.");
    return;
  }
  try {
    const info = await refreshOverHttp();
    page.chat.setSeat(info.seat);
    loadSpec(info.game);
  } catch (e) {
    if (e.status === 403 || e.status === 404) {
      fatal(e.message);
      return;
    }
    showError(e.message);
  }
  connect();
  window.addEventListener("online", () => connect());
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => fitFelt($("#felt")), 100);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !page.socket) connect();
  });
}

start();
