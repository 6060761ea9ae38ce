// A score pad's entry form, drawn from its description (the view's `form`): sections of fields, each
// a count (a stepper: − value +, big enough for a thumb) or a choice (a row of buttons), one value
// for the hand or one per column (team) or player. The page never knows the game.

import { h } from "./dom.js";

/** A deep copy of an entry (values and lists of values). */
export function copyEntry(entry) {
  return Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, Array.isArray(v) ? [...v] : v]));
}

/** Draw `form` into `root`, editing `entry` in place. */
export function drawForm(root, form, entry) {
  root.replaceChildren(...form.sections.map((section) => drawSection(section, form, entry)));
}

function drawSection(section, form, entry) {
  const spread = section.fields.filter((f) => f.scope !== "hand");
  const single = section.fields.filter((f) => f.scope === "hand");
  return h("fieldset", { class: "pad-section" },
    h("legend", { text: section.label }),
    section.help ? h("p", { class: "hint", text: section.help }) : null,
    spread.length ? drawGrid(spread, form, entry) : null,
    single.map((f) => drawSingle(f, entry)));
}

/** Fields with a value per column (or player): a row per field, a stepper per column. */
function drawGrid(fields, form, entry) {
  const names = fields[0].scope === "column" ? form.columns : form.players;
  // three columns and more do not fit side by side on a phone: there each value goes on a line of
  // its own with its column's name (pad.css, .pad-grid-many)
  const many = names.length > 4 ? " pad-grid-many pad-grid-wide" : names.length > 2 ? " pad-grid-many" : "";
  const grid = h("div", { class: `pad-grid${many}`, role: "group" });
  grid.style.setProperty("--pad-cols", String(names.length));
  grid.append(h("span", { class: "pad-grid-corner" }),
    ...names.map((n) => h("span", { class: "pad-col-name", text: n })));
  for (const f of fields) {
    grid.append(h("span", { class: "pad-field-label" }, f.label, f.help ? h("small", { text: f.help }) : null));
    names.forEach((name, i) => grid.append(h("span", { class: "pad-cell" },
      h("span", { class: "pad-cell-name", text: name, "aria-hidden": "true" }),
      f.kind === "count"
        ? stepper(f, name, () => entry[f.key][i], (v) => { entry[f.key][i] = v; })
        : choiceRow(f, name, () => entry[f.key][i], (v) => { entry[f.key][i] = v; }))));
  }
  return grid;
}

function drawSingle(f, entry) {
  const get = () => entry[f.key];
  const set = (v) => { entry[f.key] = v; };
  return h("div", { class: "pad-single" },
    h("span", { class: "pad-field-label", text: f.label }),
    f.kind === "count" ? stepper(f, "", get, set) : choiceRow(f, "", get, set));
}

/** − value +: a tap changes the count by one; the number can be typed too. */
function stepper(f, whose, get, set) {
  const what = whose ? `${f.label}, ${whose}` : f.label;
  const input = h("input", {
    type: "number", inputmode: "numeric", min: f.minimum, max: f.maximum, value: get(),
    "aria-label": what, class: "pad-count", dataset: { key: f.key, whose },
  });
  const down = h("button", { type: "button", class: "secondary pad-step", text: "−", "aria-label": `${what}: one fewer` });
  const up = h("button", { type: "button", class: "secondary pad-step", text: "+", "aria-label": `${what}: one more` });
  const show = () => {
    input.value = String(get());
    down.disabled = get() <= f.minimum;
    up.disabled = get() >= f.maximum;
  };
  down.addEventListener("click", () => { set(Math.max(f.minimum, get() - 1)); show(); });
  up.addEventListener("click", () => { set(Math.min(f.maximum, get() + 1)); show(); });
  // a typed number is sent as typed: the server says, in words, what is wrong with it
  input.addEventListener("input", () => {
    const n = Number.parseInt(input.value, 10);
    if (!Number.isNaN(n)) set(n);
  });
  input.addEventListener("blur", show);
  show();
  return h("span", { class: "pad-stepper" }, down, input, up);
}

/** One of a few choices: a button each, the chosen one pressed. */
function choiceRow(f, whose, get, set) {
  const row = h("span", { class: "pad-choices", role: "radiogroup", "aria-label": whose ? `${f.label}, ${whose}` : f.label });
  const buttons = f.choices.map((c) => {
    const b = h("button", { type: "button", class: "secondary pad-choice", role: "radio", text: c.label, dataset: { key: f.key } });
    b.addEventListener("click", () => { set(c.value); mark(); });
    return [b, c];
  });
  const mark = () => {
    for (const [b, c] of buttons) b.setAttribute("aria-checked", String(c.value === get()));
  };
  mark();
  row.append(...buttons.map(([b]) => b));
  return row;
}
