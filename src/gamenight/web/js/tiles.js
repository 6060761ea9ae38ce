// Domino tiles drawn as SVG: a tile is its code "12-7" (its two ends), as the engine writes it.
// Up to six pips on an end are drawn as pips, higher ends as their number; the text is always
// there for screen readers and as the fallback.

import { h, s } from "./dom.js";

const TILE_RE = /^(\d{1,2})-(\d{1,2})$/;
/** Where the pips of 1..6 lie on a 3×3 grid (0..8, row by row). */
export const PIPS = { 0: [], 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

export function isTile(value) {
  return typeof value === "string" && TILE_RE.test(value);
}

/** "12-7" as the ends [12, 7], or null. */
export function tileEnds(code) {
  const m = TILE_RE.exec(String(code));
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** "12–7": a tile as players name it (an en dash between its ends, as the page writes it everywhere). */
export function tileName(code) {
  const ends = tileEnds(code);
  return ends ? `${ends[0]}–${ends[1]}` : String(code);
}

/** "[12|7]": a tile in text. */
export function tileLabel(code) {
  const ends = tileEnds(code);
  return ends ? `[${ends[0]}|${ends[1]}]` : String(code);
}

function half(n, x) {
  if (n in PIPS) {
    return PIPS[n].map((i) => s("circle", { cx: x + 8 + (i % 3) * 12, cy: 8 + Math.floor(i / 3) * 12, r: 3.2 }));
  }
  return [s("text", { x: x + 20, y: 26, "text-anchor": "middle", "font-size": 18 }, String(n))];
}

/** A tile as a picture (both ends, a line between), labelled "tile 12–7". */
export function tileImage(code) {
  const ends = tileEnds(code);
  if (!ends) return h("span", { class: "piece piece-text" }, String(code));
  const svg = s("svg", { viewBox: "0 0 80 40", class: "tile-svg", "aria-hidden": "true", focusable: "false" },
    s("rect", { x: 1, y: 1, width: 78, height: 38, rx: 5, fill: "#fffdf6", stroke: "#333" }),
    s("line", { x1: 40, y1: 4, x2: 40, y2: 36, stroke: "#333" }),
    s("g", { fill: "#222" }, half(ends[0], 0), half(ends[1], 40)));
  return h("span", { class: "piece tile", role: "img", "aria-label": `tile ${tileName(code)}`,
                     title: tileLabel(code), dataset: { piece: code } }, svg);
}
