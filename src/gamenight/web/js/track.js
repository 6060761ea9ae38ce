// A race track of numbered holes drawn as SVG (a layout field of kind "track": Jokers Wild's loop).
//
// The view says where everything is ({loop, per_side, seats: [{name, seat, colour, out, entrance,
// home, castle}], marbles: [{hole, text, side, moves: [{move, label}]}], mine}); this module draws
// the loop as a square, one side of holes per seat (the viewer's side at the bottom, play running
// clockwise), each side's Home beside its come-out hole and its Castle branching in from its
// entrance, and every marble in its side's colour. Every marble says its hole (`data-at` the
// field's key and the hole): the table page makes those a move names tappable, so a person selects
// a card and taps the marble (and, for a joker, the marble it takes the place of), and the action
// bar offers the moves in words. Nothing here knows a game: only the field's data.

import { h, s } from "./dom.js";
import { keyLine, markOn, sideMarks } from "./marks.js";

const W = 400;
const INSET = 26;
const FILL = { red: "#d64545", blue: "#2f6fd6", green: "#1f9d55", yellow: "#e0b020" };

/** The corners of the square, clockwise from the bottom right, and each side's way along and in. */
const CORNERS = [[W - INSET, W - INSET], [INSET, W - INSET], [INSET, INSET], [W - INSET, INSET]];
const ALONG = [[-1, 0], [0, -1], [1, 0], [0, 1]];
const INWARD = [[0, -1], [1, 0], [0, 1], [-1, 0]];

function bottomSide(track, seat) {
  const mine = (track.seats || []).findIndex((x) => x.seat === seat && seat !== null && seat !== undefined);
  return mine >= 0 ? mine : 0;
}

/** Where every hole is: the loop's, then each side's Home and Castle. */
function holeCentres(track, bottom) {
  const per = track.per_side || 18;
  const sides = Math.max(1, Math.round((track.loop || 72) / per));
  const step = (W - 2 * INSET) / per;
  const at = new Map();
  const place = (side, along, inward) => {
    const r = (side - bottom + sides) % sides;
    const [cx, cy] = CORNERS[r];
    return [cx + ALONG[r][0] * along * step + INWARD[r][0] * inward * step,
            cy + ALONG[r][1] * along * step + INWARD[r][1] * inward * step];
  };
  for (let hole = 0; hole < (track.loop || 72); hole += 1) at.set(hole, place(Math.floor(hole / per), (hole % per) + 0.5, 0));
  (track.seats || []).forEach((seat, side) => {
    const out = (seat.out % per) + 0.5;
    (seat.home || []).forEach((hole, i) => at.set(hole, place(side, out - 2 + i, 2.3)));
    const entrance = (seat.entrance % per) + 0.5;
    (seat.castle || []).forEach((hole, i) => at.set(hole, place(side, entrance, 1.1 + i)));
  });
  return { at, step };
}

/** The picture: `field` (its label), `value` (the track), the view (its seat). */
export function trackPicture(field, value, view) {
  const seat = Number.isInteger(view.seat) ? view.seat : null;
  const bottom = bottomSide(value, seat);
  const { at, step } = holeCentres(value, bottom);
  const seats = value.seats || [];
  const letters = sideMarks(seats); // each side's letter on its marbles: never told by colour alone
  const marbles = value.marbles || [];
  const holes = [];
  for (const [hole, [x, y]] of at) {
    const owner = seats.find((x_) => x_.out === hole || x_.entrance === hole);
    const kind = owner && owner.out === hole ? "track-out" : owner ? "track-entrance" : "";
    holes.push(s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: (step * 0.24).toFixed(1),
      class: `track-hole ${kind}`, stroke: owner ? FILL[owner.colour] || "#555" : "#0006" }));
  }
  const numbers = [];
  for (let hole = 0; hole < (value.loop || 72); hole += 6) {
    const [x, y] = at.get(hole);
    const [cx, cy] = [W / 2, W / 2];
    const k = 1 + 15 / Math.hypot(x - cx, y - cy);
    numbers.push(s("text", { x: (cx + (x - cx) * k).toFixed(1), y: (cy + (y - cy) * k + 3).toFixed(1),
      "text-anchor": "middle", class: "track-number" }, String(hole)));
  }
  const pieces = marbles.map((m) => {
    const [x, y] = at.get(m.hole) || [W / 2, W / 2];
    const side = seats[m.side] || {};
    const name = `${side.colour || ""} marble${side.name ? ` of ${side.name}` : ""} (${letters[m.side] || ""}) on ${m.text}`;
    const fill = FILL[side.colour] || "#888";
    const r = step * 0.38;
    return s("g", { class: "track-marble", "data-hole": String(m.hole), "data-at": `${field.key}#${m.hole}`,
                    "data-value": String(m.hole), "aria-label": name },
      s("title", {}, name),
      // the whole hole's room takes the tap (up to the next hole's), not the marble's picture alone
      s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: (step * 0.5).toFixed(1), fill: "transparent", class: "track-hit" }),
      s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: r.toFixed(1), fill, stroke: "#000a", "stroke-width": 1.2 }),
      markOn(x, y, r, fill, letters[m.side] || ""));
  });
  const labels = seats.map((seat_, side) => {
    if (!seat_.name) return null;
    const [x, y] = at.get((seat_.home || [])[2]) || [W / 2, W / 2];
    const r = (side - bottom + 4) % 4;
    return s("text", { x: (x + INWARD[r][0] * step * 1.3).toFixed(1), y: (y + INWARD[r][1] * step * 1.3 + 4).toFixed(1),
      "text-anchor": "middle", class: "track-name", fill: FILL[seat_.colour] || "#fff" }, seat_.name);
  });
  const svg = s("svg", { viewBox: `0 0 ${W} ${W}`, class: "track-svg", role: "group", "aria-label": field.label },
    s("rect", { x: 4, y: 4, width: W - 8, height: W - 8, rx: 16, class: "track-ground" }),
    numbers, holes, labels, pieces);
  return h("figure", { class: "track-picture", dataset: { field: field.key } }, svg,
    h("figcaption", {}, h("span", { class: "track-label" }, field.label), h("ul", { class: "board-key" },
      seats.map((x, i) => (x.name ? keyLine(x.name, x.colour, FILL[x.colour] || x.colour, letters[i]) : null)))));
}
