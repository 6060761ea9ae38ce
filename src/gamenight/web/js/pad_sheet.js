// The pad's score sheet, as the book draws it (a row per hand: each column's points and running
// total, how the hand ended, the parts of the score), and the house-rule changes ("the Kali
// Effect"): who proposed what from which hand, who accepted, and where it applies on the sheet.

import { h } from "./dom.js";
import { printSheet } from "./pad_print.js";

function capitalised(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** The sheet; `onCorrect(n)` (the scorekeeper's) opens hand n for correction. */
export function drawSheet(root, view, { onCorrect } = {}) {
  const sheet = view.sheet;
  const applied = (view.amendments || []).filter((a) => a.status === "accepted");
  if (!sheet.rows.length) {
    root.replaceChildren(...[h("p", { class: "hint", text: `No ${view.deal_word} entered yet.` }), over(sheet)].filter(Boolean));
    return;
  }
  const head = h("tr", {}, h("th", { scope: "col", text: "" }),
    sheet.columns.map((c, i) => h("th", { scope: "col" }, c, namedIn(c, sheet.members[i]) ? null : h("small", { text: sheet.members[i] }))));
  const extras = sheet.extras || [];
  // the hand a row is the own row of (0: a row the game adds, as an ante or a match's bonuses)
  const handOf = (n) => (sheet.hand_rows ? sheet.hand_rows.indexOf(n) + 1 : n + 1);
  const rows = sheet.rows.map((row, n) => {
    const hand = handOf(n);
    const changes = hand ? applied.filter((a) => a.from_hand === hand) : [];
    const extra = extras[n] || {};
    return h("tr", hand ? { dataset: { hand: String(hand) } } : {},
      h("th", { scope: "row" }, row.label, extra.caption ? h("small", { class: "pad-caption", text: extra.caption }) : null,
        row.note ? h("small", { text: row.note }) : null,
        changes.map((a) => h("small", { class: "pad-amended", text: `House rule changed: ${a.words}` })),
        onCorrect && hand ? h("button", {
          type: "button", class: "secondary pad-correct pad-no-print", text: "Correct",
          "aria-label": `Correct ${row.label.toLowerCase()}`, onclick: () => onCorrect(hand),
        }) : null),
      row.points.map((p, i) => h("td", {},
        // a money sheet (Red Dog, Saskatchewan) gives its amounts as text: "+$2.00", not "+200"
        h("span", { class: "pad-points", text: row.points_text ? row.points_text[i] : signed(p) }),
        h("span", { class: "pad-total", text: ` = ${row.totals_text ? row.totals_text[i] : row.totals[i]}` }),
        parts(extra, row, i))));
  });
  const coming = !sheet.over && sheet.next_caption
    ? h("tr", { class: "pad-coming" }, h("th", { scope: "row" }, `${capitalised(view.deal_word)} ${view.next_hand}`,
      h("small", { class: "pad-caption", text: sheet.next_caption })),
    sheet.columns.map(() => h("td", {})))
    : null;
  const foot = h("tr", {}, h("th", { scope: "row", text: "Total" }),
    sheet.totals.map((t, i) => h("td", { class: "pad-sum", text: String(sheet.totals_text ? sheet.totals_text[i] : t) })));
  root.replaceChildren(...[
    h("div", { class: "pad-table-wrap" }, h("table", { class: "pad-table" },
      h("thead", {}, head), h("tbody", {}, rows, coming), h("tfoot", {}, foot))),
    printSheet(view), over(sheet)].filter(Boolean));
}

/** Whether a column's heading names its players already ("Ann–Cid" for Ann & Cid). */
function namedIn(column, members) {
  return !members || members.split(" & ").every((name) => column.includes(name));
}

/** A column's score as the book writes it: a line per part where the game gives them, else its details. */
function parts(extra, row, i) {
  if (extra.parts && extra.parts[i]) return extra.parts[i].map((line) => h("small", { class: "pad-part", text: line }));
  return row.details && row.details[i] ? h("small", { text: row.details[i] }) : null;
}

function over(sheet) {
  return sheet.over ? h("p", { class: "pad-over", role: "status", text: `Match over: ${sheet.over.text}` }) : null;
}

/** The proposals; the scorekeeper records a proposal, and the answer of a player who has no phone;
 *  a player's own link (`voter`, a name) answers for that player. */
export function drawAmendments(root, view, optionInfos, { canEdit, voter = null, onPropose, onVote }) {
  const items = (view.amendments || []).map((a, k) => h("li", { class: `pad-amendment pad-${a.status}` },
    h("span", { text: `${a.words} — proposed by ${a.proposed_by}${a.note ? ` (“${a.note}”)` : ""}. ` }),
    h("strong", { text: statusWords(a, view.players) }),
    whoVoted(a),
    a.status === "pending" ? votes(a, view.players, { canEdit, voter }, (player, yes) => onVote(k + 1, player, yes)) : null));
  root.replaceChildren(...[
    items.length ? h("ul", { class: "pad-amend-list" }, items)
      : h("p", { class: "hint", text: "None: the pad keeps the rules it started with." }),
    canEdit || voter ? proposeForm(view, optionInfos, onPropose, canEdit ? null : voter) : null].filter(Boolean));
}

function statusWords(a, players) {
  if (a.status === "accepted") return "Accepted by everyone.";
  if (a.status === "refused") return "Refused.";
  const waiting = players.filter((p) => !(p in a.votes));
  return `Waiting for ${waiting.join(", ")}.`;
}

/** Who has answered, and how: on their own phone, or recorded by the scorekeeper for them. */
function whoVoted(a) {
  const recorded = a.recorded || [];
  const said = Object.entries(a.votes).filter(([p]) => p !== a.proposed_by).map(([p, yes]) =>
    `${p} ${yes ? "accepts" : "refuses"}${recorded.includes(p) ? " (recorded by the scorekeeper)" : ""}`);
  return said.length ? h("small", { class: "pad-voted", text: `${said.join("; ")}.` }) : null;
}

/** The answers this phone may give: its own player's (a player's link), or, for the scorekeeper,
 *  each player's who has not answered yet (recorded by the scorekeeper). */
function votes(a, players, { canEdit, voter }, onVote) {
  const open = players.filter((p) => !(p in a.votes));
  const mine = voter && open.includes(voter) ? h("span", { class: "pad-vote pad-my-vote" },
    h("span", { text: `You, ${voter}: ` }),
    h("button", { type: "button", text: "I accept", onclick: () => onVote(voter, true) }),
    h("button", { type: "button", class: "secondary", text: "I refuse", onclick: () => onVote(voter, false) })) : null;
  const others = canEdit ? open.filter((p) => p !== voter) : [];
  if (!mine && !others.length) return null;
  return h("span", { class: "pad-votes" }, mine, others.map((p) => h("span", { class: "pad-vote" },
    h("span", { text: `${p}: ` }),
    h("button", { type: "button", class: "secondary", text: "Accepts", onclick: () => onVote(p, true) }),
    h("button", { type: "button", class: "secondary", text: "Refuses", onclick: () => onVote(p, false) }))),
  others.length ? h("small", { class: "hint", text: "For a player without a phone: the vote is recorded by the scorekeeper." }) : null);
}

/** A house rule, its new value, from which hand, and who proposes it: on a player's own phone
 *  (`own`, the player's name), that player. */
function proposeForm(view, optionInfos, onPropose, own = null) {
  const option = h("select", { "aria-label": "House rule" },
    optionInfos.map((o) => h("option", { value: o.name, text: o.label })));
  const valueSlot = h("span", { class: "pad-amend-value" });
  let read = () => null;
  const redraw = () => {
    const info = optionInfos.find((o) => o.name === option.value);
    const current = view.options[info.name];
    let input;
    if (info.type === "bool") {
      input = h("select", { "aria-label": "New value" }, h("option", { value: "true", text: "on" }), h("option", { value: "false", text: "off" }));
      input.value = String(!current);
      read = () => input.value === "true";
    } else if (info.choices) {
      input = h("select", { "aria-label": "New value" }, info.choices.map((c) => h("option", { value: c, text: (info.choice_labels || {})[c] || c })));
      input.value = current;
      read = () => input.value;
    } else {
      input = h("input", { type: "number", inputmode: "numeric", min: info.minimum, max: info.maximum, value: current, "aria-label": "New value" });
      read = () => Number.parseInt(input.value, 10);
    }
    valueSlot.replaceChildren(input);
  };
  option.addEventListener("change", redraw);
  redraw();
  const from = h("input", { type: "number", inputmode: "numeric", min: 1, max: view.next_hand, value: view.next_hand, "aria-label": `From ${view.deal_word}` });
  const by = h("select", { "aria-label": "Proposed by", disabled: Boolean(own) },
    (own ? [own] : view.players).map((p) => h("option", { value: p, text: p })));
  const note = h("input", { type: "text", maxlength: 200, placeholder: "Why (optional)", "aria-label": "Why" });
  const form = h("form", { class: "pad-propose" },
    h("h3", { text: "Propose a change" }),
    h("label", { class: "pad-row" }, "Rule ", option), h("label", { class: "pad-row" }, "New value ", valueSlot),
    h("label", { class: "pad-row" }, `From ${view.deal_word} `, from), h("label", { class: "pad-row" }, "Proposed by ", by),
    h("label", { class: "pad-row" }, "Why ", note),
    h("p", { class: "hint", text: "It applies once every player has accepted it." }),
    h("button", { type: "submit", class: "secondary", text: "Propose" }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    onPropose({ from_hand: Number.parseInt(from.value, 10), changes: { [option.value]: read() }, by: by.value, note: note.value });
  });
  return form;
}
