// The table page: one seat's live view of a table (or a spectator's, without a token).
//
// A seat's invite link carries its token once (/t/ID?token=T): the page keeps it for this tab
// (sessionStorage, so a reload keeps the seat) and takes it out of the address bar, so it is not
// bookmarked, shared by copying the address, or sent again. Requests carry it in the Authorization
// header, the WebSocket in its subprotocol: never in a URL the server logs.
//
// Every {type: "state"} frame from the server is drawn afresh; what the page keeps of its own is
// the person's: the cards selected, the hand's arrangement (localStorage), a trick being shown
// after it was won, the deal summary on screen. A dropped connection is retried with growing
// pauses; the server sends the current state on every connect, so a reload resumes the table.
//
// Moves are never made by one tap: cards are selected (select.js) and a button naming the move
// confirms it; for a single card with one possible move (a trick's play), a second tap or Enter
// on the selected card confirms too. After the page's own move is answered, focus goes to the
// status line, never to a card that Enter would play.

import { $, $$, fill, h, redrawOnChange } from "./dom.js";
import { focusKey, restoreFocus } from "./focus.js";
import { takeToken } from "./seat_token.js";
import { api, newMoveId, sha256Hex } from "./api.js";
import { arrange } from "./layout.js";
import { markBoardTargets, mountBoard } from "./board.js";
import { openTableSocket, retryDelay } from "./socket.js";
import { resolveTyped } from "./moves.js";
import { mountChat } from "./chat.js";
import { mountPeople } from "./people.js";
import { animate, menuItems, remember } from "./motion.js";
import { mountConfirm } from "./confirm.js";
import { mountHint } from "./hint.js";
import { mountAmend } from "./amend.js";
import { mountArranging } from "./arrange.js";
import {
  fitFelt, renderFelt, tickWaiting,
} from "./felt.js";
import {
  codeOf, fitHand, handKeys, loadArrangement, arranged, renderHandCards, renderOrderButtons,
} from "./hand.js";
import { barMost, judgePatterns, renderActions } from "./actions.js";
import { markFeltTargets } from "./pieces.js";
import {
  namesOf, renderFairness, renderHeadline, renderInfo, renderLog, renderNotes, renderOutcome,
  renderRules, renderSheet, sendingSentence, turnSentence,
} from "./render.js";
import {
  actionsFor, classify, confirmOnRetap, feltItem, feltUsable, keepSelected, promptFor, tapFelt, usableCards,
} from "./select.js";
import { mountSheets, openSheet } from "./sheets.js";
import { renderSummary, summaryRow } from "./summary.js";
import { inWindow, renderWindow, tickWindow, windowOf } from "./window.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = takeToken(tableId);

/** The trick pause when the server does not say (an older server). */
const DEFAULT_TRICK_PAUSE_MS = 1500;
/** How long a deal's summary stays unless dismissed. */
const SUMMARY_MS = 15000;

const page = {
  info: null, // GET /api/tables/{id}: seats, seed commitment...
  spec: null, // the game's entry (/api/games/{id}): option labels, presets, rules text
  view: null,
  version: -1,
  lastDraw: -Infinity, // performance.now() of the last drawing (frames are drawn at most every DRAW_GAP_MS)
  drawTimer: null, // the drawing of frames that came too soon after the last one
  seed: null,
  ended: null, // "abandoned": the table reached its move bound before the game's end
  seedVerified: false,
  seedChecked: null, // the seed last hashed here
  seats: null, // the table's seats: names, people or bots, connected (the frame's, else the snapshot's)
  waiting: null, // [{seat, since}] from the server, when it says
  trickPause: DEFAULT_TRICK_PAUSE_MS,
  window: null, // a timed window open now (window.js): its seats, this seat's lapse, when it lapses
  pending: null, // the move sent and not yet answered
  outbox: null, // that move as sent ({move, version, move_id}): sent again after a reconnect
  queue: [], // the rest of a several-move action (a pass of three), sent one by one
  ownMoveAnswered: false,
  selected: [], // occurrence keys of the selected hand pieces ("5H#1")
  felt: [], // the pieces selected where they lie on the table (select.js feltItem)
  arrangement: null,
  held: null, // a finished trick on show: {trick, timer}
  lastTrick: null, // the last finished trick seen: "deal#number"
  reviewOpen: false,
  rowsSeen: null, // score-sheet rows seen (a new one opens the deal summary)
  summary: null, // {index, until, timer}
  lastPhase: null,
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

/** Hooks for the modules that live beside the table (chat, names, rematch: people.js, chat.js):
 * each gets every frame and every redraw. */
export const hooks = { frame: [], draw: [] };

// ---- connection --------------------------------------------------------------------------

function connect() {
  if (page.fatal) return;
  clearTimeout(page.retryTimer);
  page.retryTimer = null;
  if (page.socket && page.socket.readyState <= WebSocket.OPEN) return;
  setConnection("connecting", "Connecting…");
  const socket = openTableSocket(page, {
    tableId, token, onFrame,
    onOpen: (open) => {
      setConnection("live", "Live");
      // A move whose answer the last connection lost: the same move id again, so it is made once.
      if (page.outbox) open.send(JSON.stringify(page.outbox));
    },
    onClose: (event) => {
      // 4403: a bad token, 4404: no such table (the server's error frame said why): final.
      if (event.code === 4403 || event.code === 4404) {
        fatal(page.lastError || (event.code === 4404 ? "There is no such table."
          : "This link's token is not valid for this table."));
        return;
      }
      if (page.pending && page.outbox) {
        showError("The connection dropped before your move was answered: it is sent again on reconnecting.");
      }
      scheduleReconnect();
    },
  });
  if (!socket) scheduleReconnect();
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
  const delay = retryDelay(page.retries) * (0.8 + Math.random() * 0.4);
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
  const info = await api(`/api/tables/${encodeURIComponent(tableId)}`, { token });
  page.info = info;
  if (info.seed !== null && info.seed !== undefined) page.seed = info.seed;
  onFrame({ type: "state", version: info.version, view: info.view, seed: info.seed, ended: info.ended,
            seats: info.seats, waiting: info.waiting, trick_pause_ms: info.trick_pause_ms,
            rematch: info.rematch, series: info.series, window: info.window, amendments: info.amendments });
  return info;
}

function onFrame(frame) {
  for (const hook of hooks.frame) hook(frame);
  if (page.chat && page.chat.onFrame(frame)) return;
  if (page.people && page.people.onFrame(frame)) {
    if (page.info) page.info.seats = frame.seats;
    if (Array.isArray(frame.seats)) page.seats = frame.seats;
    if (page.view) draw();
    return;
  }
  if (frame.type === "error") {
    page.pending = null;
    page.outbox = null;
    page.queue = [];
    page.lastError = frame.message;
    showError(frame.message || "The move was refused.");
    if (page.view) draw();
    return;
  }
  if (frame.type !== "state" || !frame.view) return;
  if (typeof frame.version === "number" && frame.version < page.version) return; // an older frame
  page.version = typeof frame.version === "number" ? frame.version : page.version;
  const first = page.view === null;
  page.view = frame.view;
  if (frame.seed !== null && frame.seed !== undefined) page.seed = frame.seed;
  page.ended = frame.ended || null;
  if (Array.isArray(frame.seats)) page.seats = frame.seats;
  if (Array.isArray(frame.waiting)) page.waiting = frame.waiting;
  showNotices(frame.notices);
  if (Number.isInteger(frame.trick_pause_ms)) page.trickPause = frame.trick_pause_ms;
  page.window = windowOf(frame.window, performance.now()); // counted from now: the server's clock is not ours
  if (frame.seats && page.info) page.info.seats = frame.seats;
  if (page.outbox && page.version > page.outbox.version) page.outbox = null; // answered
  if (!page.outbox) {
    if (page.pending) page.ownMoveAnswered = true;
    page.pending = null;
  }
  if (page.ended === "abandoned") {
    showError(`This table was abandoned after ${page.version} moves: no more moves can be made.`);
  }
  if (page.people) page.people.onState(frame);
  noticeTrick(first);
  noticeScore(first);
  drawSoon();
  continueQueue();
}

/** Most state frames drawn a second: a busy party (three tables of bots) publishes a hundred
 * versions a second, and drawing each one left the page minutes behind. A frame arriving within
 * DRAW_GAP_MS of the last drawing is drawn with whatever arrives after it, at the gap's end. */
const DRAW_GAP_MS = 50;

function drawSoon() {
  if (page.drawTimer) return;
  const wait = page.lastDraw + DRAW_GAP_MS - performance.now();
  if (wait <= 0) {
    draw();
    return;
  }
  page.drawTimer = setTimeout(() => { page.drawTimer = null; draw(); }, wait);
}

// ---- a finished trick on show, the deal summary -------------------------------------------------

/** A trick gathered since the last frame stays on the felt, its winner marked, for the pause. */
function noticeTrick(first) {
  const field = arrange(page.view).trick;
  const done = field ? page.view[field.key] : null;
  // a trick by its deal and number (each deal counts its tricks from 1): any trick not seen last
  // is fresh, the first of a deal too (a new trick after none is one a person has to see taken)
  const number = done && Number.isInteger(done.number) ? `${done.deal}#${done.number}` : null;
  if (number === null) return;
  const fresh = number !== page.lastTrick;
  page.lastTrick = number;
  if (first || !fresh || page.trickPause <= 0) return;
  clearTimeout(page.held && page.held.timer);
  page.held = { trick: done, timer: setTimeout(releaseTrick, page.trickPause) };
}

function releaseTrick() {
  if (!page.held) return;
  clearTimeout(page.held.timer);
  page.held = null;
  if (page.view) draw();
}

/** A new row on the score sheet: the deal's summary, once the last trick has been seen. */
function noticeScore(first) {
  const rows = (page.view.score_sheet && page.view.score_sheet.rows) || [];
  if (page.rowsSeen !== null && rows.length > page.rowsSeen && !first) {
    closeSummary(false);
    page.summary = { index: rows.length - 1, until: null, timer: null };
  }
  page.rowsSeen = rows.length;
}

function closeSummary(redraw = true) {
  if (!page.summary) return;
  clearTimeout(page.summary.timer);
  page.summary = null;
  if (redraw && page.view) draw();
}

// ---- moves --------------------------------------------------------------------------------

async function sendMove(move, typed = false) {
  if (!move || page.pending || !token) return;
  if (!typed && page.confirm && !page.confirm.gate(move, page.view)) return; // a second tap (confirm.js)
  clearError();
  releaseTrick();
  page.pending = move;
  // One id for the move however often it is sent: the server makes it once and answers again.
  page.outbox = { move, version: page.version, move_id: newMoveId() };
  page.selected = [];
  page.felt = [];
  draw();
  const socket = page.socket;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(page.outbox));
    return;
  }
  // No live connection: the HTTP API takes the move as well, retried while the network fails.
  const body = page.outbox;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await api(`/api/tables/${encodeURIComponent(tableId)}/moves`, { method: "POST", body, token });
      break;
    } catch (e) {
      if (e.status === 0 && attempt < 3) {
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
        continue;
      }
      page.pending = null;
      page.outbox = null;
      page.queue = [];
      showError(e.message);
      draw();
      return;
    }
  }
  page.pending = null;
  page.outbox = null;
  try {
    await refreshOverHttp();
  } catch (e) {
    showError(e.message);
  }
}

/** Several moves made as one action (a pass of three): each is sent once the previous is answered. */
function sendMoves(moves) {
  if (!moves.length || page.pending) return;
  page.queue = moves.slice(1);
  sendMove(moves[0]);
}

function continueQueue() {
  if (!page.queue.length || page.pending) return;
  const next = page.queue[0];
  // a card added to a meld just made is named without the meld's number ("add KC"): the engine reads it
  if (!(page.view.to_act || []).includes(page.view.seat) || !(page.view.legal_moves || []).length) {
    page.queue = [];
    showError("The rest of that could not be made: it is no longer your turn.");
    return;
  }
  page.queue = page.queue.slice(1);
  sendMove(next);
}

/** A chat message: over the live connection, else over HTTP (see chat.js). */
async function sendChat(text) {
  const socket = page.socket;
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "chat", text }));
    return { error: null, confirmed: false };
  }
  try {
    await api(`/api/tables/${encodeURIComponent(tableId)}/chat`, { method: "POST", body: { token, text }, token });
    return { error: null, confirmed: true };
  } catch (e) {
    return { error: e.message, confirmed: false };
  }
}

/** What the server says of the table itself ("Mia's bot hit a problem; a simpler bot plays for
 * it."), in words, above the felt. */
function showNotices(notices) {
  const el = $("#notices");
  const list = Array.isArray(notices) ? notices.filter((n) => typeof n === "string") : [];
  el.textContent = list.join(" ");
  el.hidden = list.length === 0;
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

/** What the hand shows and what a selection can do, from the view. */
function handState(view) {
  const layout = arrange(view);
  const hand = layout.hand ? layout.hand.pieces : [];
  const piece = layout.hand ? layout.hand.piece : "";
  const mySeat = Number.isInteger(view.seat) ? view.seat : null;
  if (page.arrangement === null && mySeat !== null) page.arrangement = loadArrangement(tableId, mySeat);
  const shown = arranged(hand, page.arrangement || { mode: "engine", own: [] }, piece === "card");
  const keys = handKeys(shown);
  page.selected = page.selected.filter((k) => keys.includes(k));
  const codes = keepSelected(page.selected.map(codeOf), shown);
  const choose = layout.choose ? view[layout.choose.key] : null;
  const sorted = classify(view.moves || [], hand, choose, piece);
  const marks = new Map();
  for (const f of layout.marks) for (const code of view[f.key] || []) marks.set(code, f.label);
  return { layout, shown, piece, sorted, codes, marks, mySeat };
}

function draw() {
  const view = page.view;
  if (!view) return;
  clearTimeout(page.drawTimer);
  page.drawTimer = null;
  page.lastDraw = performance.now();
  const key = focusKey();
  const moving = remember(document.body, `${page.version} ${page.held ? "held" : ""}`); // motion.js: where pieces were
  const now = Date.now() / 1000;
  const state = handState(view);
  const { sorted, mySeat } = state;
  const names = namesOf(view, page.seats || (page.info ? page.info.seats : null));
  const myColumn = mySeat !== null && view.score_sheet ? columnOf(view, mySeat) : null;
  const ctx = { seats: page.seats || (page.info ? page.info.seats : null), waiting: page.waiting, now,
                held: page.held ? page.held.trick : null, reviewOpen: page.reviewOpen, names, myColumn,
                pending: page.pending, mySeatEl: $("#my-seat"), prompt: promptFor(sorted, (view.layout && view.layout.verb_words) || {}), selectedCodes: page.selected.map(codeOf) };
  document.body.classList.toggle("spectator", mySeat === null);
  document.body.dataset.version = String(page.version); // which state is on screen (tests wait on it)
  document.body.dataset.holding = page.held ? "trick" : "";

  renderHeadline($("#headline"), view);
  renderNotes($("#notes"), view);
  // Each part is drawn again only when what it shows changes: a button or a card replaced under a
  // person's finger would lose the tap (a press on the old one, the release on the new).
  redrawOnChange($("#felt"), [page.version, ctx.held, ctx.reviewOpen, ctx.seats, ctx.waiting, page.selected],
    () => renderFelt($("#felt"), $("#felt-bar"), view, ctx));
  page.felt = page.felt.filter((f) => feltUsable(sorted, f)); // a piece no move takes now is let go
  markFeltTargets($("#felt"), (item) => !page.pending && feltUsable(sorted, item), page.felt.map((f) => f.at), feltItem);
  drawSummary(view);
  const win = page.window;
  const answering = inWindow(win, view); // this seat's moves are the window's buttons, not the action bar
  redrawOnChange($("#window"), [page.version, win && [win.seats, win.lapse, win.until === null], page.pending,
    ctx.seats], () => renderWindow($("#window"), view, win, ctx));
  // a game played on a picture with no hand at all (dice) shows no empty hand
  $("#hand-section").hidden = mySeat === null || (!state.layout.hand && state.layout.pictures.length > 0);
  if (mySeat !== null) {
    $("#hand-heading").textContent = "Your hand";
    const handCtx = {
      shown: state.shown, selected: new Set(page.selected), usable: usableCards(sorted), marks: state.marks,
      piece: state.piece, myTurn: (view.legal_moves || []).length > 0, focusKey: key && key.card,
    };
    redrawOnChange($("#hand"), [handCtx.shown, page.selected, handCtx.usable && [...handCtx.usable], [...state.marks],
      handCtx.piece, handCtx.myTurn], () => renderHandCards($("#hand"), handCtx));
    $("#hand").dataset.zone = state.layout.hand && state.layout.hand.zone ? state.layout.hand.zone : "";
    renderOrderButtons($("#hand-order"), (page.arrangement || {}).mode || "engine");
  }
  const myTurn = (view.legal_moves || []).length > 0;
  $("#moves-section").hidden = mySeat === null || view.is_over || Boolean(page.ended);
  const actions = answering ? [] : actionsFor(sorted, state.codes, page.felt, (view.layout && view.layout.verb_words) || {},
    (view.layout && view.layout.grows) || {});
  const plain = answering ? [] : sorted.plain;
  page.actions = actions;
  judgePatterns(actions, page, (move, then) => api(`/api/tables/${encodeURIComponent(tableId)}/check`,
    { method: "POST", body: { token, move, then }, token }), draw);
  const selectedCount = page.selected.length + page.felt.length;
  redrawOnChange($("#move-buttons"), [actions, plain, page.pending, selectedCount, barMost()],
    () => renderActions($("#move-buttons"), actions, plain, { pending: page.pending, selectedCount }));
  markBoardTargets($("#felt"), view.moves, state.codes); // after the bar: it marks the bar's button for a chosen space
  fill($("#legal-list"), (view.legal_moves || []).map((m) => h("option", { value: m })));
  // The text box stays usable while others play: a person may type ahead (the server answers
  // "not your turn" if it is sent too early), and focus is never pulled from under them.
  $("#move-send").disabled = Boolean(page.pending);
  fill($("#legal-text"), myTurn ? `Legal now: ${(view.legal_moves || []).join(", ")}` : "");

  const status = page.pending ? sendingSentence(view, page.pending)
    : answering ? "Your chance, out of turn: claim it or let it go." : turnSentence(view, ctx);
  const turn = $("#turn");
  if (turn.textContent !== status) turn.textContent = status;
  turn.classList.toggle("my-turn", myTurn && !page.pending);
  document.title = `${myTurn ? "▶ Your turn · " : ""}${view.title} — gamenight`;

  renderOutcome($("#outcome"), view);
  renderInfo($("#info"), view);
  // the sheet (a table of every deal) only when a row or a name changes, not on every card played
  redrawOnChange($("#sheet"), [view.score_sheet, namesOf(view).columns, view.seat, view.layout && view.layout.deal_word],
    () => renderSheet($("#sheet"), view.score_sheet, view));
  // Drawn again only when they change, so an opened "How ... is played" stays open.
  const rulesKey = JSON.stringify([view.options, view.preset, Boolean(page.spec)]);
  if (rulesKey !== page.drawnRules) {
    renderRules($("#rules"), view, page.spec, $("#rules-brief"));
    page.drawnRules = rulesKey;
  }
  const fairKey = JSON.stringify([page.info ? page.info.seed_commitment : null, page.seed, page.seedVerified]);
  if (fairKey !== page.drawnFairness) {
    renderFairness($("#fairness"), page.info ? page.info.seed_commitment : null, page.seed, page.seedVerified);
    page.drawnFairness = fairKey;
  }
  if (page.seed !== null && page.seedChecked !== String(page.seed) && page.info) verifySeed();
  const phaseChanged = page.lastPhase !== null && page.lastPhase !== view.phase;
  page.lastPhase = view.phase;
  const answered = page.ownMoveAnswered;
  page.ownMoveAnswered = false;
  restoreFocus(key, phaseChanged, answered);
  animate(document.body, moving); // pieces that moved travel from where they were (never waited on)
  for (const hook of hooks.draw) hook(view, page);
  renderLog($("#log"), view.events); // last: it measures the log, so the page is laid out once a draw
}

/** The score-sheet column of a seat: its own name, or its team's (a column naming it). */
function columnOf(view, seat) {
  const columns = view.score_sheet.columns || [];
  const name = view.players[seat];
  const i = columns.findIndex((c) => c === name || c.split(/[–\-\s&+/]+/).includes(name));
  return i < 0 ? null : i;
}

function drawSummary(view) {
  const el = $("#summary");
  const rows = (view.score_sheet && view.score_sheet.rows) || [];
  if (!page.summary || page.held || !rows[page.summary.index]) {
    el.hidden = true;
    return;
  }
  if (page.summary.until === null) {
    page.summary.until = Date.now() + SUMMARY_MS;
    page.summary.timer = setTimeout(() => closeSummary(), SUMMARY_MS);
  }
  renderSummary(el, summaryRow(view, page.summary.index), page.summary.until);
  el.hidden = false;
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

// ---- the hand: select, arrange ----------------------------------------------------------------

function toggleCard(keyOfCard) {
  const view = page.view;
  const { sorted, shown } = handState(view);
  const selected = page.selected.includes(keyOfCard);
  if (selected) {
    const confirm = confirmOnRetap(sorted, page.selected.map(codeOf));
    if (confirm && page.selected.length === 1) {
      sendMove(confirm); // a second tap on the one selected card makes its only move
      return;
    }
    page.selected = page.selected.filter((k) => k !== keyOfCard);
  } else if (sorted.multi) {
    page.selected = [...page.selected, keyOfCard];
  } else {
    page.selected = [keyOfCard]; // one card at a time: choosing another moves the selection
  }
  page.selected = page.selected.filter((k) => handKeys(shown).includes(k));
  draw();
}

function onHandClick(event) {
  const button = event.target.closest("button.hand-card");
  if (!button || page.pending) return;
  toggleCard(button.dataset.key);
}

/** Moves a card of the hand to another place (arrange.js, mounted at the start). */
let moveCard = () => {};

function onHandKey(event) {
  const button = event.target.closest("button.hand-card");
  if (!button) return;
  const buttons = $$("#hand button.hand-card");
  const at = buttons.indexOf(button);
  const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  if (event.key in steps && event.altKey) {
    moveCard(at, at + steps[event.key]);
  } else if (event.key in steps || event.key === "Home" || event.key === "End") {
    let next = event.key === "Home" ? 0 : event.key === "End" ? buttons.length - 1
      : (at + steps[event.key] + buttons.length) % buttons.length;
    next = Math.max(0, Math.min(buttons.length - 1, next));
    for (const b of buttons) b.tabIndex = -1;
    buttons[next].tabIndex = 0;
    buttons[next].focus();
  } else if (event.key === "Escape") {
    page.selected = [];
    draw();
  } else if (event.key === " " || event.key === "Enter") {
    if (!page.pending) toggleCard(button.dataset.key);
  } else {
    return;
  }
  event.preventDefault();
}

// ---- actions, keyboard and forms ----------------------------------------------------------------

function onActionsClick(event) {
  const clear = event.target.closest("[data-clear]");
  if (clear) {
    page.selected = [];
    page.felt = [];
    draw();
    return;
  }
  const target = event.target.closest("#move-buttons button");
  if (!target || target.disabled) return;
  if (target.dataset.action !== undefined) {
    const action = (page.actions || [])[Number(target.dataset.action)];
    if (action && action.enabled) sendMoves(action.moves);
    return;
  }
  if (target.dataset.move) sendMove(target.dataset.move);
}

function onWindowClick(event) {
  const target = event.target.closest("#window button[data-move]");
  if (target && !target.disabled) sendMove(target.dataset.move);
}

function onFeltClick(event) {
  const piece = event.target.closest && event.target.closest("#felt .felt-target[data-at]");
  if (piece && !page.pending) { // a piece where it lies: selected (a second tap on it may send it)
    const { sorted, codes } = handState(page.view);
    const tap = tapFelt(sorted, codes, page.felt, feltItem(piece.dataset.at, piece.dataset.value), confirmOnRetap);
    page.felt = tap.felt;
    if (tap.send) sendMove(tap.send);
    else draw();
    return;
  }
  const spot = event.target.closest && event.target.closest("#felt [data-move]");
  if (spot && !page.pending) { // a place on a picture of the table where the selected piece goes
    sendMove(spot.dataset.move);
    return;
  }
  if (event.target.closest("[data-action='last-trick']")) {
    page.reviewOpen = !page.reviewOpen;
    draw();
  }
}

function onSummaryClick(event) {
  if (event.target.closest("[data-dismiss]")) {
    closeSummary();
    $("#turn").focus();
  }
}

function onMoveSubmit(event) {
  event.preventDefault();
  const input = $("#move-input");
  const move = resolveTyped(input.value, (page.view && page.view.moves) || []);
  if (!move) {
    showError("Type a move, for example “play QS” or “pass”, or just a card like “QS”.");
    return;
  }
  input.value = "";
  sendMove(move, true);
}

function onGlobalKey(event) {
  const typing = event.target.closest && event.target.closest("input, textarea, select");
  if (event.key === "/" && !typing && !$("#moves-section").hidden) {
    event.preventDefault();
    openSheet("info-panel more-panel"); // a sheet on a phone: opened before its box can take focus
    $(".type-move").open = true;
    $("#move-input").focus();
  }
}

// ---- start --------------------------------------------------------------------------------

async function loadSpec(gameId) {
  try {
    page.spec = await api(`/api/games/${encodeURIComponent(gameId)}`);
    if (page.view) draw();
  } catch {
    // The rules panel then shows option names only.
  }
}

async function start() {
  const hand = $("#hand");
  hand.addEventListener("click", onHandClick);
  hand.addEventListener("keydown", onHandKey);
  const arranging = mountArranging({ page, tableId, draw, shownOf: () => handState(page.view).shown });
  moveCard = arranging.moveCard;
  $("#move-buttons").addEventListener("click", onActionsClick);
  $("#window").addEventListener("click", onWindowClick);
  $("#felt-bar").addEventListener("click", onFeltClick);
  mountBoard($("#felt"), { view: () => page.view, codes: () => handState(page.view).codes, busy: () => page.pending,
    send: sendMove, error: showError });
  $("#felt").addEventListener("click", onFeltClick);
  $("#felt").addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.closest("#felt [data-move], #felt .felt-target")) {
      event.preventDefault();
      onFeltClick(event);
    }
  });
  $("#summary").addEventListener("click", onSummaryClick);
  $("#move-form").addEventListener("submit", onMoveSubmit);
  document.addEventListener("keydown", onGlobalKey);
  document.addEventListener("gamenight:move", (event) => sendMove(event.detail)); // a picture's own move (dice kept)
  $(".topbar").append(...menuItems(tableId)); // motion.js: the sounds switch, the table screen's link (tray: to the menu)
  $("#seat-role").textContent = token ? "" : "You are watching: open a seat's private link to play.";
  page.people = mountPeople({ tableId, token, api });
  page.confirm = mountConfirm({ send: (move) => sendMove(move) });
  hooks.draw.push((view) => page.confirm.redraw(view));
  const hint = mountHint({ page, tableId, token, api, handOf: () => handState(page.view), draw }); // "Hint": hint.js
  hooks.draw.push((view) => hint.redraw(view));
  const amend = mountAmend({ tableId, token, api, showError }); // house-rule proposals and votes: amend.js
  hooks.frame.push((frame) => amend.onFrame(frame));
  hooks.draw.push(() => amend.markSheet());
  page.chat = mountChat({ seat: null, send: sendChat });
  mountSheets(); // after the chat: its panel is one of the sheets
  // the rules drawer is open where the side column sits beside the table, a sheet on a phone
  $("#rules-panel").open = window.matchMedia("(min-width: 960px)").matches;
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
    resizing = setTimeout(() => { fitFelt($("#felt"), true); fitHand($("#hand")); drawSoon(); }, 100);
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !page.socket) connect();
  });
  setInterval(() => {
    tickWaiting(document, Date.now() / 1000);
    const countdown = $("#summary [data-until]");
    if (countdown) countdown.textContent = `${Math.max(0, Math.ceil((Number(countdown.dataset.until) - Date.now()) / 1000))} s`;
  }, 1000);
  setInterval(() => tickWindow($("#window"), page.window, performance.now()), 200);
}

start();
