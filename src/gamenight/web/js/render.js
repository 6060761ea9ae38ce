// The table page's drawing: a view dict (the engine's State.view(seat)) in, DOM out.
//
// The page knows no game by name and reads no view key by name: it draws the view's layout
// description (view.layout: family, zones, fields; see layout.js). Zones go where their `show`
// hint and owner put them (hands and tricks taken in each seat's box, the trick or the piles in
// the middle of the felt, the rest under "On the table", grouped); fields are shown by their
// declared label and kind (per-seat ones in each seat's box, headline ones in the headline).
// Pieces are drawn by one module per kind of piece (pieces.js). An entry no field declares is
// not shown.

import { fill, h } from "./dom.js";
import { cardName, cardSvg, sentence } from "./cards.js";
import { arrange, zoneTitle } from "./layout.js";
import { describeChoices, moveLabel, moveSpeech, numberVerb } from "./moves.js";
import { drawPiece, drawPieces, drawSuit } from "./pieces.js";

/** The most pieces of a pile drawn; a longer pile shows its top ones and its size. */
const PILE_SHOWN = 10;

export function prettyKey(key) {
  const text = String(key).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isScalar = (v) => v === null || ["boolean", "number", "string"].includes(typeof v);
const isRecords = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => x !== null && typeof x === "object" && !Array.isArray(x));

/** What rendering needs to label values: seat names and score-sheet columns. */
export class Names {
  constructor(players, columns) {
    this.players = players || [];
    this.columns = columns || [];
  }

  seat(value) {
    if (Number.isInteger(value) && value >= 0 && value < this.players.length) return this.players[value];
    return null;
  }
}

function namesOf(view) {
  return new Names(view.players || [], view.score_sheet ? view.score_sheet.columns : []);
}

// ---- a field's value, by its declared kind ----------------------------------------------------

/** A field's value as its kind reads: seats by name, suits and pieces drawn, plays in order. */
export function renderField(field, value, names) {
  const piece = field.piece || "";
  if (value === null || value === undefined) return h("span", { class: "muted", "aria-label": "none" }, "—");
  switch (field.kind) {
    case "seat":
      return h("span", { class: "seat-ref" }, names.seat(value) ?? String(value));
    case "seats":
      return h("span", {}, value.map((v) => names.seat(v) ?? String(v)).join(", "));
    case "suit":
      return drawSuit(piece, value);
    case "piece":
      return drawPiece(piece, value);
    case "pieces":
    case "hand":
      return value.length ? drawPieces(piece, value, field.label) : h("span", { class: "muted" }, "none");
    case "plays":
      return h("ol", { class: "played" }, value.map((p) => h("li", {},
        Object.entries(p).filter(([k]) => k !== "seat").map(([, v]) => (piece && typeof v === "string"
          ? drawPiece(piece, v) : renderData(v, piece))),
        h("span", { class: "played-by" }, names.seat(p.seat) ?? ""))));
    case "counter":
      return document.createTextNode(Array.isArray(value) ? `${value[0]} of ${value[1]}` : String(value));
    case "teams":
      return h("span", { class: "per-team" }, value.map((v, i) => h("span", { class: "pair" },
        h("span", { class: "pair-key" }, names.columns[i] ?? ""), " ", renderData(v, piece))));
    case "flag":
      return document.createTextNode(value ? "yes" : "no");
    case "number":
    case "text":
      if (isScalar(value)) return sentence(String(value));
      return renderData(value, piece);
    default:
      return renderData(value, piece);
  }
}

/** Any JSON value spelled out (a field of kind "data"): records a line each, pieces drawn. */
export function renderData(value, piece = "") {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value === "boolean") return document.createTextNode(value ? "yes" : "no");
  if (typeof value === "number") return document.createTextNode(String(value));
  if (typeof value === "string") return piece ? drawPieceOrText(piece, value) : sentence(value);
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "muted" }, "none");
    if (isRecords(value)) return h("ul", { class: "plain-list" }, value.map((v) => h("li", {}, renderData(v, piece))));
    if (piece && value.every((v) => typeof v === "string")) return drawPieces(piece, value);
    const out = h("span", { class: "list" });
    value.forEach((v, i) => out.append(...(i ? [", "] : []), renderData(v, piece)));
    return out;
  }
  const out = h("span", { class: "dict" });
  Object.entries(value).filter(([, v]) => v !== null).forEach(([k, v], i) => {
    if (i) out.append(h("span", { class: "sep", "aria-hidden": "true" }, " · "));
    out.append(h("span", { class: "pair" }, h("span", { class: "pair-key" }, prettyKey(k).toLowerCase()), " ",
      renderData(v, piece)));
  });
  return out;
}

/** A string in a piece-holding field: drawn as a piece when it is one, else as text. */
function drawPieceOrText(piece, text) {
  const drawn = drawPiece(piece, text);
  return drawn.classList && drawn.classList.contains("piece-text") ? sentence(text) : drawn;
}

function isEmpty(value) {
  return value === null || value === undefined || value === false
    || (Array.isArray(value) && !value.length)
    || (typeof value === "object" && !Array.isArray(value) && value !== null && !Object.keys(value).length);
}

// ---- headline, notes, status ----------------------------------------------------------------

export function renderHeadline(el, view) {
  const names = namesOf(view);
  const parts = [h("span", { class: "game-title" }, view.title)];
  for (const f of arrange(view).head) {
    const value = view[f.key];
    if (isEmpty(value)) continue;
    const sep = f.kind === "number" || f.kind === "counter" ? " " : ": ";
    parts.push(h("span", { class: "head-field", dataset: { key: f.key } }, `${f.label}${sep}`, renderField(f, value, names)));
  }
  if (view.is_over) parts.push(h("strong", {}, "Game over"));
  else if (view.phase) parts.push(h("span", {}, "Phase: ", String(view.phase).replace(/_/g, " ")));
  const out = [];
  parts.forEach((p, i) => {
    if (i) out.push(h("span", { class: "dot", "aria-hidden": "true" }, " · "));
    out.push(p);
  });
  fill(el, out);
}

/** The flags in effect (declared fields of kind "flag"), each as its label. */
export function renderNotes(el, view) {
  const notes = arrange(view).flags.filter((f) => view[f.key] === true)
    .map((f) => h("p", { dataset: { key: f.key } }, f.label));
  fill(el, notes);
  el.hidden = notes.length === 0;
}

/** Whose turn, in a sentence for the aria-live status line. */
export function turnSentence(view, ctx) {
  if (view.is_over) return ""; // the outcome panel says it
  const acting = view.to_act || [];
  const me = view.seat;
  const others = acting.filter((s) => s !== me).map((s) => view.players[s]);
  if (me !== null && me !== undefined && acting.includes(me) && (view.legal_moves || []).length) {
    const what = describeChoices(view.legal_moves, ctx.byCard);
    const also = others.length ? ` (${joinNames(others)} ${others.length > 1 ? "choose" : "chooses"} at the same time)` : "";
    return `Your turn: ${what}.${also}`;
  }
  if (!acting.length) return "Nobody is to act.";
  return `Waiting for ${joinNames(acting.map((s) => view.players[s]))}.`;
}

function joinNames(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// ---- the felt: seats around the table, the trick in the middle -------------------------------

/** Where seat `s` sits: the page's own seat at the bottom, play going clockwise (to the left). */
function seatAngle(seat, bottom, n) {
  const rel = (seat - bottom + n) % n;
  const angle = ((90 + (rel * 360) / n) * Math.PI) / 180;
  return { x: Math.cos(angle).toFixed(3), y: Math.sin(angle).toFixed(3) };
}

export function renderFelt(el, view, ctx) {
  const players = view.players || [];
  const n = players.length;
  const bottom = Number.isInteger(view.seat) ? view.seat : 0;
  el.dataset.n = String(n);
  el.dataset.family = (view.layout && view.layout.family) || "";
  el.classList.toggle("felt-crowded", n > 4);
  const names = namesOf(view);
  const layout = arrange(view);
  const acting = new Set(view.to_act || []);
  const seats = players.map((_, s) => seatBox(s, view, ctx, { names, layout, acting, pos: seatAngle(s, bottom, n) }));
  const middle = [];
  for (const z of layout.centre) {
    if (z.show === "trick") middle.push(trickList(z, view, bottom));
    else middle.push(pileBox(z));
  }
  fill(el, h("ul", { class: "seats", "aria-label": "Players" }, seats), middle);
  fitFelt(el);
}

/** The pieces played to a trick, each in front of the seat that played it. */
function trickList(z, view, bottom) {
  const players = view.players || [];
  const n = players.length;
  const pieces = z.pieces || [];
  const seats = z.seats || [];
  return h("ol", { class: "trick", dataset: { zone: z.key },
                   "aria-label": pieces.length ? `${z.label}: the pieces played` : "Nothing on the table" },
    pieces.map((code, i) => {
      const seat = seats[i];
      const pos = seatAngle(seat, bottom, n);
      const name = z.piece === "card" && code ? cardName(code) : String(code);
      return h("li", { class: "trick-card", style: { "--x": pos.x, "--y": pos.y, "z-index": String(10 + i) },
                       dataset: { seat: String(seat), card: code } },
        drawPiece(z.piece, code, { size: "md", compact: false, hidden: true }),
        h("span", { class: "trick-by", "aria-hidden": "true" }, players[seat]),
        h("span", { class: "visually-hidden" }, `${players[seat]}: ${name}${i === 0 ? ", led" : ""}`),
        i === 0 ? h("span", { class: "led", "aria-hidden": "true" }, "led") : null);
    }));
}

/** A pile in the middle of the felt (a stock, a discard pile, an up-card): its top and its size. */
function pileBox(z) {
  return h("div", { class: "felt-pile", dataset: { zone: z.key } },
    h("span", { class: "felt-pile-label" }, z.label), zoneContents(z));
}

/** A zone's pieces as the seat sees them: the pieces (a long pile's top ones), face-down backs or a count. */
function zoneContents(z) {
  const pieces = z.pieces;
  if (pieces === null || pieces === undefined) {
    return h("span", { class: "backs" }, h("span", { class: "backs-fan", "aria-hidden": "true" },
      Array.from({ length: Math.min(z.count, 3) }, () => drawPiece(z.piece, null))),
    h("span", { class: "count" }, String(z.count)));
  }
  if (z.show === "count") return h("span", { class: "count" }, String(z.count));
  if (!pieces.length) return h("span", { class: "muted" }, "none");
  const shown = z.show === "pile" ? pieces.slice(-PILE_SHOWN) : pieces;
  const note = z.show === "pile" && pieces.length > 1 ? ` (${pieces.length}, top last)` : "";
  return h("span", {}, drawPieces(z.piece, shown, z.label), note ? h("span", { class: "muted" }, note) : null,
    z.known && z.known.length ? h("span", { class: "muted" }, " known: ", drawPieces(z.piece, z.known)) : null);
}

/**
 * Seats sit around the table while they fit; when they would overlap or spill over the edge
 * (many players on a phone, seat boxes made tall by a game's per-seat cards), they go in a grid.
 */
export function fitFelt(el) {
  el.classList.remove("felt-flow");
  if (el.classList.contains("felt-crowded") && window.matchMedia("(max-width: 600px)").matches) {
    el.classList.add("felt-flow");
    return;
  }
  const box = el.getBoundingClientRect();
  const seats = Array.from(el.querySelectorAll(".seat"), (s) => s.getBoundingClientRect());
  const outside = seats.some((r) => r.top < box.top - 1 || r.bottom > box.bottom + 1
    || r.left < box.left - 1 || r.right > box.right + 1);
  const overlap = seats.some((a, i) => seats.some((b, j) => j > i
    && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom));
  if (outside || overlap) el.classList.add("felt-flow");
}

function seatBox(s, view, ctx, { names, layout, acting, pos }) {
  const me = view.seat === s;
  const info = ctx.seats ? ctx.seats[s] : null;
  const isActing = acting.has(s) && !view.is_over;
  const winner = view.is_over && view.outcome && view.outcome.winners.includes(s);
  const classes = ["seat"];
  if (Math.abs(pos.x) < 0.5) classes.push("seat-wide"); // top or bottom: room across
  if (me) classes.push("seat-me");
  if (isActing) classes.push("seat-acting");
  if (winner) classes.push("seat-winner");
  const name = view.players[s];
  const who = info ? (info.kind === "bot" ? `bot${info.bot ? ` · ${info.bot}` : ""}` : "person") : "";
  const chips = [];
  if (me) chips.push(h("span", { class: "chip chip-you" }, "you"));
  // a seat named by a field (the dealer, the maker, who leads) wears it as a chip
  const roles = layout.info.filter((f) => f.kind === "seat" && view[f.key] === s).map((f) => f.label);
  for (const role of roles) chips.push(h("span", { class: "chip chip-role", title: role }, role.toLowerCase()));
  if (winner) chips.push(h("span", { class: "chip chip-win" }, "winner"));
  const stats = [];
  for (const z of layout.bySeat[s] || []) {
    const title = zoneTitle(z, view.players);
    if (z.show === "hand" && me) stats.push(statRow(title, String(z.count), { zone: z.key }));
    else stats.push(statRow(title, zoneContents(z), { zone: z.key }, Array.isArray(z.pieces) && z.pieces.length && z.show !== "count" ? "stat-cards" : ""));
  }
  for (const f of layout.perSeat) {
    const value = view[f.key][s];
    if (view[f.key].every((v) => v === null)) continue;
    const pieces = f.kind === "pieces" && Array.isArray(value) && value.length;
    stats.push(statRow(f.label, renderField(f, value, names), { key: f.key }, pieces ? "stat-cards" : ""));
  }
  const label = [name, me ? "you" : "", who, ...roles.map((r) => r.toLowerCase()), isActing ? "to act" : "",
    winner ? "winner" : ""].filter(Boolean).join(", ");
  return h("li", { class: classes.join(" "), style: { "--x": pos.x, "--y": pos.y }, dataset: { seat: String(s) } },
    h("span", { class: "visually-hidden" }, `${label}.`),
    h("div", { class: "seat-head", "aria-hidden": "true" }, h("span", { class: "seat-name" }, name), chips),
    who ? h("div", { class: "seat-who", "aria-hidden": "true" }, who) : null,
    isActing ? h("div", { class: "seat-turn", "aria-hidden": "true" }, me ? "your turn" : "to act") : null,
    stats.length ? h("dl", { class: "seat-stats" }, stats) : null);
}

function statRow(label, value, dataset, extra = "") {
  return h("div", { class: `stat ${extra}`.trim(), dataset }, h("dt", {}, label), h("dd", {}, value));
}

// ---- the hand and the moves ---------------------------------------------------------------

/**
 * The seat's hand, from its hand zone (or, before a kernel lists zones, its field of kind
 * "hand"): legal pieces are buttons (a click sends the move), the others pictures.
 */
export function renderHand(el, view, ctx) {
  const layout = arrange(view);
  const hand = layout.hand ? layout.hand.pieces : [];
  const piece = layout.hand ? layout.hand.piece : "";
  el.dataset.zone = layout.hand && layout.hand.zone ? layout.hand.zone : "";
  const myTurn = ctx.byCard.size > 0;
  const items = [];
  let previous = null;
  const at = groupedAt(hand, piece);
  for (const code of hand) {
    const gap = at !== null && previous !== null && previous[at] !== code[at];
    previous = code;
    const moves = ctx.byCard.get(code);
    const picture = piece === "card" ? cardSvg(code) : drawPiece(piece, code);
    const name = piece === "card" ? cardName(code) : String(code);
    if (moves) {
      const move = moves[0];
      items.push(h("li", { class: gap ? "suit-gap" : "" },
        h("button", { type: "button", class: "card card-lg card-legal", "aria-label": capitalise(moveSpeech(move)),
                      title: move, disabled: ctx.pending ? true : null, dataset: { move, card: code } },
          picture)));
    } else {
      items.push(h("li", { class: gap ? "suit-gap" : "" },
        h("span", { class: `card card-lg${myTurn ? " card-inert" : ""}`, role: "img",
                    "aria-label": name + (myTurn ? ", cannot be played now" : ""),
                    dataset: { card: code } }, picture)));
    }
  }
  if (!hand.length) items.push(h("li", { class: "muted empty-hand" }, "Nothing in hand."));
  el.classList.toggle("hand-many", hand.length > 8);
  fill(el, items);
}

/** Where a hand of cards leaves a gap: between suits (index 1), or between ranks (index 0) when
 * it is sorted by rank (fewer rank changes than suit changes); no gaps for other pieces. */
function groupedAt(hand, piece) {
  if (piece !== "card") return null;
  let suits = 0;
  let ranks = 0;
  for (let i = 1; i < hand.length; i += 1) {
    if (hand[i][1] !== hand[i - 1][1]) suits += 1;
    if (hand[i][0] !== hand[i - 1][0]) ranks += 1;
  }
  return ranks < suits ? 0 : 1;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The legal moves that are not a click on a card: buttons (numbers in a row when all are "bid N"). */
export function renderMoveButtons(el, moves, ctx) {
  if (!moves.length) {
    fill(el);
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const verb = numberVerb(moves);
  const buttons = moves.map((move) => h("button", {
    type: "button", class: "move", dataset: { move }, "aria-label": capitalise(moveSpeech(move)), title: move,
    disabled: ctx.pending ? true : null,
  }, verb ? move.split(/\s+/)[1] : moveLabel(move)));
  if (verb) {
    fill(el, h("div", { class: "move-group", role: "group", "aria-label": capitalise(verb) },
      h("span", { class: "move-group-label" }, `${capitalise(verb)}:`), buttons));
  } else {
    fill(el, h("div", { class: "move-group", role: "group", "aria-label": "Moves" }, buttons));
  }
}

// ---- on the table: every declared field and the zones not drawn on the felt --------------

export function renderInfo(el, view) {
  const names = namesOf(view);
  const layout = arrange(view);
  const rows = [];
  for (const f of layout.info) {
    const value = view[f.key];
    if (isEmpty(value)) continue;
    rows.push(infoRow(f.label, renderField(f, value, names), f.key));
  }
  for (const [group, zones] of layout.groups) {
    const shown = zones.filter((z) => z.count > 0);
    if (!shown.length) continue;
    if (group) {
      rows.push(infoRow(group, h("dl", { class: "zone-group" }, shown.map((z) => h("div", { dataset: { zone: z.key } },
        h("dt", {}, z.label), h("dd", {}, zoneContents(z))))), ""));
    } else {
      for (const z of shown) rows.push(h("div", { class: "info-row", dataset: { zone: z.key } }, h("dt", {}, z.label), h("dd", {}, zoneContents(z))));
    }
  }
  fill(el, rows);
}

function infoRow(label, value, key = "") {
  return h("div", { class: "info-row", dataset: key ? { key } : {} }, h("dt", {}, label), h("dd", {}, value));
}

// ---- score sheet, log, outcome, rules, fairness -------------------------------------------

export function renderSheet(el, sheet, view) {
  if (!sheet || !sheet.columns) {
    fill(el);
    return;
  }
  const me = Number.isInteger(view.seat) ? view.players[view.seat] : null;
  const mine = sheet.columns.map((c) => me !== null && (c === me || c.split(/[–\-\s&+]+/).includes(me)));
  const head = h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"),
    sheet.columns.map((c, i) => h("th", { scope: "col", class: mine[i] ? "mine" : "" }, c))));
  const body = h("tbody", {}, sheet.rows.map((row) => h("tr", {},
    h("th", { scope: "row" }, row.label, row.note ? h("div", { class: "note" }, sentence(row.note)) : null),
    row.points.map((p, i) => h("td", { class: mine[i] ? "mine" : "" },
      h("span", { class: "pts" }, p > 0 ? `+${p}` : String(p)),
      h("span", { class: "tot" }, ` = ${row.totals[i]}`),
      row.details && row.details[i] ? h("div", { class: "detail" }, sentence(row.details[i])) : null)))));
  const foot = h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"),
    sheet.totals.map((t, i) => h("td", { class: mine[i] ? "mine" : "" }, String(t)))));
  const table = h("table", { class: "sheet" }, h("caption", { class: "visually-hidden" }, "Score sheet"), head, body, foot);
  fill(el, sheet.rows.length ? null : h("p", { class: "muted" }, "No deal scored yet."), table);
}

export function renderLog(el, events) {
  const list = events || [];
  const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  fill(el, list.map((text) => h("li", {}, sentence(text))));
  if (atBottom) el.scrollTop = el.scrollHeight;
}

export function renderOutcome(el, view) {
  if (!view.is_over || !view.outcome) {
    el.hidden = true;
    fill(el);
    return;
  }
  const { winners, scores, reason } = view.outcome;
  const names = winners.map((w) => view.players[w]);
  const verdict = Number.isInteger(view.seat) ? (winners.includes(view.seat) ? "You win!" : "You lose.") : null;
  el.hidden = false;
  fill(el,
    h("h2", {}, "Game over"),
    h("p", { class: "outcome-line" }, h("strong", {}, `${joinNames(names)} ${names.length > 1 ? "win" : "wins"}.`), " ",
      sentence(reason)),
    verdict ? h("p", { class: "verdict" }, verdict) : null,
    h("p", { class: "final-scores" }, "Final scores: ", view.players.map((p, s) => `${p} ${scores[s]}`).join(" · ")));
}

function optionValueText(value) {
  if (typeof value === "boolean") return value ? "on" : "off";
  return String(value);
}

/** The rules in effect: the preset, each option's value with its label and the rule it changes. */
export function renderRules(el, view, spec) {
  const options = view.options || {};
  const infos = spec ? spec.options : Object.keys(options).map((name) => ({ name, label: prettyKey(name), help: "" }));
  const preset = view.preset && spec && spec.presets ? spec.presets[view.preset] : null;
  const items = infos.filter((o) => o.name in options).map((o) => {
    const value = options[o.name];
    const changed = "default" in o && value !== o.default;
    const fromPreset = preset && o.name in preset.values;
    return h("li", { class: changed ? "changed" : "" },
      h("div", {}, h("strong", {}, o.label), ": ", h("span", { class: "opt-value" }, optionValueText(value)),
        fromPreset ? h("span", { class: "chip" }, `preset ${view.preset}`) : null,
        changed ? h("span", { class: "muted" }, ` (default ${optionValueText(o.default)})`) : null),
      o.help ? h("div", { class: "help" }, o.help) : null);
  });
  fill(el,
    h("p", {}, view.preset ? h("span", {}, "Preset ", h("strong", {}, view.preset), preset ? `: ${preset.description}` : "")
      : "The book's rules, with these options:"),
    items.length ? h("ul", { class: "rules-list" }, items) : h("p", { class: "muted" }, "This game has no options."),
    spec && spec.rules ? h("details", { class: "rules-text" }, h("summary", {}, `How ${spec.title} is played`),
      h("div", { class: "prose" }, spec.rules)) : null);
}

export function renderFairness(el, commitment, seed, verified) {
  fill(el,
    h("p", {}, "Before the first deal the server committed to its shuffle seed by publishing its SHA-256 hash; "
      + "the seed itself is revealed when the game ends, so anyone can check the deals were not steered."),
    h("dl", { class: "fair" },
      h("div", {}, h("dt", {}, "Commitment (SHA-256)"), h("dd", {}, h("code", { class: "hash" }, commitment || "—"))),
      h("div", {}, h("dt", {}, "Seed"), h("dd", {}, seed !== null && seed !== undefined
        ? h("span", {}, h("code", { class: "hash" }, String(seed)),
          verified ? h("span", { class: "ok" }, " ✓ its SHA-256 matches the commitment") : null)
        : h("span", { class: "muted" }, "revealed when the game is over")))));
}

