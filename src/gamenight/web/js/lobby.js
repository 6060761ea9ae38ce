// The lobby: every registered game, its rules as a form, seats for people and bots, and
// the private links of a new table. It knows no game by name: everything comes from /api/games.

import { $, $$, fill, h } from "./dom.js";
import { api } from "./api.js";

const BOT_KINDS = ["heuristic", "random"];
const RECENT_KEY = "gamenight.recentTables";

const lobby = { games: [], spec: null };

// ---- helpers -------------------------------------------------------------------------------

/** The engine's seat names: compass points at a four-handed table, numbered players otherwise. */
function seatNames(n) {
  return n === 4 ? ["North", "East", "South", "West"] : Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
}

function playersText(spec) {
  const counts = [...spec.players].sort((a, b) => a - b);
  if (counts.length === 1) return `${counts[0]} players`;
  const run = counts.every((c, i) => i === 0 || c === counts[i - 1] + 1);
  const list = run ? `${counts[0]}–${counts[counts.length - 1]}` : counts.join(", ");
  return `${list} players (usually ${spec.default_players})`;
}

/** Option values as the form holds them: presets may write booleans as "on"/"off". */
function normalise(info, value) {
  if (info.type === "bool") {
    if (typeof value === "string") return ["1", "true", "yes", "on"].includes(value.toLowerCase());
    return Boolean(value);
  }
  if (info.type === "int") return typeof value === "number" ? value : Number.parseInt(value, 10);
  return String(value);
}

function absolute(link) {
  return new URL(link, location.href).href;
}

/** The same page on this server: the lobby's own "take seat" stays on the address it was opened at
 * (shared links may name another: the public URL, or this machine's LAN address). */
function local(link) {
  const url = new URL(link, location.href);
  return url.pathname + url.search;
}

/** The longest name the server accepts (server.people.MAX_NAME_CHARS). */
const MAX_NAME = 24;

// ---- the game list ---------------------------------------------------------------------------

function renderGames() {
  const list = h("ul", { class: "game-list" }, lobby.games.map((spec) => {
    const presets = Object.entries(spec.presets || {});
    return h("li", {},
      h("label", { class: "game-card", dataset: { game: spec.id } },
        h("input", { type: "radio", name: "game", value: spec.id, onchange: () => {
          chooseGame(spec.id);
          // On a narrow screen the form is below the list: bring it into view.
          if (window.matchMedia("(max-width: 899px)").matches) $("#setup").scrollIntoView({ behavior: "smooth" });
        } }),
        h("h3", {}, spec.title),
        h("div", { class: "game-meta" }, [spec.family, playersText(spec), spec.teams].filter(Boolean).join(" · ")),
        h("p", { class: "game-summary" }, spec.summary),
        presets.length ? h("div", {}, h("span", { class: "visually-hidden" }, "Presets:"),
          h("ul", { class: "game-presets" }, presets.map(([name, p]) => h("li", {},
            h("strong", {}, name), p.players ? ` (${p.players.join(", ")} players)` : "", `: ${p.description}`))))
          : h("div", { class: "game-meta" }, "No presets: the book's rules, with options.")));
  }));
  fill($("#games"), list);
}

function chooseGame(id) {
  const spec = lobby.games.find((g) => g.id === id);
  if (!spec) return;
  lobby.spec = spec;
  const radio = $(`input[name="game"][value="${CSS.escape(id)}"]`);
  if (radio && !radio.checked) radio.checked = true;
  if (location.hash !== `#${id}`) history.replaceState(null, "", `#${id}`);
  renderSetup(spec);
}

// ---- the setup form --------------------------------------------------------------------------

/** The words for one value of a choice: its sentence from the schema, else the value itself. */
function choiceLabel(info, value) {
  return (info.choice_labels && info.choice_labels[value]) || value;
}

/** The help line, with a whole number's bounds ("from 1 to 100"). */
function helpText(info) {
  const bounds = info.type === "int" && info.minimum !== null && info.maximum !== null
    ? `From ${info.minimum} to ${info.maximum}.` : "";
  return [info.help, bounds].filter(Boolean).join(" ");
}

function optionField(info) {
  const id = `opt-${info.name}`;
  const text = helpText(info);
  const help = text ? h("div", { class: "help", id: `${id}-help` }, text) : null;
  const described = text ? `${id}-help` : null;
  let input;
  if (info.type === "bool") {
    input = h("input", { type: "checkbox", id, name: info.name, "aria-describedby": described });
    return h("div", { class: "field", dataset: { option: info.name } },
      h("div", { class: "field-check" }, input, h("label", { for: id, class: "field-label" }, info.label)), help);
  }
  if (info.choices && info.choices.length) {
    // each value as its sentence; the value itself is what is sent
    input = h("select", { id, name: info.name, "aria-describedby": described },
      info.choices.map((c) => h("option", { value: c }, choiceLabel(info, c))));
  } else if (info.type === "int") {
    input = h("input", { type: "number", id, name: info.name, step: 1, inputmode: "numeric",
                         min: info.minimum ?? null, max: info.maximum ?? null, "aria-describedby": described });
  } else {
    input = h("input", { type: "text", id, name: info.name, "aria-describedby": described });
  }
  return h("div", { class: "field", dataset: { option: info.name } },
    h("label", { for: id, class: "field-label" }, info.label), input, help);
}

function readOption(info) {
  const el = $(`#opt-${CSS.escape(info.name)}`);
  if (info.type === "bool") return el.checked;
  if (info.type === "int") return el.value.trim() === "" ? el.value : Number(el.value);
  return el.value;
}

function writeOption(info, value) {
  const el = $(`#opt-${CSS.escape(info.name)}`);
  const v = normalise(info, value);
  if (info.type === "bool") el.checked = v;
  else el.value = String(v);
}

/** The value each option has before the person changes it: the preset's, or the default. */
function baseline(spec) {
  const preset = currentPreset(spec);
  const out = {};
  for (const info of spec.options) {
    out[info.name] = normalise(info, preset && info.name in preset.values ? preset.values[info.name] : info.default);
  }
  return out;
}

function currentPreset(spec) {
  const select = $("#preset");
  const name = select ? select.value : "";
  return name ? spec.presets[name] : null;
}

/** Mark each option: set by the preset, or changed by the person. */
function markOptions(spec) {
  const preset = currentPreset(spec);
  const base = baseline(spec);
  for (const info of spec.options) {
    const field = $(`.field[data-option="${CSS.escape(info.name)}"]`);
    const changed = readOption(info) !== base[info.name];
    field.classList.toggle("changed", changed);
    field.classList.toggle("from-preset", !changed && Boolean(preset && info.name in preset.values));
  }
}

function applyPreset(spec) {
  const preset = currentPreset(spec);
  for (const info of spec.options) {
    writeOption(info, preset && info.name in preset.values ? preset.values[info.name] : info.default);
  }
  fill($("#preset-description"), preset ? preset.description : "The rules as the family's book has them.");
  if (preset && preset.players && !preset.players.includes(Number($("#players").value))) {
    $("#players").value = String(preset.players[0]);
    renderSeats(spec);
  }
  markOptions(spec);
}

function renderSeats(spec) {
  const n = Number($("#players").value);
  const previous = $$(".seat-row select").map((s) => s.value);
  const typed = $$(".seat-row input.seat-name").map((i) => i.value);
  const names = seatNames(n);
  const kinds = spec.bots && spec.bots.length ? spec.bots : BOT_KINDS;
  fill($("#seat-rows"), names.map((name, i) => h("div", { class: "seat-row" },
    h("label", { for: `seat-${i}` }, `Seat ${i + 1}: ${name}`),
    h("select", { id: `seat-${i}`, name: `seat-${i}`, dataset: { seat: String(i) } },
      h("option", { value: "human" }, "A person (gets a link)"),
      kinds.map((k) => h("option", { value: `bot:${k}` }, `Bot: ${k}`))),
    h("input", { type: "text", class: "seat-name", id: `seat-name-${i}`, name: `seat-name-${i}`,
                 maxlength: MAX_NAME, placeholder: name, autocomplete: "off", value: typed[i] || "",
                 "aria-label": `Seat ${i + 1}: name (leave empty for ${name})` }))));
  $$(".seat-row select").forEach((select, i) => {
    select.value = previous[i] || (i === 0 ? "human" : `bot:${kinds[0]}`);
  });
}

function renderSetup(spec) {
  const presets = Object.entries(spec.presets || {});
  const form = $("#setup");
  fill(form,
    h("fieldset", {},
      h("legend", {}, `${spec.title}: players`),
      h("div", { class: "field" },
        h("label", { for: "players", class: "field-label" }, "Number of players"),
        h("select", { id: "players", name: "players" },
          [...spec.players].sort((a, b) => a - b).map((n) => h("option", { value: String(n) }, String(n))))),
      h("div", { id: "seat-rows", class: "seat-rows", role: "group", "aria-label": "Seats" }),
      h("div", { class: "field field-delay" },
        h("label", { for: "bot-delay", class: "field-label" }, "Bot pause (milliseconds)"),
        h("input", { type: "number", id: "bot-delay", name: "bot_delay_ms", min: 0, max: 10000, step: 50,
                     value: "700", inputmode: "numeric", "aria-describedby": "bot-delay-help" }),
        h("div", { class: "help", id: "bot-delay-help" }, "How long each bot waits before its move, so people can follow.")),
      h("details", { class: "advanced" },
        h("summary", {}, "More table settings"),
        h("div", { class: "field" },
          h("label", { for: "trick-pause", class: "field-label" }, "Pause after each trick (milliseconds)"),
          h("input", { type: "number", id: "trick-pause", name: "trick_pause_ms", min: 0, max: 10000, step: 100,
                       value: "1500", inputmode: "numeric", "aria-describedby": "trick-pause-help" }),
          h("div", { class: "help", id: "trick-pause-help" },
            "How long a finished trick stays on the table, its winner shown, before play goes on. 0 for fast play.")),
        h("div", { class: "field" },
          h("label", { for: "claim-window", class: "field-label" }, "Time to claim a discard out of turn (seconds)"),
          h("input", { type: "number", id: "claim-window", name: "claim_window_s", min: 0, max: 30, step: 0.5,
                       value: "4", inputmode: "decimal", "aria-describedby": "claim-window-help" }),
          h("div", { class: "help", id: "claim-window-help" },
            "In games where players may claim a discard out of turn, how long they have to claim it or let it go. "
            + "0 to wait for every one of them.")))),
    h("fieldset", {},
      h("legend", {}, `${spec.title}: rules`),
      h("div", { class: "field" },
        h("label", { for: "preset", class: "field-label" }, "Preset"),
        h("select", { id: "preset", name: "preset", "aria-describedby": "preset-description" },
          h("option", { value: "" }, "The book's rules (no preset)"),
          presets.map(([name]) => h("option", { value: name }, name))),
        h("div", { id: "preset-description", class: "preset-description" })),
      spec.options.length ? spec.options.map(optionField) : h("p", { class: "muted" }, "This game has no options.")),
    h("div", { class: "form-actions" },
      h("button", { type: "submit", id: "create" }, "Create table"),
      h("span", { class: "hint" }, "Each person gets a private link.")),
    h("p", { id: "create-error", class: "error", role: "alert", hidden: true }));
  $("#players").value = String(spec.default_players);
  renderSeats(spec);
  applyPreset(spec);
  $("#preset").addEventListener("change", () => applyPreset(spec));
  $("#players").addEventListener("change", () => renderSeats(spec));
  for (const info of spec.options) {
    const el = $(`#opt-${CSS.escape(info.name)}`);
    el.addEventListener("input", () => markOptions(spec));
    el.addEventListener("change", () => markOptions(spec));
  }
}

/** The POST /api/tables body: only the options that differ from the preset (or the defaults). */
function requestBody(spec) {
  const preset = $("#preset").value || null;
  const base = baseline(spec);
  const options = {};
  for (const info of spec.options) {
    const value = readOption(info);
    if (value !== base[info.name]) options[info.name] = value;
  }
  const seats = $$(".seat-row select").map((select, i) => {
    const seat = select.value === "human" ? { kind: "human" } : { kind: "bot", bot: select.value.slice(4) };
    const name = $(`#seat-name-${i}`).value.trim();
    if (name) seat.name = name;
    return seat;
  });
  const body = { game: spec.id, players: Number($("#players").value), seats };
  if (preset) body.preset = preset;
  if (Object.keys(options).length) body.options = options;
  const delay = $("#bot-delay").value.trim();
  if (delay !== "") body.bot_delay_ms = Number(delay);
  const pause = $("#trick-pause").value.trim();
  if (pause !== "") body.trick_pause_ms = Number(pause);
  const claim = $("#claim-window").value.trim();
  if (claim !== "") body.claim_window_ms = Math.round(Number(claim) * 1000);
  return body;
}

async function createTable(event) {
  event.preventDefault();
  const spec = lobby.spec;
  if (!spec) return;
  const error = $("#create-error");
  error.hidden = true;
  const button = $("#create");
  button.disabled = true;
  button.textContent = "Creating…";
  try {
    const table = await api("/api/tables", { method: "POST", body: requestBody(spec) });
    showCreated(spec, table);
    remember(spec, table);
  } catch (e) {
    // The form keeps everything the person chose; the server's own sentence says what to fix.
    error.textContent = e.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
    button.textContent = "Create table";
  }
}

// ---- the new table's links --------------------------------------------------------------------

async function copyText(text, input) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  input.focus();
  input.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

function linkLine(label, link, action, qr) {
  const url = absolute(link);
  const input = h("input", { type: "text", readonly: true, value: url, "aria-label": `${label}: link` });
  const status = h("span", { class: "copy-status", role: "status" });
  const copy = h("button", { type: "button", class: "secondary", "aria-label": `Copy the link for ${label}`,
    onclick: async () => {
      const ok = await copyText(url, input);
      status.textContent = ok ? "Copied." : "Select the link and copy it (Ctrl+C / ⌘C).";
      if (!ok) { input.focus(); input.select(); }
    } }, "Copy");
  input.addEventListener("focus", () => input.select());
  // The QR code is the server's drawing of exactly this link, so a phone's camera opens the seat.
  const code = qr ? h("img", { class: "qr", src: qr, width: 132, height: 132, alt: `QR code of the link for ${label}`,
                               dataset: { link: url } }) : null;
  return h("li", { class: qr ? "link-row with-qr" : "link-row" },
    h("span", { class: "link-name" }, label),
    h("div", { class: "link-line" }, input, copy, action), status, code);
}

/** The host gives a seat a new link (the old one stops working): the row shows the new one. */
async function reissueLink(table, seat, row) {
  const status = row.querySelector(".copy-status");
  try {
    const fresh = await api(`/api/tables/${encodeURIComponent(table.table_id)}/seats/${seat}/link`,
      { method: "POST", token: table.host_token });
    const url = absolute(fresh.link);
    row.querySelector("input").value = url;
    const take = row.querySelector("a.button");
    if (take) take.href = local(fresh.link);
    const code = row.querySelector("img.qr");
    if (code && fresh.qr) { code.src = fresh.qr; code.dataset.link = url; }
    const entry = table.seats.find((s) => s.seat === seat);
    if (entry) entry.link = fresh.link;
    forget(table.table_id, seat, fresh.link);
    status.textContent = "New link made: the old one no longer opens this seat.";
  } catch (e) {
    status.textContent = e.message;
  }
}

function showCreated(spec, table) {
  const humans = table.seats.filter((s) => s.kind === "human" && s.link);
  const bots = table.seats.filter((s) => s.kind !== "human");
  const box = $("#created");
  box.hidden = false;
  fill(box,
    h("h3", {}, `${spec.title}: table ${table.table_id} is ready`),
    h("p", {}, humans.length
      ? "Send each person their own link, or let them scan its QR code with their phone's camera: it is "
        + "their seat, so keep it private. Take your own seat below."
      : "Only bots play at this table: watch it with the spectator link."),
    h("ul", { class: "link-rows" },
      humans.map((s) => {
        const row = linkLine(`Seat ${s.seat + 1}: ${s.name}`, s.link,
          h("a", { class: "button", href: local(s.link), dataset: { seat: String(s.seat) } }, `Take seat ${s.seat + 1}`),
          s.qr);
        if (table.host_token) {
          row.querySelector(".link-line").append(h("button", { type: "button", class: "secondary",
            "aria-label": `Make a new link for seat ${s.seat + 1} (the old one stops working)`,
            onclick: () => reissueLink(table, s.seat, row) }, "New link"));
        }
        return row;
      }),
      linkLine("Spectators", table.spectator_link,
        h("a", { class: "button secondary", href: local(table.spectator_link) }, "Watch"), table.spectator_qr)),
    bots.length ? h("p", { class: "hint" }, `Bots: ${bots.map((s) => s.name).join(", ")}.`) : null,
    table.seed_commitment ? h("p", { class: "hint" }, "Shuffle commitment (SHA-256 of the seed): ",
      h("code", { class: "hash" }, table.seed_commitment)) : null);
  box.scrollIntoView({ block: "nearest", behavior: "smooth" });
  const first = box.querySelector("a.button");
  if (first) first.focus({ preventScroll: true });
}

function remember(spec, table) {
  try {
    const recent = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    recent.unshift({ title: spec.title, table_id: table.table_id, at: Date.now(),
      links: table.seats.filter((s) => s.link).map((s) => ({ name: s.name, seat: s.seat, link: s.link })),
      spectator_link: table.spectator_link });
    localStorage.setItem(RECENT_KEY, JSON.stringify(recent.slice(0, 8)));
  } catch {
    // Private browsing may refuse storage: the links are on the page anyway.
  }
  renderRecent();
}

/** A re-issued link replaces the old one in the recent tables. */
function forget(tableId, seat, link) {
  try {
    const recent = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    for (const t of recent) {
      if (t.table_id !== tableId) continue;
      for (const l of t.links) if (l.seat === seat) l.link = link;
    }
    localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
  } catch {
    // Private browsing may refuse storage.
  }
  renderRecent();
}

function renderRecent() {
  let recent = [];
  try {
    recent = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
  } catch {
    recent = [];
  }
  $("#recent").hidden = recent.length === 0;
  fill($("#recent-list"), recent.map((t) => h("li", {},
    h("strong", {}, t.title), ` (${new Date(t.at).toLocaleString()}): `,
    t.links.map((l, i) => [i ? ", " : "", h("a", { href: l.link }, l.name)]),
    t.links.length ? " · " : "", h("a", { href: t.spectator_link }, "watch"))));
}

// ---- start --------------------------------------------------------------------------------

async function start() {
  $("#setup").addEventListener("submit", createTable);
  renderRecent();
  try {
    lobby.games = await api("/api/games");
  } catch (e) {
    const error = $("#load-error");
    error.textContent = `The games could not be loaded: ${e.message}`;
    error.hidden = false;
    fill($("#games"));
    return;
  }
  renderGames();
  const wanted = decodeURIComponent(location.hash.slice(1));
  const first = lobby.games.find((g) => g.id === wanted) || lobby.games[0];
  if (first) chooseGame(first.id);
}

start();
