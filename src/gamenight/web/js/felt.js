// The felt: the seats in true table order with the viewer at the bottom, and what lies on the table.
//
// Two shapes, chosen by the layout's family (layout.js): a ring (trick-taking and anything unknown:
// seats round the table, the trick in the middle, piles such as an up-card or a kitty beside it)
// and a board (rummy and canasta: the seats in a row, each team's melds in a compact area, the
// stock and the discard pile between). Everything comes from the view's layout (zones + fields),
// the table's seats (names, people or bots) and who is being waited for.

import { fill, h } from "./dom.js";
import { dominoesPicture } from "./dominoes.js";
import { arrange, zoneTitle } from "./layout.js";
import { drawPiece, drawPieces, pieceName } from "./pieces.js";
import { renderField, tableWords } from "./render.js";
import { myTable, renderMySeat, seatAngle, seatBox, seatName, waitingFor } from "./seats.js";
import { drawBoard } from "./board.js";
import { trackPicture } from "./track.js";

// the seat helpers other modules import from here (render.js, window.js) live in seats.js now
export { elapsed, seatAngle, seatName, tickWaiting, waitingFor } from "./seats.js";

/** The most pieces of a pile drawn; a longer pile shows its top ones and its size. */
const PILE_SHOWN = 5;
const RANK_WORDS = { A: "aces", K: "kings", Q: "queens", J: "jacks", T: "tens", 9: "nines", 8: "eights",
  7: "sevens", 6: "sixes", 5: "fives", 4: "fours", 3: "threes", 2: "twos", wild: "wild cards" };

/** The felt in `el`; the trumps, tricks per team and the last trick in `bar` (a strip above it, so
 * nothing on the felt is covered). */
export function renderFelt(el, bar, view, ctx) {
  const players = view.players || [];
  const n = players.length;
  const layout = arrange(view);
  const bottom = Number.isInteger(view.seat) ? view.seat : 0;
  el.dataset.n = String(n);
  el.dataset.family = layout.family;
  el.dataset.shape = layout.shape;
  el.classList.toggle("felt-crowded", n > 4);
  el.classList.toggle("felt-many", n > 9); // more chips than a phone's strip holds in two rows
  const waits = new Map(waitingFor(view, ctx).map((w) => [w.seat, w]));
  const order = Array.from({ length: n }, (_, i) => (bottom + i) % n); // the viewer, then clockwise
  const common = { layout, waits, held: ctx.held };
  if (ctx.mySeatEl) renderMySeat(ctx.mySeatEl, view, ctx, layout, waits);
  if (layout.lines.length) { // a picture of the table (domino lines): the seats in a row above it
    fill(el,
      seatStrip(order, "Players, in turn order from you", view, ctx, common),
      layout.lines.map((f) => dominoesPicture(f, view[f.key], view, ctx)),
      h("div", { class: "board-middle" }, [...layout.centre, ...layout.tablePiles].map(pileBox)),
      myTable(view, layout));
    fill(bar, corner(view, ctx, layout));
    bar.hidden = !bar.childElementCount;
    el.dataset.shape = "picture";
    return;
  }
  if (layout.shape === "board") {
    fill(el,
      seatStrip(order, "Players, in turn order from you", view, ctx, common),
      boardAreas(view, ctx, layout),
      h("div", { class: "board-middle" }, (layout.boards || []).filter((f) => view[f.key])
        .map((f) => drawBoard(view[f.key], f.label)),
      (layout.tracks || []).filter((f) => view[f.key]).map((f) => trackPicture(f, view[f.key], view, ctx)),
      [...layout.centre, ...layout.tablePiles].map(pileBox)),
      myTable(view, layout));
    fill(bar, corner(view, ctx, layout));
    bar.hidden = !bar.childElementCount;
    return;
  }
  const party = partyTables(view);
  if (party.size > 1) {
    renderParty(el, bar, view, ctx, layout, party, common);
    return;
  }
  const trickZone = layout.centre.find((z) => z.show === "trick");
  const piles = layout.centre.filter((z) => z.show !== "trick").concat(layout.tablePiles)
    .filter((z) => z.count > 0 || (Array.isArray(z.pieces) && z.pieces.length));
  const trickShown = ctx.held ? ctx.held.plays.length : trickZone ? (trickZone.pieces || []).length : 0;
  // the other seats' chips in a strip at the top; below them the play, each part in its own place,
  // so no seat ever lies over a card, a pile or a die
  fill(el,
    seatStrip(order, "Players, in turn order from you", view, ctx, common),
    h("div", { class: "felt-play" },
      piles.length ? h("div", { class: `felt-piles ${trickShown ? "felt-piles-aside" : "felt-piles-centre"}` },
        piles.map(pileBox)) : null,
      trickZone || ctx.held ? trickList(trickZone, view, ctx, bottom) : null,
      pictureBox(view, ctx, layout)),
    myTable(view, layout));
  fill(bar, corner(view, ctx, layout));
  bar.hidden = !bar.childElementCount;
  fitFelt(el);
}

/** The other seats as chips in a strip (it wraps, and scrolls sideways for a crowd); the viewer's
 * own chip is in the tray. */
function seatStrip(order, label, view, ctx, common) {
  return h("ul", { class: "seats seat-strip", "aria-label": label },
    order.filter((s) => s !== view.seat).map((s) => seatBox(s, view, ctx, common)));
}

/** The pictures a view asks for (dice on the table), in the middle of the felt. */
function pictureBox(view, ctx, layout) {
  const shown = layout.pictures.filter((f) => view[f.key] !== null && view[f.key] !== undefined);
  if (!shown.length) return null;
  return h("div", { class: "felt-piles felt-piles-centre felt-picture" }, shown.map((f) =>
    h("section", { class: "felt-picture-field", dataset: { key: f.key }, "aria-label": f.label }, renderField(f, view[f.key], ctx.names))));
}

// ---- a party of several tables ---------------------------------------------------------------------

/** The tables of a party (zones carrying a `table` number): table -> its seats in chair order. */
export function partyTables(view) {
  const tables = new Map();
  for (const z of (view.layout || {}).zones || []) {
    if (!z.table || z.show !== "hand" || !Number.isInteger(z.owner)) continue;
    if (!tables.has(z.table)) tables.set(z.table, []);
    tables.get(z.table).push(z.owner);
  }
  return tables;
}

/** Several tables at once: the viewer's own in front (a ring of its four seats, its trick in the
 * middle), every other table beside it in brief (its seats, its trick, who is to act), and the
 * players sitting out. */
function renderParty(el, bar, view, ctx, layout, party, common) {
  const me = Number.isInteger(view.seat) ? view.seat : null;
  const mine = [...party.entries()].find(([, seats]) => me !== null && seats.includes(me));
  const [myTable, mySeats] = mine || [...party.entries()][0];
  const at = mySeats.indexOf(me);
  const ring = mySeats.map((_, i) => mySeats[(Math.max(at, 0) + i) % mySeats.length]);
  const angle = new Map(ring.map((s, i) => [s, seatAngle(i, 0, ring.length)]));
  const trickOf = (t) => layout.centre.find((z) => z.show === "trick" && z.table === t);
  const seated = new Set([...party.values()].flat());
  const away = (view.players || []).map((_, s) => s).filter((s) => !seated.has(s));
  el.dataset.n = String(ring.length);
  el.classList.toggle("felt-crowded", false);
  el.classList.toggle("felt-many", false);
  const held = ctx.held && ctx.held.plays.every((p) => ring.includes(p.seat)) ? ctx.held : null;
  const others = [...party.entries()].filter(([t]) => t !== myTable).map(([t, seats]) => otherTable(t, seats, trickOf(t), view, ctx, common.waits));
  // the other tables below this one's play: the viewer's own trick comes first on a phone
  const aside = h("div", { class: "party-tables", "aria-label": "The other tables" }, others,
    away.length ? h("p", { class: "party-away" }, "Sitting out: ", away.map((s) => seatName(view, ctx, s)).join(", ")) : null);
  fill(el,
    seatStrip(ring, `Table ${myTable}: players, in turn order from you`, view, ctx, { ...common, held }),
    h("div", { class: "felt-play" },
      trickOf(myTable) || held ? trickList(trickOf(myTable), view, { ...ctx, held }, ring[0], angle) : null),
    aside);
  fill(bar, corner(view, ctx, layout));
  bar.hidden = !bar.childElementCount;
  fitFelt(el);
}

/** Another table in brief: its number, its seats (who is to act), the cards on its trick. */
function otherTable(t, seats, trick, view, ctx, waits) {
  const played = new Map(((trick && trick.seats) || []).map((s, i) => [s, trick.pieces[i]]));
  return h("section", { class: "other-table", dataset: { table: String(t) }, "aria-label": `Table ${t}` },
    h("strong", {}, `Table ${t}`),
    h("ul", {}, seats.map((s) => h("li", { class: waits.has(s) ? "seat-acting" : "", dataset: { seat: String(s) } },
      seatName(view, ctx, s), played.has(s) ? [" ", drawPiece(trick.piece, played.get(s))] : null))));
}

// ---- the corner: trumps, tricks per team, the last trick ----------------------------------------

function corner(view, ctx, layout) {
  const names = ctx.names;
  const items = [];
  for (const f of layout.feltHead) {
    const value = view[f.key];
    if (value === null || value === undefined) continue;
    items.push(h("div", { class: "felt-fact", dataset: { key: f.key } },
      h("span", { class: "felt-fact-label" }, f.label), " ", renderField(f, value, names)));
  }
  for (const f of layout.teams) {
    const value = view[f.key];
    if (!Array.isArray(value)) continue;
    items.push(h("div", { class: "felt-fact felt-teams", dataset: { key: f.key } },
      h("span", { class: "felt-fact-label" }, f.label),
      h("ul", { class: "team-counts" }, value.map((v, i) => h("li", { class: ctx.myColumn === i ? "mine" : "" },
        h("span", { class: "team-name" }, names.columns[i] ?? `Team ${i + 1}`), " ", h("strong", {}, String(v)))))));
  }
  const trickField = layout.trick;
  const done = trickField ? view[trickField.key] : null;
  const review = done ? h("button", {
    type: "button", class: "secondary last-trick-button", "aria-expanded": ctx.reviewOpen ? "true" : "false",
    "aria-controls": "last-trick", dataset: { action: "last-trick" },
  }, trickField.label) : null;
  const panel = done && ctx.reviewOpen ? lastTrickPanel(done, view, ctx, trickField) : null;
  if (!items.length && !review) return null;
  return h("div", { class: "felt-corner" }, items, review, panel);
}

function lastTrickPanel(done, view, ctx, field) {
  const winner = seatName(view, ctx, done.winner);
  return h("div", { id: "last-trick", class: "last-trick", role: "region", "aria-label": field.label },
    h("ol", { class: "played" }, done.plays.map((p) => h("li", { class: p.seat === done.winner ? "trick-winner" : "" },
      drawPiece(field.piece || "", p.card ?? Object.values(p).find((v) => typeof v === "string")),
      h("span", { class: "played-by" }, seatName(view, ctx, p.seat))))),
    h("p", { class: "last-trick-winner" }, `${winner} took it.`));
}

// ---- the trick ------------------------------------------------------------------------------------

/** The pieces played to the trick, each in front of its seat; a trick being shown after it was won
 * (ctx.held) marks the winning card and says who takes it. */
function trickList(z, view, ctx, bottom, angles = null) {
  const n = (view.players || []).length;
  const held = ctx.held;
  const plays = held ? held.plays.map((p) => ({ seat: p.seat, code: p.card }))
    : (z.pieces || []).map((code, i) => ({ seat: (z.seats || [])[i], code }));
  const piece = (z && z.piece) || (ctx.heldPiece || "card");
  const label = held ? `The trick: ${seatName(view, ctx, held.winner)} takes it`
    : plays.length ? `${z.label}: the pieces played` : "Nothing on the table";
  const list = h("ol", { class: `trick${held ? " trick-done" : ""}`, dataset: { zone: z ? z.key : "" }, "aria-label": label },
    plays.map(({ seat, code }, i) => {
      const pos = (angles && angles.get(seat)) || seatAngle(seat, bottom, n);
      const name = code ? pieceName(piece, code) : String(code);
      const wins = held && seat === held.winner;
      return h("li", { class: `trick-card${wins ? " trick-winner" : ""}`,
                       style: { "--x": pos.x, "--y": pos.y, "z-index": String(10 + i) },
                       dataset: { seat: String(seat), card: code } },
        drawPiece(piece, code, { size: "md", compact: false, hidden: true }),
        h("span", { class: "trick-by", "aria-hidden": "true" }, seatName(view, ctx, seat)),
        h("span", { class: "visually-hidden" }, `${seatName(view, ctx, seat)}: ${name}${i === 0 ? ", led" : ""}${wins ? ", wins" : ""}`),
        i === 0 && !held ? h("span", { class: "led", "aria-hidden": "true" }, "led") : null,
        wins ? h("span", { class: "led wins", "aria-hidden": "true" }, "wins") : null);
    }));
  if (!held) return list;
  return [list, h("p", { class: "trick-result", role: "status" }, `${seatName(view, ctx, held.winner)} takes the trick.`)];
}

// ---- piles ----------------------------------------------------------------------------------------

/** A pile on the felt (a stock, a discard pile, an up-card, a kitty): its top and its size. The
 *  pile as a whole is a place on the table (`data-at`: its zone), so a move made by tapping it (a
 *  draw from the stock: the move's own `at`) is tapped there; `name` says it to a screen reader. */
export function pileBox(z) {
  return h("div", { class: "felt-pile", dataset: { zone: z.key, at: z.key, value: "", name: z.label } },
    h("span", { class: "felt-pile-label" }, z.label), zoneContents(z));
}

/** A zone's pieces as the seat sees them: the pieces (a long pile's top ones), face-down backs or a count. */
export function zoneContents(z) {
  const pieces = z.pieces;
  if (pieces === null || pieces === undefined) {
    return h("span", { class: "backs" }, h("span", { class: "backs-fan", "aria-hidden": "true" },
      Array.from({ length: Math.min(z.count, 3) }, () => drawPiece(z.piece, null))),
    h("span", { class: "count" }, String(z.count)),
    z.known && z.known.length ? h("span", { class: "known" }, " known: ", drawPieces(z.piece, z.known)) : null);
  }
  if (z.show === "count") return h("span", { class: "count" }, String(z.count));
  if (z.show === "grid" && z.columns && pieces.length) return gridCards(z);
  if (!pieces.length) return h("span", { class: "muted" }, "none");
  if (Array.isArray(z.stacks) && z.stacks.reduce((a, b) => a + b, 0) === pieces.length) return stackRow(z);
  const pile = z.show === "pile";
  const spread = z.show === "spread"; // a pile to dig in: every card reads, oldest first
  const shown = pile ? pieces.slice(-PILE_SHOWN) : pieces;
  const note = (pile || spread) && pieces.length > 1 ? `${pieces.length} cards, top last` : "";
  const at = { zone: z.key, from: pieces.length - shown.length }; // each piece tappable where it lies
  return h("span", { class: pile ? "pile-cards" : spread ? "spread-cards" : "" }, drawPieces(z.piece, shown, z.label, at),
    note ? h("span", { class: "count" }, note.split(",")[0]) : null,
    note ? h("span", { class: "visually-hidden" }, note) : null);
}

/** Pieces lying on one another (a face-up card on a face-down one), the stacks side by side. */
export function stackRow(z) {
  let at = 0;
  const said = (c) => (c === null ? "a face-down card" : pieceName(z.piece, c));
  return h("span", { class: "stacks" }, z.stacks.map((size) => {
    const stack = z.pieces.slice(at, at + size);
    const from = at;
    at += size;
    const spoken = [...stack].reverse().map(said).join(" on ");
    return h("span", { class: "stack", role: "img", "aria-label": spoken, title: spoken, dataset: { size: String(size) } },
      stack.map((c, i) => placedPiece(drawPiece(z.piece, c, { size: "sm", backSize: "sm", compact: true, hidden: true }),
        z.key, from + i, c, said(c))));
  }));
}

/** A piece of a stack marked with its place, to be tapped there (its name: what it shows). */
function placedPiece(el, zone, index, code, said) {
  el.dataset.at = `${zone}#${index}`;
  el.dataset.value = code === null ? "" : String(code);
  el.setAttribute("aria-label", said);
  return el;
}

/** A grid of pieces (Golf's two rows of four): row by row, each place numbered as the moves name
 * it, face-down pieces as backs, and those the viewer alone sees face down (z.peeked) marked. */
function gridCards(z) {
  const peeked = new Set(z.peeked || []);
  return h("span", { class: "grid-cards", style: { "--cols": String(z.columns) }, role: "group", "aria-label": z.label },
    z.pieces.map((code, i) => {
      const peek = peeked.has(i);
      const said = code === null ? "face down" : `${pieceName(z.piece, code)}${peek ? ", face down: only you see it" : ""}`;
      return h("span", { class: `grid-cell${peek ? " grid-peeked" : ""}${code === null ? " grid-down" : ""}`,
                         dataset: { place: String(i + 1), card: code === null ? "" : code, at: `${z.key}#${i}`,
                                    value: code === null ? "" : code }, title: `${i + 1}: ${said}` },
        drawPiece(z.piece, code, { size: "sm", backSize: "sm" }),
        h("span", { class: "grid-place", "aria-hidden": "true" }, peek ? `${i + 1} peek` : String(i + 1)),
        h("span", { class: "visually-hidden" }, `place ${i + 1}: ${said}`));
    }));
}

// ---- the board: each team's area ------------------------------------------------------------------

function boardAreas(view, ctx, layout) {
  const areas = [];
  for (const [group, zones] of layout.groups) {
    if (!group) continue;
    const detail = zones.find((z) => z.detail);
    const field = detail ? layout.fields.find((f) => f.key === detail.detail) : null;
    const entry = field && Array.isArray(view[field.key]) ? view[field.key].find((t) => t && t.group === group) : null;
    const mine = entry && Array.isArray(entry.seats) && entry.seats.includes(view.seat);
    const title = tableWords(entry ? entry.name : zones[0].label.split(":")[0], view.players);
    const rows = zones.filter((z) => !z.detail && z.count > 0).map((z) => h("div", { class: "area-row", dataset: { zone: z.key } },
      h("span", { class: "area-row-label" }, tableWords(zoneTitle(z, view.players), view.players).replace(`${title}: `, "")),
      zoneContents(z)));
    areas.push(h("section", { class: `team-area${mine ? " team-mine" : ""}`, dataset: { group }, "aria-label": `${title}${mine ? " (your side)" : ""}` },
      h("div", { class: "area-head" }, h("strong", {}, title), mine ? h("span", { class: "chip" }, "your side") : null,
        entry && Array.isArray(entry.notes) ? entry.notes.map((t) => h("span", { class: "area-note" }, tableWords(t, view.players))) : null),
      entry ? bookList(entry, field, title) : null, rows));
  }
  // the viewer's side nearest the hand: last
  areas.sort((a, b) => Number(a.classList.contains("team-mine")) - Number(b.classList.contains("team-mine")));
  return areas.length ? h("div", { class: "board-areas" }, areas) : null;
}

/** A team's books as compact stacks: the rank, how many cards, naturals and wilds, closed or not;
 * each opens to show its cards. */
function bookList(entry, field, title) {
  const books = entry.books || entry.melds || [];
  if (!books.length) return h("p", { class: "muted area-empty" }, "No books yet.");
  return h("ul", { class: "books", "aria-label": `${title}: ${books.length} book${books.length === 1 ? "" : "s"}` },
    books.map((b, i) => {
      const number = b.number ?? i + 1;
      const cards = b.cards || [];
      const rank = b.rank !== undefined ? String(b.rank) : "";
      const rankWord = RANK_WORDS[rank] || rank;
      const mix = b.wilds ? `${b.naturals ?? cards.length - b.wilds}+${b.wilds} wild` : "";
      // the game's own sentence for the book ("a samba of hearts 8-A") where it gives one
      const spoken = b.text ? `Book ${number}: ${b.text}${b.closed ? ", closed" : ""}`
        : [`Book ${number}`, rankWord, `${cards.length} cards`,
          b.naturals !== undefined ? `${b.naturals} natural, ${b.wilds || 0} wild` : "", b.kind || "", b.closed ? "closed" : ""]
          .filter(Boolean).join(", ");
      const face = cards.find((c) => c !== "JK" && !c.startsWith("2")) || cards[0];
      return h("li", { class: `book${b.closed ? " book-closed" : ""}${b.kind ? ` book-${b.kind}` : ""}`, dataset: { book: String(number) } },
        h("details", {},
          h("summary", { "aria-label": spoken, title: spoken },
            h("span", { class: "book-num" }, `#${number}`),
            face ? drawPiece(field.piece || "card", face) : null,
            h("span", { class: "book-count" }, `×${cards.length}`),
            mix ? h("span", { class: "book-mix" }, mix) : null,
            b.closed ? h("span", { class: "book-state" }, "closed") : null,
            b.text ? h("span", { class: "book-text" }, b.text) : null),
          h("div", { class: "book-cards" }, drawPieces(field.piece || "card", cards, spoken))));
    }));
}

/**
 * The trick lies round the middle, each card toward who played it; where the felt is short (a
 * phone with a tall hand) the trick draws closer (felt-tight) before the felt has to scroll.
 * Measured once a frame, when the browser lays the page out anyway (a busy party redraws the felt
 * many times a second); `fresh` (a resize) measures again from the roomy size.
 */
let fitting = false;
export function fitFelt(el, fresh = false) {
  if (fresh) el.classList.remove("felt-tight");
  if (fitting) return;
  fitting = true;
  requestAnimationFrame(() => {
    fitting = false;
    const area = el.closest(".felt-area");
    if (area && !el.classList.contains("felt-tight") && area.scrollHeight > area.clientHeight + 1) el.classList.add("felt-tight");
  });
}
