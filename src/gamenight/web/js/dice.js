// Dice drawn as SVG: a die is its face as the engine writes it ("5"). Faces one to six are
// drawn as pips; any other face (a d10, a d20) as its number. The text is always there.

import { fill, h, s } from "./dom.js";
import { PIPS } from "./tiles.js";

export function dieImage(face) {
  const n = Number(face);
  const label = `die showing ${face}`;
  const body = Number.isInteger(n) && n >= 1 && n <= 6
    ? PIPS[n].map((i) => s("circle", { cx: 10 + (i % 3) * 10, cy: 10 + Math.floor(i / 3) * 10, r: 3 }))
    : [s("text", { x: 20, y: 26, "text-anchor": "middle", "font-size": 16 }, String(face))];
  const svg = s("svg", { viewBox: "0 0 40 40", class: "die-svg", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 38, height: 38, rx: 7, fill: "#fff", stroke: "#333" }),
    s("g", { fill: "#222" }, body));
  return h("span", { class: "piece die", role: "img", "aria-label": label, title: String(face),
                     dataset: { piece: String(face) } }, svg);
}

// ---- dice on the table (a field of kind "dice") ------------------------------------------------
// {seat, rolled: [faces just rolled], held: [faces set aside], free, hot, verb, moves: [the
// viewing seat's legal "keep …" moves], at}. The rolled dice are buttons for the seat to act:
// select them (a tap, or Enter/Space on a focused die), then press the button that names the
// move ("Keep 1 5"), enabled only when the selection is a legal move; the page sends it with a
// "gamenight:move" event. Held dice are drawn apart. The selection survives redraws of the same
// position (the page draws again on every frame).

let chosen = { key: "", picked: [] };

function send(el, move) {
  el.dispatchEvent(new CustomEvent("gamenight:move", { bubbles: true, detail: move }));
}

function paintDice(box, value, names) {
  const rolled = value.rolled || [];
  const held = value.held || [];
  const moves = value.moves || [];
  const mine = moves.length > 0;
  const picked = new Set(chosen.picked);
  const who = names && names.seat ? names.seat(value.seat) : null;
  const toggle = (i) => {
    chosen.picked = picked.has(i) ? chosen.picked.filter((j) => j !== i) : [...chosen.picked, i];
    paintDice(box, value, names);
    const again = box.querySelector(`button[data-die='${i}']`);
    if (again) again.focus();
  };
  const dice = rolled.map((f, i) => (mine
    ? h("button", { type: "button", class: `die-button${picked.has(i) ? " selected" : ""}`,
                    "aria-pressed": picked.has(i) ? "true" : "false", "aria-label": `Die showing ${f}`,
                    dataset: { die: String(i), face: String(f) }, onclick: () => toggle(i) }, dieImage(f))
    : dieImage(f)));
  const selection = chosen.picked.map((i) => rolled[i]).sort((a, b) => a - b);
  const text = `${value.verb || "keep"} ${selection.join(" ")}`;
  const legal = moves.includes(text);
  const confirm = mine ? h("button", {
    type: "button", class: "dice-confirm", disabled: !legal, dataset: { diceMove: text },
    onclick: (event) => { if (legal) send(event.currentTarget, text); },
  }, selection.length ? `Keep ${selection.join(" ")}` : "Select dice to keep") : null;
  const free = value.free || 0;
  fill(box, [
    rolled.length ? h("div", { class: "dice-rolled", role: "group", "aria-label": "Dice rolled" },
      h("span", { class: "dice-label" }, who ? `${who} rolled` : "Rolled"), dice) : null,
    held.length ? h("div", { class: "dice-held", role: "group", "aria-label": "Dice held" },
      h("span", { class: "dice-label" }, "Held"), held.map((f) => dieImage(f))) : null,
    free ? h("div", { class: "dice-free" }, `${free} ${free === 1 ? "die" : "dice"} to roll${value.hot ? " (hot dice)" : ""}`) : null,
    confirm,
    mine && selection.length && !legal ? h("p", { class: "muted dice-hint" }, "Every die kept must score in this roll.") : null,
  ]);
}

/** Dice on the table, the rolled ones selectable by the seat to act, the held ones apart. */
export function diceField(value, names) {
  const key = JSON.stringify([value.seat, value.at, value.rolled]);
  if (chosen.key !== key) chosen = { key, picked: [] };
  const box = h("div", { class: "dice-table" });
  paintDice(box, value, names);
  return box;
}
