// Dice drawn as SVG: a die is its face as the engine writes it ("5"). Faces one to six are
// drawn as pips; any other face (a d10, a d20) as its number. The text is always there.

import { h, s } from "./dom.js";
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
// {seat, rolled: [faces just rolled], held: [faces set aside], free, hot, verb, moves, at}. Each
// rolled die is drawn with its place (`data-at` "dice#2", `data-value` its face): the table page
// makes the dice a keep can take tappable (pieces.js markFeltTargets), and the action bar offers
// the keep the dice selected make, in the engine's words. Held dice are drawn apart.

/** Dice on the table, the rolled ones where a person taps them, the held ones apart. `key`: the
 *  field's key, the zone a move's dice are said to lie in. */
export function diceField(value, names, key = "dice") {
  const rolled = value.rolled || [];
  const held = value.held || [];
  const who = names && names.seat ? names.seat(value.seat) : null;
  const dice = rolled.map((f, i) => h("span", { class: "die-place", dataset: { at: `${key}#${i}`, value: String(f) },
    "aria-label": `Die showing ${f}` }, dieImage(f)));
  const free = value.free || 0;
  return h("div", { class: "dice-table", dataset: { zone: key } },
    rolled.length ? h("div", { class: "dice-rolled", role: "group", "aria-label": "Dice rolled" },
      h("span", { class: "dice-label" }, who ? `${who} rolled` : "Rolled"), dice) : null,
    held.length ? h("div", { class: "dice-held", role: "group", "aria-label": "Dice held" },
      h("span", { class: "dice-label" }, "Held"), held.map((f) => dieImage(f))) : null,
    free ? h("div", { class: "dice-free" }, `${free} ${free === 1 ? "die" : "dice"} to roll${value.hot ? " (hot dice)" : ""}`) : null);
}
