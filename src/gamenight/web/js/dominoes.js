// Domino lines of play drawn as SVG, from a layout field of kind "dominoes" (families/dominoes.py):
// the centre tile, and each line radiating from it — the viewer's own line pointing down toward
// the hand, the others round the circle in seat order — its last tiles as they lie (the end
// touching the tile before inward), a marker on a marked line, and a dashed space at its open end.
// Each open end is a line's place on the table (`data-at`: the field's key and the line's index): with a tile of the hand
// selected, the ends it may go on are outlined, and a tap on one selects it (the action bar then
// offers the move in words); Tab reaches them, Enter or Space taps. A line may grow from a tile of another ("from": {line, index, turn?}): drawn from that
// tile, turned a quarter (or `turn` degrees: a chicken foot's three toes fan out). A tile whose index
// a line lists in "crosswise" lies across it (a chicken foot's double); a "closed" line has no open
// end to play on (its branches carry on). Nothing here knows a game: only the field's data.

import { h, s } from "./dom.js";
import { PIPS } from "./tiles.js";

const TILE_L = 40; // a tile's length along its line
const TILE_W = 20;
const GAP = 3;
const CENTRE_R = 42; // where the lines start, from the centre

/** How many tiles of each line are drawn (the newest; the rest are counted). */
export function tilesShown(lines) {
  return lines <= 5 ? 5 : 4;
}

function ends(code) {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(String(code));
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

/** One end of a tile (a 20×20 square centred on x, 0): pips up to six, the number above. */
function endFace(n, x) {
  if (n in PIPS) {
    return PIPS[n].map((i) => s("circle", { cx: x - 6 + (i % 3) * 6, cy: -6 + Math.floor(i / 3) * 6, r: 1.9 }));
  }
  return [s("text", { x, y: 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700 }, String(n))];
}

/** A tile lying along a line: centred at (x, y), turned `deg`, its first end (inner) first. */
function tileAt(code, x, y, deg, extra = {}) {
  let [a, b] = ends(code);
  let turn = deg;
  const norm = ((deg % 360) + 360) % 360;
  if (norm > 90 && norm <= 270) { // never upside down: turn it round and swap its ends
    turn = deg - 180;
    [a, b] = [b, a];
  }
  return s("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${turn.toFixed(1)})`, class: "domino", ...extra },
    s("rect", { x: -TILE_L / 2, y: -TILE_W / 2, width: TILE_L, height: TILE_W, rx: 3, fill: "#fffdf6", stroke: "#333" }),
    s("line", { x1: 0, y1: -TILE_W / 2 + 3, x2: 0, y2: TILE_W / 2 - 3, stroke: "#333" }),
    s("g", { fill: "#222" }, endFace(a, -TILE_L / 4), endFace(b, TILE_L / 4)));
}

function point(cx, cy, r, rad) {
  return [cx + r * Math.cos(rad), cy + r * Math.sin(rad)];
}

/** Whether a selected tile may go on a line now: a legal move of the picture's verb names both. */
function fits(value, line, tile, moves) {
  if (!tile) return false;
  const verb = value.verb || "play";
  return moves.some((m) => m.verb === verb && m.args.length === 2 && m.args[0].value === tile
    && m.args[1].text === line.target);
}

/** Each line's angle (degrees, 90 = down): the viewer's own first, then round in seat order. */
function anglesOf(lines, seat) {
  const roots = lines.filter((l) => !l.from);
  const n = roots.length;
  const own = roots.findIndex((l) => l.seat === seat);
  const order = own > 0 ? [...roots.slice(own), ...roots.slice(0, own)] : roots;
  const angles = new Map();
  order.forEach((l, i) => angles.set(l.key, 90 + (i * 360) / n));
  return angles;
}

/** The picture: `field` (its label), `value` (centre, lines, verb), the view's legal moves and the
 * tile selected in the hand (`ctx.selectedCodes`). */
export function dominoesPicture(field, value, view, ctx = {}) {
  const lines = Array.isArray(value.lines) ? value.lines : [];
  const seat = Number.isInteger(view.seat) ? view.seat : null;
  const legal = view.moves || [];
  const selected = Array.isArray(ctx.selectedCodes) && ctx.selectedCodes.length === 1 ? ctx.selectedCodes[0] : null;
  const shown = tilesShown(lines.filter((l) => !l.from).length);
  const reach = CENTRE_R + (shown + 1) * (TILE_L + GAP) + 34;
  const c = reach;
  const angles = anglesOf(lines, seat);
  const where = new Map(); // line key -> the centres and angle of its tiles drawn (for branches)
  const parts = [];
  const box = [c - 30, c - 30, c + 30, c + 30]; // what is drawn: the picture is cut to it
  const grow = (x, y, rx, ry) => {
    box[0] = Math.min(box[0], x - rx); box[1] = Math.min(box[1], y - ry);
    box[2] = Math.max(box[2], x + rx); box[3] = Math.max(box[3], y + ry);
  };
  const slots = [];
  const marks = [];
  const labels = [];
  for (const line of lines) {
    let deg = angles.get(line.key);
    let start = CENTRE_R;
    let origin = [c, c];
    if (line.from && where.has(line.from.line)) {
      const base = where.get(line.from.line);
      const at = base.centres[Math.min(base.centres.length - 1, Math.max(0, line.from.index - base.skipped))] || base.centres[0];
      const turn = Number.isFinite(line.from.turn) ? line.from.turn : 90 * (line.index_side || 1);
      deg = base.deg + turn;
      origin = at;
      // clear of the tile it grows from: its side, or its end when it leaves straight on
      const across = base.crosswise.has(line.from.index);
      start = ((turn % 180 === 0) === across ? TILE_W / 2 : TILE_L / 2) + GAP;
    }
    if (deg === undefined) deg = 90;
    const rad = (deg * Math.PI) / 180;
    const tiles = line.tiles || [];
    const skipped = Math.max(0, tiles.length - shown);
    const centres = [];
    const crosswise = new Set(Array.isArray(line.crosswise) ? line.crosswise : []);
    tiles.slice(skipped).forEach((code, i) => {
      const r = start + (TILE_L + GAP) * i + TILE_L / 2;
      const [x, y] = point(origin[0], origin[1], r, rad);
      centres.push([x, y]);
      grow(x, y, TILE_L / 2 + 2, TILE_L / 2 + 2);
      const across = crosswise.has(i + skipped);
      parts.push(tileAt(code, x, y, across ? deg + 90 : deg, { "data-line": line.key, ...(across ? { "data-crosswise": "true" } : {}) }));
    });
    where.set(line.key, { centres, deg, skipped, crosswise });
    if (skipped) {
      const [x, y] = point(origin[0], origin[1], start - 8, rad);
      parts.push(s("text", { x: x.toFixed(1), y: (y + 4).toFixed(1), "text-anchor": "middle", "font-size": 10, class: "domino-more" }, `+${skipped}`));
    }
    const drawn = tiles.length - skipped;
    const r = start + (TILE_L + GAP) * drawn + TILE_L / 2;
    const [sx, sy] = point(origin[0], origin[1], r, rad);
    grow(sx, sy, TILE_L / 2 + 2, TILE_L / 2 + 2);
    const live = !line.closed && fits(value, line, selected, legal);
    const name = `${line.label}${line.marked ? ` (${value.marker || "marker"})` : ""}, open on ${line.open}`;
    const slotTurn = ((deg % 180) + 180) % 180 > 90 ? deg - 180 : deg;
    // the open end is the train's place on the table: tapped, it joins the selection (table.js)
    if (!line.closed) slots.push(s("g", {
      transform: `translate(${sx.toFixed(1)} ${sy.toFixed(1)}) rotate(${slotTurn.toFixed(1)})`,
      class: `domino-slot${live ? " domino-slot-live" : ""}`, "aria-label": `End of ${name}`,
      "data-line": line.key, "data-target": line.target, "data-at": `${field.key}#${lines.indexOf(line)}`,
      "data-value": line.target,
    },
    s("title", {}, name),
    s("rect", { x: -TILE_L / 2, y: -TILE_W / 2, width: TILE_L, height: TILE_W, rx: 3 }),
    s("text", { x: 0, y: 4, "text-anchor": "middle", "font-size": 11 }, String(line.open))));
    if (line.marked) {
      const at = drawn ? centres[drawn - 1] : point(origin[0], origin[1], start - 4, rad);
      marks.push(s("g", { class: "domino-marker", transform: `translate(${at[0].toFixed(1)} ${(at[1] - 12).toFixed(1)})` },
        s("title", {}, `${line.label}: ${value.marker || "marker"}`),
        s("line", { x1: 0, y1: 12, x2: 0, y2: -8, stroke: "#222", "stroke-width": 1.5 }),
        s("path", { d: "M0 -8 L12 -4 L0 0 Z", fill: "#d22" })));
    }
    if (line.closed) continue; // its label would lie on its branches: the picture's summary names it
    const [lx, ly] = point(origin[0], origin[1], r + TILE_L / 2 + 16, rad);
    grow(lx, ly, 3.2 * Math.min(24, line.label.length) + 4, 10);
    labels.push(s("text", { x: lx.toFixed(1), y: (ly + 4).toFixed(1), "text-anchor": "middle", "font-size": 11,
      class: `domino-label${line.seat === seat && seat !== null ? " domino-label-own" : ""}${line.open_to_all ? " domino-label-open" : ""}` },
    line.label.replace(/'s train$/, "")));
  }
  const centre = value.centre
    ? tileAt(value.centre, c, c, 0, { class: "domino domino-centre", "data-line": "centre" })
    : s("circle", { cx: c, cy: c, r: 16, fill: "none", stroke: "#aaa", "stroke-dasharray": "3 3" });
  const summary = lines.map((l) => `${l.label}: ${(l.tiles || []).length} tiles, ${l.closed ? (l.note || "closed") : `open on ${l.open}`}${l.marked ? `, ${value.marker || "marker"}` : ""}`).join("; ");
  const view_ = box.map((v) => v.toFixed(0));
  const svg = s("svg", { viewBox: `${view_[0]} ${view_[1]} ${(box[2] - box[0]).toFixed(0)} ${(box[3] - box[1]).toFixed(0)}`,
    class: "dominoes-svg", role: "group",
    "aria-label": `${field.label}: centre ${value.centre || "not laid"}. ${summary}` },
  centre, parts, marks, slots, labels);
  return h("section", { class: "dominoes", dataset: { field: field.key }, "aria-label": field.label },
    svg,
    selected ? null : h("p", { class: "muted dominoes-hint" }, value.hint || "Select a tile in your hand, then the end of a train to lay it there."));
}
