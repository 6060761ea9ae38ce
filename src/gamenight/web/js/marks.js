// Each side's mark besides its colour (5 in a Row's discs, Jokers Wild's marbles): a letter drawn on
// every disc and marble and said in the legend, so no side is told by its colour alone (a person
// who cannot tell red from green reads R and G). The letter is the colour's initial; where two
// colours share one, the sides are numbered instead.

import { h, s } from "./dom.js";

/** The letter on each side's pieces, by side: "R", "B", "G", "Y" (or "1", "2"... on a clash). */
export function sideMarks(sides) {
  const letters = sides.map((side) => String((side && side.colour) || "?").charAt(0).toUpperCase());
  return new Set(letters).size === letters.length ? letters : sides.map((_, i) => String(i + 1));
}

/** The text a light fill needs on it (yellow): dark; else white. */
function ink(fill) {
  return /^#(e|f|d[89a-f])/i.test(fill) ? "#1b1b1b" : "#fff";
}

/** The side's letter, drawn centred on a disc or marble of radius `r` at (x, y) in `fill`. */
export function markOn(x, y, r, fill, letter) {
  return s("text", { x: Number(x).toFixed(1), y: (Number(y) + r * 0.42).toFixed(1), "text-anchor": "middle",
                     "font-size": (r * 1.25).toFixed(1), "font-weight": 700, fill: ink(fill), class: "side-mark",
                     "aria-hidden": "true", "pointer-events": "none" }, letter);
}

/** A legend's line: the side's disc with its letter, then its name (and, for a screen reader, its
 *  colour and letter in words: the eye reads them on the disc). */
export function keyLine(name, colour, fill, letter) {
  return h("li", {}, h("span", { class: "board-key-disc", style: { background: fill, color: ink(fill) }, "aria-hidden": "true" },
    letter), ` ${name}`, h("span", { class: "visually-hidden" }, ` (${colour ? `${colour}, ` : ""}${letter})`));
}
