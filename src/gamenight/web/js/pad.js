// The score pad page: /pad starts a pad (game, rules, players), /p/{id} keeps one. The scorekeeper
// (the edit link's token) enters each hand on a form drawn from the pad's description; everyone
// else follows the sheet live over the pad's WebSocket. Nothing here knows a game.

import { api } from "./api.js";
import { $, h } from "./dom.js";
import { copyEntry, drawForm } from "./pad_form.js";
import { drawHistory } from "./pad_history.js";
import { drawAmendments, drawSheet } from "./pad_sheet.js";
import { openSocket, retryDelay } from "./socket.js";

const padId = location.pathname.startsWith("/p/") ? decodeURIComponent(location.pathname.slice(3)) : null;
const state = { version: -1, view: null, canEdit: false, voter: null, optionInfos: [], draft: null, editing: null, draftFor: null };
let token = null;

function show(el, on) {
  el.hidden = !on;
}

function capitalised(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A rule set's name as a person reads it ("ultimate" → "Ultimate", "two-hand" → "Two hand"). */
function presetWords(name) {
  return capitalised(name.replace(/[_-]+/g, " ").trim());
}

/** This phone's token: from a link once (the scorekeeper's edit link or a player's own; then kept
 *  on this device and taken out of the address), or kept from before, the scorekeeper's first. A
 *  player's link opened on the scorekeeper's phone is kept apart (`settleToken`): it never takes
 *  the pen away. */
function takeToken(id) {
  const key = `gamenight.pad.${id}`;
  const params = new URLSearchParams(location.search);
  const fromLink = params.get("token");
  try {
    const keeper = localStorage.getItem(key);
    if (!fromLink) return keeper || localStorage.getItem(`${key}.vote`);
    localStorage.setItem(keeper && keeper !== fromLink ? `${key}.vote` : key, fromLink);
  } catch {
    return fromLink; // no storage: the address keeps it
  }
  params.delete("token");
  const rest = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${rest ? `?${rest}` : ""}`);
  return fromLink;
}

/** Once the server said whose the token is: the scorekeeper's kept as such, a player's apart. */
function settleToken(id, data) {
  const key = `gamenight.pad.${id}`;
  try {
    if (data.keeper) localStorage.setItem(key, token);
    else if (data.voter) {
      localStorage.setItem(`${key}.vote`, token);
      if (localStorage.getItem(key) === token) localStorage.removeItem(key);
    }
  } catch {
    // no storage: the address kept the token
  }
}

// ---- a pad -------------------------------------------------------------------------------------

async function openPad() {
  token = takeToken(padId);
  show($("#pad"), true);
  try {
    const data = await api(`/api/pads/${encodeURIComponent(padId)}`, { token });
    if (token) settleToken(padId, data);
    state.canEdit = data.can_edit;
    state.voter = data.voter; // a player's own link: this phone answers house-rule changes for that player
    state.optionInfos = data.option_infos;
    if (data.keeper) offerVoterLinks();
    $("#share-link").textContent = data.follow_link;
    $("#share-link").href = data.follow_link;
    $("#share-qr").src = data.follow_qr;
    $("#csv").href = `/api/pads/${encodeURIComponent(padId)}/sheet.csv`;
    apply(data.version, data.view);
  } catch (e) {
    $("#load-error").textContent = e.message;
    show($("#load-error"), true);
    return;
  }
  follow();
}

/** A newer view: the page follows it (a draft the scorekeeper is typing is kept for its hand).
 *  `always` draws even a view already shown (the socket may bring our own change first). */
function apply(version, view, always = false) {
  if (version > state.version) {
    state.version = version;
    state.view = view;
  } else if (!always) return;
  render();
}

function render() {
  const view = state.view;
  document.title = `${view.title} score pad — gamenight`;
  $("#headline").replaceChildren(h("span", { class: "game-title", text: view.title }), " score pad");
  const teams = view.sheet.members.some((m, i) => m !== view.sheet.columns[i])
    // each side once, where a side has several columns (Gin's three Hollywood games and total)
    ? ` ${[...new Set(view.sheet.members)].join(" against ")}.` : ` ${view.players.join(", ")}.`;
  $("#pad-rules").textContent = `${view.preset ? `${presetWords(view.preset)} rules.` : "The family book's rules."}${teams}`;
  $("#role").textContent = roleWords();
  drawEntry();
  drawSheet($("#sheet-body"), view, { onCorrect: state.canEdit ? startCorrection : null });
  drawAmendments($("#amend-body"), view, state.optionInfos,
    { canEdit: state.canEdit, voter: state.voter, onPropose: propose, onVote: vote });
}

function roleWords() {
  const votes = state.voter ? ` You answer house-rule changes as ${state.voter}.` : "";
  return state.canEdit ? `You keep the score: enter each hand below.${votes}`
    : `You follow this pad: the sheet changes as the scorekeeper writes.${votes}`;
}

/** The scorekeeper's: each player's own link and its QR code, asked for when first opened. */
function offerVoterLinks() {
  const box = $("#voters");
  show(box, true);
  box.addEventListener("toggle", async () => {
    const list = $("#voter-links");
    if (!box.open || list.childElementCount) return;
    try {
      const links = await api(`/api/pads/${encodeURIComponent(padId)}/voters`, { token });
      list.replaceChildren(...links.map((v) => h("li", { class: "pad-voter", dataset: { player: v.player } },
        h("strong", { text: v.player }),
        h("img", { src: v.qr, alt: `QR code of ${v.player}'s own link`, width: 150, height: 150 }),
        h("a", { class: "hash", href: v.link, text: `${v.player}'s link` }))));
    } catch (e) {
      list.replaceChildren(h("li", { class: "error", role: "alert", text: e.message }));
    }
  });
}

function drawEntry() {
  const view = state.view;
  const form = $("#entry");
  const open = state.canEdit && (state.editing !== null || !view.sheet.over);
  show(form, open);
  if (!open) return;
  const hand = state.editing ?? view.next_hand;
  if (state.draftFor !== hand) { // a new hand to enter, or another to correct: start from its values
    state.draft = copyEntry(state.editing !== null ? view.entries[hand - 1] : view.blank);
    state.draftFor = hand;
    show($("#refusal"), false);
  }
  // the next row's own name where the game gives one ("Game 1, row 2"), else "Hand 3"
  const word = state.editing === null && view.next_label ? view.next_label : `${capitalised(view.deal_word)} ${hand}`;
  $("#entry-title").textContent = state.editing !== null ? `Correct ${word.toLowerCase()}` : word;
  $("#entry-send").textContent = state.editing !== null ? `Save ${word.toLowerCase()}` : `Enter ${word.toLowerCase()}`;
  show($("#entry-cancel"), state.editing !== null);
  // a hand entered is corrected on its own form (a house-rule change may have changed the next one's)
  drawForm($("#entry-fields"), state.editing !== null ? view.forms[hand - 1] : view.form, state.draft);
}

function startCorrection(hand) {
  state.editing = hand;
  drawEntry();
  $("#entry").scrollIntoView({ block: "start" });
}

async function send(event) {
  event.preventDefault();
  const refusal = $("#refusal");
  const button = $("#entry-send");
  button.disabled = true;
  const path = `/api/pads/${encodeURIComponent(padId)}/entries`;
  try {
    const data = state.editing !== null
      ? await api(`${path}/${state.editing}`, { method: "PUT", body: { entry: state.draft }, token })
      : await api(path, { method: "POST", body: { entry: state.draft }, token });
    state.editing = null;
    state.draftFor = null;
    show(refusal, false);
    apply(data.version, data.view, true);
  } catch (e) {
    refusal.textContent = e.message; // the rules' reason, in words
    show(refusal, true);
    refusal.scrollIntoView({ block: "center" });
  } finally {
    button.disabled = false;
  }
}

async function change(path, body) {
  try {
    const data = await api(`/api/pads/${encodeURIComponent(padId)}${path}`, { method: "POST", body, token });
    apply(data.version, data.view);
  } catch (e) {
    $("#amend-body").prepend(h("p", { class: "error", role: "alert", text: e.message }));
  }
}

const propose = (body) => change("/amendments", body);
const vote = (number, player, yes) => change(`/amendments/${number}/votes`, { player, yes });

/** The pad's WebSocket (socket.js, as a table's): every change, as it happens; reconnects when the
 *  connection drops, waiting longer each time. */
const link = { socket: null, retries: 0 };

function follow() {
  const conn = $("#conn");
  show(conn, true);
  const socket = openSocket(link, {
    path: `/ws/pads/${encodeURIComponent(padId)}`,
    onOpen: () => {
      conn.dataset.state = "live";
      conn.textContent = "Live";
      link.retries = 0;
    },
    onFrame: (frame) => {
      if (frame.type === "state") apply(frame.version, frame.view);
    },
    onClose: (event) => {
      conn.dataset.state = "down";
      conn.textContent = "Reconnecting…";
      if (event.code !== 4404) retry();
    },
  });
  if (!socket) retry();
}

function retry() {
  link.retries += 1;
  setTimeout(follow, retryDelay(link.retries));
}

// ---- a new pad ---------------------------------------------------------------------------------

async function setup() {
  const form = $("#setup");
  show(form, true);
  let games;
  try {
    games = await api("/api/pads/games");
  } catch (e) {
    $("#load-error").textContent = e.message;
    show($("#load-error"), true);
    return;
  }
  const gameSel = $("#setup-game");
  gameSel.replaceChildren(...games.map((g) => h("option", { value: g.id, text: g.title })));
  const spec = () => games.find((g) => g.id === gameSel.value);
  const redraw = () => {
    const g = spec();
    const presetSel = $("#setup-preset");
    const kept = presetSel.value;
    presetSel.replaceChildren(h("option", { value: "", text: "The family book" }),
      ...Object.keys(g.presets).map((p) => h("option", { value: p, text: presetWords(p) })));
    if (kept in g.presets) presetSel.value = kept;
    const preset = g.presets[presetSel.value];
    $("#setup-preset-help").textContent = preset ? preset.description : g.summary;
    const counts = preset && preset.players ? preset.players : g.players;
    const countSel = $("#setup-count");
    const count = Number(countSel.value) || g.default_players;
    countSel.replaceChildren(...counts.map((n) => h("option", { value: String(n), text: String(n) })));
    countSel.value = String(counts.includes(count) ? count : counts[0]);
    $("#setup-teams").textContent = g.teams ? `Seat order matters: ${g.teams}.` : "";
    drawNames(Number(countSel.value));
    drawOptions(g, preset);
  };
  gameSel.addEventListener("change", redraw);
  $("#setup-preset").addEventListener("change", redraw);
  $("#setup-count").addEventListener("change", redraw);
  redraw();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    // a name left blank is the seat's ("Player 3"), as the placeholder says
    const names = [...document.querySelectorAll("#setup-names input")].map((i) => i.value.trim() || i.placeholder);
    const body = { game: gameSel.value, players: names, open: $("#setup-open").checked, options: readOptions(spec()) };
    if ($("#setup-preset").value) body.preset = $("#setup-preset").value;
    try {
      const made = await api("/api/pads", { method: "POST", body });
      location.assign(`/p/${encodeURIComponent(made.pad_id)}?token=${encodeURIComponent(made.token)}`);
    } catch (e) {
      $("#setup-error").textContent = e.message;
      show($("#setup-error"), true);
    }
  });
}

function drawNames(count) {
  const list = $("#setup-names");
  const before = [...list.querySelectorAll("input")].map((i) => i.value);
  list.replaceChildren(...Array.from({ length: count }, (_, i) => h("li", {}, h("input", {
    type: "text", maxlength: 24, value: before[i] || "", "aria-label": `Player ${i + 1}'s name`,
    placeholder: `Player ${i + 1}`, autocomplete: "off",
  }))));
}

/** The game's house rules, as a table's: only those changed from the rule set are sent. */
function drawOptions(g, preset) {
  $("#setup-options").replaceChildren(...g.options.map((o) => {
    const value = preset && o.name in preset.values ? preset.values[o.name] : o.default;
    let input;
    if (o.type === "bool") input = h("input", { type: "checkbox", checked: value });
    else if (o.choices) input = h("select", {}, o.choices.map((c) => h("option", { value: c, text: (o.choice_labels || {})[c] || c })));
    else input = h("input", { type: "number", inputmode: "numeric", min: o.minimum, max: o.maximum, value });
    if (o.choices) input.value = value;
    input.dataset.option = o.name;
    input.dataset.touched = "";
    input.addEventListener("change", () => { input.dataset.touched = "yes"; });
    return h("label", { class: "pad-row pad-option", title: o.help }, `${o.label} `, input);
  }));
}

function readOptions(g) {
  const out = {};
  for (const input of document.querySelectorAll("#setup-options [data-option]")) {
    if (input.dataset.touched !== "yes") continue;
    const info = g.options.find((o) => o.name === input.dataset.option);
    out[info.name] = info.type === "bool" ? input.checked : info.choices ? input.value : Number.parseInt(input.value, 10);
  }
  return out;
}

// ---- the match history ------------------------------------------------------------------------

async function openHistory() {
  document.title = "Match history — gamenight";
  $("#headline").textContent = "Match history";
  show($("#history"), true);
  try {
    drawHistory($("#history-body"), await api("/api/history"));
  } catch (e) {
    $("#load-error").textContent = e.message;
    show($("#load-error"), true);
  }
}

// ---- start -------------------------------------------------------------------------------------

$("#entry").addEventListener("submit", send);
$("#entry-cancel").addEventListener("click", () => {
  state.editing = null;
  drawEntry();
});
$("#print").addEventListener("click", () => window.print());
if (padId) openPad();
else if (location.pathname === "/pad/history") openHistory();
else setup();
