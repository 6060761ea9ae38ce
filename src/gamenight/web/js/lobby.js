// The lobby: every registered game as a compact card, grouped by kind, found by searching; the
// tables and games played lately at the top; a tapped game opens its setup in place, the book's
// rules and "you and bots" ready, so that Start takes you to your seat. It knows no game by name:
// everything comes from /api/games (the groups are each game's `kind`).

import { $, $$, fill, h } from "./dom.js";
import { api } from "./api.js";
import { playersText, renderSetup, requestBody } from "./lobby_setup.js";
import { forgetAll, local, remember, showCreated } from "./lobby_links.js";
import { RECENT_CHANGED, recentTables, storeRecent } from "./recent.js";

/** How many remembered tables "Play again" shows before "more tables". */
const RECENT_SHOWN = 3;
/** How many games "Play again" offers. */
const RECENT_GAMES = 6;

const lobby = { games: [], spec: null };

// ---- search ----------------------------------------------------------------------------------------

/** Text as search compares it: no case, no accents, no spaces or punctuation ("10,000" is "10000",
 * "Oh Hell!" is "ohhell"), so that a person's spelling of part of a word still finds the game. */
function folded(text) {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Each game's searchable words, folded once: its title, summary, family, kind and teams. */
function haystack(spec) {
  return folded([spec.title, spec.summary, spec.family, spec.kind, spec.teams].filter(Boolean).join(" "));
}

/** A game matches when every word typed is somewhere in its words (a part of a word will do). */
function matches(spec, query) {
  const words = query.split(/\s+/).map(folded).filter(Boolean);
  return words.every((w) => spec.haystack.includes(w));
}

/** A game whose title holds what was typed leads the list ("hearts": Hearts before the games that
 * only mention hearts; "10000": the dice game before Samba's 10,000 points), its group first. The
 * page's order is changed, not only its look, so that reading and tabbing follow what is seen. */
function rank(query) {
  const titled = (item) => Boolean(query) && !item.hidden
    && matches({ haystack: folded(item.querySelector(".game-title").textContent) }, query);
  const byPlace = (a, b) => Number(a.dataset.place) - Number(b.dataset.place);
  const groups = $$(".game-group");
  for (const group of groups) {
    const list = $(".game-list", group);
    const items = $$(".game-item", list).sort((a, b) => (titled(b) - titled(a)) || byPlace(a, b));
    list.append(...items);
    group.dataset.titled = items.some(titled) ? "1" : "";
  }
  groups.sort((a, b) => (Number(Boolean(b.dataset.titled)) - Number(Boolean(a.dataset.titled))) || byPlace(a, b));
  $("#games").append(...groups);
}

function searchGames() {
  const query = $("#search").value.trim();
  let shown = 0;
  for (const card of $$(".game-item")) {
    const spec = lobby.games.find((g) => g.id === card.dataset.game);
    const hit = !query || matches(spec, query);
    card.hidden = !hit;
    if (hit) shown += 1;
  }
  for (const group of $$(".game-group")) {
    const count = $$(".game-item:not([hidden])", group).length;
    group.hidden = count === 0;
    fill($(".group-count", group), ` ${count}`);
  }
  rank(query);
  // The recent tables make way for the results while the person searches.
  $("#recent").classList.toggle("searching", Boolean(query));
  const none = Boolean(query) && shown === 0;
  $("#no-match").hidden = !none;
  if (none) fill($("#no-match-text"), `No game matches “${query}”.`);
  fill($("#search-status"), !query ? "" : shown === 1 ? "1 game found." : `${shown} games found.`);
}

function clearSearch() {
  $("#search").value = "";
  searchGames();
  $("#search").focus();
}

/** Enter opens the first game found; Escape empties the box. */
function searchKeys(event) {
  if (event.key === "Escape" && $("#search").value) {
    event.preventDefault();
    clearSearch();
  } else if (event.key === "Enter") {
    event.preventDefault();
    const first = $(".game-item:not([hidden]) .game-card");
    if (first) openGame(first.dataset.game, { scroll: true });
  }
}

// ---- the game list -------------------------------------------------------------------------------

/** A compact card: the title, the players, one line of what the game is. */
function gameCard(spec) {
  return h("li", { class: "game-item", dataset: { game: spec.id, place: String(spec.place) } },
    h("button", { type: "button", class: "game-card", dataset: { game: spec.id }, "aria-expanded": "false",
                  onclick: () => toggleGame(spec.id) },
      h("span", { class: "game-title" }, spec.title),
      h("span", { class: "game-players" }, playersText(spec)),
      h("span", { class: "game-line" }, spec.summary)));
}

/** The games by kind, the groups in the server's order, the games by title within each. */
function groups() {
  const byKind = new Map();
  const ordered = [...lobby.games].sort((a, b) => (a.kind_order - b.kind_order) || a.title.localeCompare(b.title));
  ordered.forEach((spec, i) => { spec.place = i; });  // the order the list goes back to after a search
  for (const spec of ordered) {
    if (!byKind.has(spec.kind)) byKind.set(spec.kind, []);
    byKind.get(spec.kind).push(spec);
  }
  return [...byKind.entries()];
}

function renderGames() {
  fill($("#games"), groups().map(([kind, specs], i) => h("section", { class: "game-group",
      "aria-labelledby": `group-${i}`, dataset: { place: String(i) } },
    h("h2", { id: `group-${i}`, class: "group-heading" }, kind, h("span", { class: "group-count" }, ` ${specs.length}`)),
    h("ul", { class: "game-list" }, specs.map(gameCard)))));
}

// ---- one game open ----------------------------------------------------------------------------------

function closeGame() {
  const open = $(".game-item.open");
  if (open) {
    open.classList.remove("open");
    $(".game-card", open).setAttribute("aria-expanded", "false");
    $(".game-panel", open).remove();
  }
  lobby.spec = null;
}

function toggleGame(id) {
  if (lobby.spec && lobby.spec.id === id) {
    closeGame();
    history.replaceState(null, "", location.pathname + location.search);
  } else {
    openGame(id, { scroll: true });
  }
}

/** What the open card shows above the form: the whole summary, and the teams where there are any. */
function gameAbout(spec) {
  return h("div", { class: "game-about" },
    h("p", { class: "game-summary" }, spec.summary),
    spec.teams ? h("p", { class: "hint" }, `Teams: ${spec.teams}.`) : null);
}

/** Open a game's setup in its own card: the book's rules and you and bots, ready to Start. */
function openGame(id, { scroll }) {
  const spec = lobby.games.find((g) => g.id === id);
  if (!spec) return;
  closeGame();
  lobby.spec = spec;
  const item = $(`.game-item[data-game="${CSS.escape(id)}"]`);
  item.hidden = false;
  item.closest(".game-group").hidden = false;
  item.classList.add("open");
  $(".game-card", item).setAttribute("aria-expanded", "true");
  const form = h("form", { id: "setup", class: "setup", novalidate: true, "aria-label": `${spec.title}: the table`,
                           onsubmit: createTable });
  item.append(h("div", { class: "game-panel", id: "game-panel" }, gameAbout(spec), form,
    h("section", { id: "created", class: "created", "aria-live": "polite", hidden: true })));
  $(".game-card", item).setAttribute("aria-controls", "game-panel");
  renderSetup(spec, form);
  if (location.hash !== `#${id}`) history.replaceState(null, "", `#${id}`);
  // The card and its Start button come into view at once, wherever the game sits in the list.
  if (scroll) item.scrollIntoView({ block: "start", behavior: "instant" });
}

async function createTable(event) {
  event.preventDefault();
  const spec = lobby.spec;
  if (!spec) return;
  const error = $("#create-error");
  error.hidden = true;
  const button = $("#create");
  button.disabled = true;
  button.textContent = "Starting…";
  try {
    const table = await api("/api/tables", { method: "POST", body: requestBody(spec) });
    const people = table.seats.filter((s) => s.kind === "human" && s.link);
    if (people.length === 1) {
      // You and bots: nobody to invite, so the lobby takes you straight to your seat.
      remember(spec, table, people[0].seat);
      location.assign(local(people[0].link));
    } else {
      remember(spec, table, undefined);
      showCreated($("#created"), spec, table);
    }
  } catch (e) {
    // The form keeps everything the person chose; the server's own sentence says what to fix.
    error.textContent = e.message;
    error.hidden = false;
  } finally {
    // ready again, also for a person who comes back from the table with the browser's Back button
    button.disabled = false;
    button.textContent = "Start";
  }
}

// ---- played lately --------------------------------------------------------------------------------

/** "today 14:05", "yesterday 20:30", or the date: when a table was started. */
function whenText(at) {
  const then = new Date(at);
  const time = then.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const days = Math.round((new Date().setHours(0, 0, 0, 0) - new Date(at).setHours(0, 0, 0, 0)) / 86_400_000);
  if (days === 0) return `today ${time}`;
  if (days === 1) return `yesterday ${time}`;
  return then.toLocaleDateString([], { day: "numeric", month: "short" });
}

/** One remembered table: back to your seat, or each seat's link when you started it for others. */
function recentTable(t) {
  const links = t.links || [];
  const mine = t.seat_link || (links.find((l) => l.seat === t.mine) || {}).link;
  const title = t.title || "A table";
  const go = mine
    ? h("a", { class: "button", href: mine, "aria-label": `Back to your seat at ${title}, ${whenText(t.at)}` },
      "Back to your seat")
    : h("span", { class: "recent-seats" }, links.map((l, i) => [i ? ", " : "", h("a", { href: l.link }, l.name)]),
      links.length ? " · " : "", h("a", { href: t.spectator_link }, "watch"));
  return h("li", { class: "recent-table" },
    h("span", { class: "recent-what" }, h("strong", {}, title), " ", h("span", { class: "hint" }, whenText(t.at))),
    go);
}

/** A table remembered from an invite link knows only its link: the server names its game. */
async function nameRecentTables() {
  const unnamed = recentTables().filter((t) => !t.title && t.seat_link);
  if (!unnamed.length) return;
  const named = new Map();
  await Promise.all(unnamed.map(async (t) => {
    const token = new URL(t.seat_link, location.href).searchParams.get("token");
    try {
      const info = await api(`/api/tables/${encodeURIComponent(t.table_id)}`, { token });
      named.set(t.table_id, { game: info.game, title: info.title });
    } catch {
      // A table the server no longer has: it stays "A table", its link says why when opened.
    }
  }));
  if (named.size) storeRecent(recentTables().map((t) => ({ ...t, ...(named.get(t.table_id) || {}) })));
}

/** The games of the remembered tables, newest first, each once (older entries know only a title). */
function recentGames(recent) {
  const seen = new Set();
  const out = [];
  for (const t of recent) {
    const spec = lobby.games.find((g) => g.id === t.game || (!t.game && g.title === t.title));
    if (!spec || seen.has(spec.id)) continue;
    seen.add(spec.id);
    out.push(spec);
  }
  return out.slice(0, RECENT_GAMES);
}

function renderRecent() {
  const recent = recentTables();
  $("#recent").hidden = recent.length === 0;
  // the newest few on show, so the games stay near the top of a phone; the rest one tap away
  const older = recent.slice(RECENT_SHOWN);
  fill($("#recent-list"), recent.slice(0, RECENT_SHOWN).map(recentTable),
    older.length ? h("li", {}, h("details", { class: "recent-more" },
      h("summary", {}, older.length === 1 ? "1 more table" : `${older.length} more tables`),
      h("ul", { class: "recent-tables" }, older.map(recentTable)))) : null);
  const games = recentGames(recent);
  $("#recent-games-line").hidden = games.length === 0;
  fill($("#recent-games"), games.map((spec) => h("li", {},
    h("button", { type: "button", class: "secondary chip-button", dataset: { game: spec.id },
                  "aria-label": `Set up ${spec.title} again`,
                  onclick: () => { clearSearchQuietly(); openGame(spec.id, { scroll: true }); } }, spec.title))));
}

function clearSearchQuietly() {
  if ($("#search").value) {
    $("#search").value = "";
    searchGames();
  }
}

// ---- start ------------------------------------------------------------------------------------------

function wire() {
  $("#search").addEventListener("input", searchGames);
  $("#search").addEventListener("keydown", searchKeys);
  $("#clear-search").addEventListener("click", clearSearch);
  $("#forget-recent").addEventListener("click", forgetAll);
  document.addEventListener(RECENT_CHANGED, renderRecent);
  // Back from a table the browser may show the page as it was left: list the tables again.
  window.addEventListener("pageshow", (event) => { if (event.persisted) renderRecent(); });
}

async function start() {
  wire();
  try {
    lobby.games = await api("/api/games");
  } catch (e) {
    const error = $("#load-error");
    error.textContent = `The games could not be loaded: ${e.message}`;
    error.hidden = false;
    fill($("#games"));
    return;
  }
  for (const spec of lobby.games) spec.haystack = haystack(spec);
  renderGames();
  renderRecent();
  nameRecentTables();
  searchGames();
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (lobby.games.some((g) => g.id === wanted)) openGame(wanted, { scroll: true });
  document.body.dataset.ready = "true";
}

start();
