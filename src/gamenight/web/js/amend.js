// House-rule amendments at a played table ("the Kali Effect", issue 30).
//
// A banner in the tray while a proposal is open: "Ana proposes: Going out: 300 — from hand 2",
// with Accept and Refuse for a seated person who has not voted yet, and whom the table still waits
// for. In the More panel, "House rules": a small form of the options that may change mid-match
// (labels and choices in words, as the lobby's setup shows them, each at the value in force) to
// propose a change, and every proposal so far with what became of it.
//
// Nothing here knows a game: the options come from GET /api/tables/{id}/amendments, the proposals
// from the state frame's `amendments` ({may_propose, proposals: [{number, by, words, note, status,
// votes: [{seat, name, vote}], from}]}); a game with nothing to amend sends none and nothing shows.
//
// mountAmend({ tableId, token, api, showError }) returns { onFrame(frame), markSheet() } (after each
// drawing of the sheet).

import { $, fill, h } from "./dom.js";
import { newMoveId } from "./api.js";

const STATUS_WORDS = { pending: "being voted on", accepted: "accepted", refused: "refused",
  lapsed: "not decided before the game ended" };

function ensureStyles() {
  if (document.querySelector('link[href="/static/css/amend.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/css/amend.css" }));
}

/** One option's control, at the value in force: a choice list, on/off, or a whole number. */
function control(option) {
  const id = `amend-${option.name}`;
  let input;
  if (option.type === "bool") {
    input = h("select", { id, name: option.name },
      h("option", { value: "true", selected: option.value === true }, "On"),
      h("option", { value: "false", selected: option.value === false }, "Off"));
  } else if (option.choices) {
    const labels = option.choice_labels || {};
    input = h("select", { id, name: option.name }, option.choices.map((c) =>
      h("option", { value: c, selected: c === option.value }, labels[c] || c)));
  } else {
    input = h("input", { id, name: option.name, type: "number", inputmode: "numeric", step: "1",
      min: option.minimum ?? null, max: option.maximum ?? null, value: String(option.value) });
  }
  input.dataset.was = String(option.value);
  input.dataset.type = option.type;
  return h("div", { class: "amend-field" }, h("label", { for: id }, option.label), input,
    option.help ? h("p", { class: "hint" }, option.help) : null);
}

/** The values the person changed, as the API takes them. */
function changesOf(form) {
  const out = {};
  for (const input of form.querySelectorAll("[data-was]")) {
    if (input.value === input.dataset.was) continue;
    if (input.dataset.type === "bool") out[input.name] = input.value === "true";
    else if (input.dataset.type === "int") out[input.name] = Number(input.value);
    else out[input.name] = input.value;
  }
  return out;
}

function votesLine(p) {
  return p.votes.map((v) => `${v.name}: ${v.vote === true ? "yes" : v.vote === false ? "no" : "…"}`).join(" · ");
}

export function mountAmend({ tableId, token, api, showError }) {
  ensureStyles();
  const path = `/api/tables/${encodeURIComponent(tableId)}/amendments`;
  const state = { amendments: null, sending: false, seat: null };
  const banner = h("section", { id: "amend-banner", class: "amend-banner", role: "region",
    "aria-label": "Proposed house rule", "aria-live": "polite", hidden: true });
  $("#actions").prepend(banner);
  const list = h("ul", { class: "amend-list" });
  const form = h("form", { id: "amend-form", class: "amend-form", hidden: !token });
  const panel = h("details", { id: "amend-panel", class: "amend-panel", hidden: true },
    h("summary", {}, "House rules"), form, list);
  $("#more-panel").prepend(panel);
  panel.addEventListener("toggle", () => { if (panel.open && token) loadForm(); });
  banner.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-vote]");
    if (button) vote(Number(button.dataset.number), button.dataset.vote === "yes");
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    propose();
  });

  async function loadForm() {
    try {
      const described = await api(path);
      const note = h("div", { class: "amend-field" }, h("label", { for: "amend-note" }, "Why (optional)"),
        h("input", { id: "amend-note", name: "note", maxlength: "200", autocomplete: "off" }));
      fill(form, h("p", { class: "hint" }, "Change a house rule from the next deal on: everyone at the table "
        + "must accept it. Bots accept whatever the table agrees."),
      described.options.map(control), note,
      h("button", { type: "submit", id: "amend-propose" }, "Propose"));
      redraw();
    } catch (e) {
      showError(e.message);
    }
  }

  async function propose() {
    const changes = changesOf(form);
    if (!Object.keys(changes).length) {
      showError("Change at least one house rule before proposing.");
      return;
    }
    await send(path, { changes, note: ($("#amend-note") || { value: "" }).value });
    panel.open = false;
  }

  async function vote(number, yes) {
    await send(`${path}/${number}/votes`, { yes });
  }

  // One request id for a proposal or a vote however often it is sent: while the network fails it
  // is sent again, and the server answers a repeat with its first answer and changes nothing.
  async function send(url, body) {
    if (state.sending) return;
    state.sending = true;
    const once = { ...body, request_id: newMoveId() };
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          await api(url, { method: "POST", body: once, token });
          break;
        } catch (e) {
          if (e.status !== 0 || attempt >= 3) throw e;
          await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
        }
      }
    } catch (e) {
      showError(e.message);
    } finally {
      state.sending = false;
      redraw();
    }
  }

  function redraw() {
    const a = state.amendments;
    panel.hidden = !a;
    if (!a) {
      banner.hidden = true;
      return;
    }
    const open = a.proposals.find((p) => p.status === "pending");
    const button = $("#amend-propose");
    if (button) button.disabled = !a.may_propose || state.sending;
    fill(list, a.proposals.slice().reverse().map((p) => h("li", { class: `amend-item ${p.status}` },
      h("strong", {}, `${p.by}: ${p.words}`), ` — from ${p.from}, ${STATUS_WORDS[p.status] || p.status}.`,
      p.note ? h("div", { class: "hint" }, `“${p.note}”`) : null,
      h("div", { class: "hint" }, votesLine(p)))));
    banner.hidden = !open;
    if (!open) return;
    const mine = open.votes.find((v) => v.seat === state.seat);
    const waiting = open.votes.filter((v) => v.vote === undefined || v.vote === null).map((v) => v.name);
    fill(banner,
      h("p", { class: "amend-text" }, h("strong", {}, `${open.by} proposes: `), open.words,
        ` — from ${open.from}.`, open.note ? h("span", { class: "amend-note" }, ` “${open.note}”`) : null),
      mine && mine.vote == null
        ? h("div", { class: "amend-buttons" },
          h("button", { type: "button", dataset: { vote: "yes", number: String(open.number) },
            disabled: state.sending }, "Accept"),
          h("button", { type: "button", class: "secondary", dataset: { vote: "no", number: String(open.number) },
            disabled: state.sending }, "Refuse"))
        : h("p", { class: "hint" }, `Waiting for ${waiting.join(" and ")}.`));
  }

  /** Under the score sheet: the changes accepted for a deal not yet begun (once it begins, the
   * sheet's own mark stands before its row). */
  function markSheet() {
    const sheet = $("#sheet");
    const coming = state.amendments ? state.amendments.proposals.filter((p) => p.status === "accepted" && !p.applied) : [];
    let note = sheet.querySelector(".amend-coming");
    if (!coming.length) {
      if (note) note.remove();
      return;
    }
    if (!note) note = h("ul", { class: "amend-coming" });
    fill(note, coming.map((p) => h("li", {}, `From ${p.from}: ${p.words} (agreed by everyone).`)));
    sheet.append(note);
  }

  return {
    markSheet,
    onFrame(frame) {
      if (frame.type !== "state" || !frame.view) return;
      state.seat = Number.isInteger(frame.view.seat) ? frame.view.seat : null;
      state.amendments = frame.amendments || null;
      redraw();
      markSheet();
    },
  };
}
