// A race track of numbered holes drawn as SVG (a layout field of kind "track": Jokers Wild's loop).
//
// The view says where everything is ({loop, per_side, seats: [{name, seat, colour, out, entrance,
// home, castle}], marbles: [{hole, text, side, moves: [{move, label}]}], mine}); this module draws
// the loop as a square, one side of holes per seat (the viewer's side at the bottom, play running
// clockwise), each side's Home beside its come-out hole and its Castle branching in from its
// entrance, and every marble in its side's colour. A marble with moves is a button: choosing it
// (click, or Enter/Space after Tab) lists its moves under the picture as buttons carrying the move
// (`data-move`), which the table sends like any picture's move; a card selected in the hand keeps
// only that card's moves. Nothing here knows a game: only the field's data.

import { h, s } from "./dom.js";

const W = 400;
const INSET = 26;
const FILL = { red: "#d64545", blue: "#2f6fd6", green: "#1f9d55", yellow: "#e0b020" };
/** The marble chosen (its hole), kept across redraws of the same position (`chosenIn`). */
let chosen = null;
let chosenIn = "";

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

/** A marble's moves; with one card of the hand selected, those that card makes (the view's
 *  structured moves say which pieces each names). */
function movesFor(marble, selectedCodes, viewMoves) {
  const moves = marble.moves || [];
  if (!Array.isArray(selectedCodes) || selectedCodes.length !== 1) return moves;
  const code = selectedCodes[0];
  const naming = new Set((viewMoves || []).filter((m) => m.args.some((a) => a.value === code && a.kind === "card"))
    .map((m) => m.text));
  return moves.filter((m) => naming.has(m.move));
}

/** The picture: `field` (its label), `value` (the track), the view (its seat) and the cards
 * selected in the hand (`ctx.selectedCodes`). */
export function trackPicture(field, value, view, ctx = {}) {
  const seat = Number.isInteger(view.seat) ? view.seat : null;
  const bottom = bottomSide(value, seat);
  const { at, step } = holeCentres(value, bottom);
  const seats = value.seats || [];
  const marbles = value.marbles || [];
  const onHole = new Map(marbles.map((m) => [m.hole, m]));
  const where = marbles.map((m) => `${m.hole}:${m.side}`).join(" ");
  if (where !== chosenIn || (chosen !== null && !(onHole.get(chosen) || {}).moves?.length)) chosen = null;
  chosenIn = where;
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
    const live = movesFor(m, ctx.selectedCodes, view.moves).length > 0;
    const name = `${side.colour || ""} marble${side.name ? ` of ${side.name}` : ""} on ${m.text}`;
    return s("g", { class: `track-marble${live ? " track-live" : ""}${chosen === m.hole ? " track-chosen" : ""}`,
                    "data-hole": String(m.hole), role: live ? "button" : "img", tabindex: live ? "0" : "-1",
                    "aria-label": live ? `${name}: ${movesFor(m, ctx.selectedCodes, view.moves).length} moves` : name,
                    "aria-pressed": live ? String(chosen === m.hole) : null },
      s("title", {}, name),
      s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: (step * 0.38).toFixed(1), fill: FILL[side.colour] || "#888",
                    stroke: "#000a", "stroke-width": 1.2 }));
  });
  const labels = seats.map((seat, side) => {
    if (!seat.name) return null;
    const [x, y] = at.get((seat.home || [])[2]) || [W / 2, W / 2];
    const r = (side - bottom + 4) % 4;
    return s("text", { x: (x + INWARD[r][0] * step * 1.3).toFixed(1), y: (y + INWARD[r][1] * step * 1.3 + 4).toFixed(1),
      "text-anchor": "middle", class: "track-name", fill: FILL[seat.colour] || "#fff" }, seat.name);
  });
  const svg = s("svg", { viewBox: `0 0 ${W} ${W}`, class: "track-svg", role: "group", "aria-label": field.label },
    s("rect", { x: 4, y: 4, width: W - 8, height: W - 8, rx: 16, class: "track-ground" }),
    numbers, holes, labels, pieces);
  const panel = h("div", { class: "track-moves", "aria-live": "polite" });
  const figure = h("figure", { class: "track-picture", dataset: { field: field.key } }, svg, panel,
    h("figcaption", {}, field.label, h("ul", { class: "board-key" }, seats.filter((x) => x.name).map((x) =>
      h("li", {}, h("span", { class: "board-key-disc", style: { background: FILL[x.colour] || x.colour } }), " ", x.name)))));
  const fillPanel = () => {
    const m = onHole.get(chosen);
    const list = m ? movesFor(m, ctx.selectedCodes, view.moves) : [];
    for (const g of svg.querySelectorAll(".track-marble")) {
      const on = Number(g.dataset.hole) === chosen;
      g.classList.toggle("track-chosen", on);
      if (g.getAttribute("aria-pressed") !== null) g.setAttribute("aria-pressed", String(on));
    }
    panel.replaceChildren(...(list.length
      ? [h("span", { class: "track-moves-head" }, `Marble on ${m.text}:`),
         ...list.map((x) => h("button", { type: "button", class: "track-move", dataset: { move: x.move } }, x.label))]
      : marbles.some((x) => movesFor(x, ctx.selectedCodes, view.moves).length)
        ? [h("span", { class: "track-hint" }, "Choose one of your outlined marbles to see its moves.")] : []));
  };
  const choose = (event) => {
    const g = event.target.closest && event.target.closest(".track-marble.track-live");
    if (!g) return false;
    const hole = Number(g.dataset.hole);
    chosen = chosen === hole ? null : hole;
    fillPanel();
    const first = panel.querySelector("button");
    if (first && event.type === "keydown") first.focus();
    return true;
  };
  svg.addEventListener("click", (event) => { choose(event); });
  svg.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && choose(event)) {
      event.preventDefault();
      event.stopPropagation();
    }
  });
  fillPanel();
  return figure;
}
