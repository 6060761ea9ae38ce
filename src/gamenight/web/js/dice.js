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
