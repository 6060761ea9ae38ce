// The setup of one game's table, shown where its card was tapped: the book's rules and "you and
// bots" are ready, so one tap on Start plays; seats, names, rules and table settings stay one tap
// away in folds. It knows no game by name: everything comes from the game's /api/games entry.

import { $, $$, fill, h } from "./dom.js";

/** The bots every game has, in the words a person reads (the value sent stays the server's). */
const BOT_WORDS = { heuristic: "A bot that plays to win", random: "A bot that plays at random",
  beginner: "Beginner bot (slips up)", casual: "Casual bot (sensible)", strong: "Strong bot (thinks ahead)",
  expert: "Expert bot (thinks longest)" };
/** The bot a new seat gets: the server's list names the levels weakest first; casual is the usual. */
const BOT_DEFAULT = "casual";

/** How long a bot waits before its move, as a person picks it: the value sent is in milliseconds. */
const BOT_SPEEDS = [["0", "Instant"], ["300", "Quick (0.3 s a move)"], ["700", "Normal (0.7 s a move)"],
  ["1500", "Slow (1.5 s a move)"]];
const BOT_SPEED_DEFAULT = "700";

/** The longest name the server accepts (server.people.MAX_NAME_CHARS). */
const MAX_NAME = 24;

/** The engine's seat names: compass points at a four-handed table, numbered players otherwise. */
export function seatNames(n) {
  return n === 4 ? ["North", "East", "South", "West"] : Array.from({ length: n }, (_, i) => `Player ${i + 1}`);
}

/** "3–8 players", "4 players", "2 or 4 players": what a card says of the table's size. */
export function playersText(spec) {
  const counts = [...spec.players].sort((a, b) => a - b);
  if (counts.length === 1) return `${counts[0]} players`;
  const run = counts.every((c, i) => i === 0 || c === counts[i - 1] + 1);
  if (run) return `${counts[0]}–${counts[counts.length - 1]} players`;
  return `${counts.slice(0, -1).join(", ")} or ${counts[counts.length - 1]} players`;
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

// ---- the rules: a preset and the options ------------------------------------------------------

/** The words for one value of a choice: its sentence from the schema, else the value itself. */
function choiceLabel(info, value) {
  return (info.choice_labels && info.choice_labels[value]) || value;
}

/** The help line, with a whole number's bounds ("From 1 to 100."). */
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

/** A preset's name as a person reads it: the engine's key ("two-hand", "min_bid_75") in words. */
function presetWords(name) {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function currentPreset(spec) {
  const select = $("#preset");
  const name = select ? select.value : "";
  return name ? spec.presets[name] : null;
}

/** The value each option has before the person changes it: the preset's, or the book's. */
function baseline(spec) {
  const preset = currentPreset(spec);
  const out = {};
  for (const info of spec.options) {
    out[info.name] = normalise(info, preset && info.name in preset.values ? preset.values[info.name] : info.default);
  }
  return out;
}

/** Mark each option (set by the preset, or changed by the person) and say so on the folded rules. */
function markOptions(spec) {
  const preset = currentPreset(spec);
  const base = baseline(spec);
  let changed = 0;
  for (const info of spec.options) {
    const field = $(`.field[data-option="${CSS.escape(info.name)}"]`);
    const differs = readOption(info) !== base[info.name];
    if (differs) changed += 1;
    field.classList.toggle("changed", differs);
    field.classList.toggle("from-preset", !differs && Boolean(preset && info.name in preset.values));
  }
  const name = $("#preset").value;
  const rules = name ? presetWords(name) : "the book's rules";
  fill($("#rules-state"), changed ? `${rules}, ${changed} changed` : rules);
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

function rulesFold(spec) {
  const presets = Object.entries(spec.presets || {});
  return h("details", { class: "fold rules-fold" },
    h("summary", {}, h("span", { class: "fold-title" }, "Change the rules"),
      h("span", { class: "fold-state", id: "rules-state" }, "the book's rules")),
    h("div", { class: "field" },
      h("label", { for: "preset", class: "field-label" }, "Rule set"),
      h("select", { id: "preset", name: "preset", "aria-describedby": "preset-description" },
        h("option", { value: "" }, "The book's rules"),
        presets.map(([name, p]) => h("option", { value: name },
          p.players ? `${presetWords(name)} (${p.players.join(" or ")} players)` : presetWords(name)))),
      h("div", { id: "preset-description", class: "preset-description" })),
    spec.options.length ? spec.options.map(optionField) : h("p", { class: "muted" }, "This game has no options."));
}

// ---- the seats ---------------------------------------------------------------------------------

/** Who sits at the table, in a few words: "You and 3 bots". */
function whoText() {
  const kinds = $$(".seat-row select").map((s) => s.value);
  const people = kinds.filter((k) => k === "human").length;
  const bots = kinds.length - people;
  const botWords = bots === 1 ? "1 bot" : `${bots} bots`;
  if (people === 0) return `${botWords}: you watch`;
  if (people === 1) return bots ? `You and ${botWords}` : "You alone";
  const others = people - 1 === 1 ? "1 more person" : `${people - 1} more people`;
  return bots ? `You, ${others} and ${botWords}` : `You and ${others}`;
}

/** The summary line and the Start hint follow the seats: one person goes straight to the table. */
function showWho() {
  fill($("#who"), whoText());
  const people = $$(".seat-row select").filter((s) => s.value === "human").length;
  fill($("#start-hint"), people === 1 ? "You go straight to your seat."
    : people === 0 ? "You get a link to watch." : "Each person gets a private link to send.");
}

function renderSeats(spec) {
  const n = Number($("#players").value);
  const previous = $$(".seat-row select").map((s) => s.value);
  const typed = $$(".seat-row input.seat-name").map((i) => i.value);
  const names = seatNames(n);
  const kinds = spec.bots && spec.bots.length ? spec.bots : Object.keys(BOT_WORDS);
  fill($("#seat-rows"), names.map((name, i) => h("div", { class: "seat-row" },
    h("label", { for: `seat-${i}` }, name),
    h("select", { id: `seat-${i}`, name: `seat-${i}`, dataset: { seat: String(i) } },
      h("option", { value: "human" }, "A person (gets a link)"),
      kinds.map((k) => h("option", { value: `bot:${k}` }, BOT_WORDS[k] || `${k} (own bot)`))),
    h("input", { type: "text", class: "seat-name", id: `seat-name-${i}`, name: `seat-name-${i}`,
                 maxlength: MAX_NAME, placeholder: `Name (${name})`, autocomplete: "off", value: typed[i] || "",
                 "aria-label": `Name for ${name} (leave empty to keep ${name})` }))));
  $$(".seat-row select").forEach((select, i) => {
    const usual = kinds.includes(BOT_DEFAULT) ? BOT_DEFAULT : kinds[0];
    select.value = previous[i] || (i === 0 ? "human" : `bot:${usual}`);
    select.addEventListener("change", showWho);
  });
  showWho();
}

function seatsFold() {
  return h("details", { class: "fold seats-fold" },
    h("summary", {}, h("span", { class: "fold-title" }, "Seats"), h("span", { class: "fold-state", id: "who" })),
    h("p", { class: "hint" }, "Make a seat a person to invite someone: each person gets a private link."),
    h("div", { id: "seat-rows", class: "seat-rows", role: "group", "aria-label": "Seats" }));
}

// ---- the table's settings ------------------------------------------------------------------------

function secondsField(id, name, label, value, max, step, help) {
  return h("div", { class: "field" },
    h("label", { for: id, class: "field-label" }, label),
    h("input", { type: "number", id, name, min: 0, max, step, value, inputmode: "decimal",
                 "aria-describedby": `${id}-help` }),
    h("div", { class: "help", id: `${id}-help` }, help));
}

function settingsFold() {
  return h("details", { class: "fold advanced" },
    h("summary", {}, h("span", { class: "fold-title" }, "Table settings"),
      h("span", { class: "fold-state" }, "pauses, claims and hints")),
    secondsField("trick-pause", "trick_pause_s", "Pause after each trick (seconds)", "1.5", 10, 0.1,
      "How long a finished trick stays on the table, its winner shown, before play goes on. 0 for fast play."),
    secondsField("claim-window", "claim_window_s", "Time to claim a discard out of turn (seconds)", "4", 30, 0.5,
      "In games where players may claim a discard out of turn, how long they have to claim it or let it go. "
      + "0 to wait for every one of them."),
    hintsField());
}

/** The table's hints switch: on, a player may ask on their turn what the strong bot would play. */
function hintsField() {
  return h("div", { class: "field" },
    h("div", { class: "field-check" },
      h("input", { type: "checkbox", id: "allow-hints", name: "hints", checked: true,
                   "aria-describedby": "allow-hints-help" }),
      h("label", { for: "allow-hints", class: "field-label" }, "Allow hints")),
    h("div", { class: "help", id: "allow-hints-help" },
      "On their turn a player may ask what the strong bot would play, and why. Off for a game played without help."));
}

function tableRow(spec) {
  return h("div", { class: "setup-row" },
    h("div", { class: "field" },
      h("label", { for: "players", class: "field-label" }, "Players"),
      h("select", { id: "players", name: "players" },
        [...spec.players].sort((a, b) => a - b).map((n) => h("option", { value: String(n) }, String(n))))),
    h("div", { class: "field" },
      h("label", { for: "bot-delay", class: "field-label" }, "Bot speed"),
      h("select", { id: "bot-delay", name: "bot_delay_ms" },
        BOT_SPEEDS.map(([value, words]) => h("option", { value }, words)))));
}

/** Fill `form` with the setup of `spec`, every value the book's, seat 0 a person and the rest bots. */
export function renderSetup(spec, form) {
  fill(form,
    tableRow(spec),
    seatsFold(),
    rulesFold(spec),
    settingsFold(),
    h("div", { class: "form-actions" },
      h("button", { type: "submit", id: "create" }, "Start"),
      h("span", { class: "hint", id: "start-hint" })),
    h("p", { id: "create-error", class: "error", role: "alert", hidden: true }));
  $("#players").value = String(spec.default_players);
  $("#bot-delay").value = BOT_SPEED_DEFAULT;
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

/** Seconds typed in a box, as the whole milliseconds the server takes (empty: the server's default). */
function millisecondsOf(id) {
  const text = $(id).value.trim();
  return text === "" ? null : Math.round(Number(text) * 1000);
}

/** The POST /api/tables body: only the options that differ from the preset (or the book's). */
export function requestBody(spec) {
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
  const body = { game: spec.id, players: Number($("#players").value), seats,
                 bot_delay_ms: Number($("#bot-delay").value) };
  if (preset) body.preset = preset;
  if (Object.keys(options).length) body.options = options;
  const pause = millisecondsOf("#trick-pause");
  if (pause !== null) body.trick_pause_ms = pause;
  const claim = millisecondsOf("#claim-window");
  if (claim !== null) body.claim_window_ms = claim;
  if (!$("#allow-hints").checked) body.hints = false; // on is the server's default
  return body;
}
