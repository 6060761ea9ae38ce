// The seats: each player as a compact chip (name, cards held, roles, a ring and a clock on the seat
// to act) that opens its details (who plays it, what it holds and has taken), drawn from the view's
// layout (layout.js arrange: its zones by seat and per-seat fields), the table's seats (names,
// people or bots, connected) and who is being waited for.
//
// The felt (felt.js) puts the other seats' chips in a strip at its top; the viewer's own chip sits
// in the tray's status line (renderMySeat). On a phone a chip's details open as a sheet; on a wide
// screen with few seats they show under the chip (CSS).

import { h } from "./dom.js";
import { cardLabel, isCard } from "./cards.js";
import { zoneTitle } from "./layout.js";
import { renderField } from "./render.js";
import { zoneContents } from "./felt.js";
import { seatKindWord } from "./people.js";

/** A seat's name: the one the table gave it (a person's chosen name), else the engine's. */
export function seatName(view, ctx, seat) {
  const info = ctx.seats && ctx.seats[seat];
  return (info && info.name) || (view.players || [])[seat] || `Seat ${seat + 1}`;
}

/** "12 s", "3 min": how long a seat has been waited for. */
export function elapsed(since, now) {
  const s = Math.max(0, Math.floor(now - since));
  return s < 90 ? `${s} s` : `${Math.floor(s / 60)} min`;
}

/** The seats being waited for, each with when it started ({seat, since} or since null). */
export function waitingFor(view, ctx) {
  if (view.is_over) return [];
  if (Array.isArray(ctx.waiting)) return ctx.waiting.filter((w) => Number.isInteger(w.seat));
  return (view.to_act || []).map((seat) => ({ seat, since: null }));
}

/** Where seat `s` sits: the page's own seat at the bottom, play going clockwise (to its left). */
export function seatAngle(seat, bottom, n) {
  const rel = (seat - bottom + n) % n;
  const angle = ((90 + (rel * 360) / n) * Math.PI) / 180;
  return { x: Math.cos(angle).toFixed(3), y: Math.sin(angle).toFixed(3) };
}

/** The seat whose details are open as a sheet (null: none); kept here so a redraw keeps it open. */
let openSeat = null;

/**
 * A seat as a compact chip (its name, cards held, roles, what it said, a ring and a clock when it is
 * to act) that opens its details (who plays it, what it holds and has taken, its per-seat fields):
 * a sheet on a phone, beside the chip where there is room.
 */
export function seatBox(s, view, ctx, { layout, waits, held }) {
  const me = view.seat === s;
  const info = ctx.seats ? ctx.seats[s] : null;
  const wait = waits.get(s);
  const winner = view.is_over && view.outcome && view.outcome.winners.includes(s);
  const takes = held && held.winner === s;
  const classes = ["seat"];
  if (me) classes.push("seat-me");
  if (wait) classes.push("seat-acting");
  if (winner) classes.push("seat-winner");
  if (takes) classes.push("seat-takes");
  if (info && info.connected === false) classes.push("seat-away");
  if (openSeat === s) classes.push("seat-open");
  const name = seatName(view, ctx, s);
  const who = seatKindWord(info);
  const roles = layout.info.filter((f) => f.kind === "seat" && view[f.key] === s).map((f) => f.label);
  const partner = ctx.teamOf && ctx.teamOf[s] !== undefined && ctx.teamOf[s] === ctx.myTeam && !me;
  const flags = layout.perSeat.filter((f) => f.kind === "flag" && view[f.key][s]).map((f) => f.label.toLowerCase());
  const chips = [];
  if (me) chips.push(h("span", { class: "chip chip-you" }, "you"));
  for (const role of roles) chips.push(h("span", { class: "chip chip-role", title: role }, role.toLowerCase()));
  if (partner) chips.push(h("span", { class: "chip chip-partner" }, "partner"));
  if (winner) chips.push(h("span", { class: "chip chip-win" }, "winner"));
  for (const flag of flags) chips.push(h("span", { class: "chip chip-flag" }, flag));
  const said = lastSaid(view, layout, s);
  const waited = wait && wait.since ? h("span", { class: "waited", dataset: { since: String(wait.since) } },
    elapsed(wait.since, ctx.now)) : null;
  const label = [name, me ? "you" : "", who, ...roles.map((r) => r.toLowerCase()), wait ? "to act" : "",
    takes ? "takes the trick" : "", winner ? "winner" : "", info && info.connected === false ? "away" : ""]
    .filter(Boolean).join(", ");
  const detailId = `seat-detail-${s}`;
  const chip = h("button", {
    type: "button", class: "seat-chip", "aria-expanded": openSeat === s ? "true" : "false",
    "aria-controls": detailId, "aria-label": `${label}: details`, dataset: { seatChip: String(s) },
  },
  h("span", { class: "seat-name", "aria-hidden": "true" }, name),
  handCount(layout, s, me),
  chips.length ? h("span", { class: "seat-badges", "aria-hidden": "true" }, chips) : null,
  said ? h("span", { class: "said", title: said.label, "aria-hidden": "true" }, said.text) : null,
  wait ? h("span", { class: "seat-turn", "aria-hidden": "true" }, me ? "your turn" : "to act", waited ? " · " : "", waited) : null,
  takes ? h("span", { class: "seat-takes-note", "aria-hidden": "true" }, "takes the trick") : null);
  return h("li", { class: classes.join(" "), dataset: { seat: String(s) } },
    chip,
    me ? null : seatTable(s, view, layout),
    seatDetail(s, view, ctx, layout, { detailId, name, who, info, chips, said, me }));
}

/** How many pieces a seat holds (its hand zone's count), beside its name on the chip. */
function handCount(layout, s, me) {
  const hand = (layout.bySeat[s] || []).find((z) => z.show === "hand");
  if (!hand || me || (!hand.count && !(hand.known || []).length)) return null;
  return h("span", { class: "seat-count", title: `${hand.count} in hand`, "aria-hidden": "true" },
    h("span", { class: "mini-back" }), String(hand.count));
}

/** The seat's details: what the seat box showed, in a sheet with a close button. */
function seatDetail(s, view, ctx, layout, { detailId, name, who, info, chips, said, me }) {
  const stats = [];
  const onTable = new Set(tableZones(layout, s));
  for (const z of layout.bySeat[s] || []) {
    if (onTable.has(z)) continue; // drawn on the felt, in view: not again in the details
    const title = zoneTitle(z, view.players);
    if (z.show === "hand" && me) stats.push(statRow(title, String(z.count), { zone: z.key }));
    else {
      // a hand's known cards need the panel's width: drawn in one grid cell they ran over the next
      const wide = (z.known && z.known.length) || z.show === "grid" ? "stat-wide" : "";
      const cards = Array.isArray(z.pieces) && z.pieces.length && z.show !== "count" ? "stat-cards" : "";
      stats.push(statRow(title, zoneContents(z), { zone: z.key }, `${cards} ${wide}`));
    }
  }
  for (const f of layout.perSeat) {
    const value = view[f.key][s];
    if (f.kind === "flag" || view[f.key].every((v) => v === null || v === false)) continue;
    const pieces = f.kind === "pieces" && Array.isArray(value) && value.length;
    // a sentence (a player's contract) reads across the panel, not a word a line in one grid cell
    const sentence = f.kind === "text" && typeof value === "string" && value.includes(" ");
    stats.push(statRow(f.label, renderField(f, value, ctx.names), { key: f.key },
      pieces ? "stat-cards" : sentence ? "stat-wide" : ""));
  }
  return h("div", { class: "seat-detail", id: detailId, role: "group", "aria-label": `${name}: details` },
    h("div", { class: "seat-head" }, h("strong", { class: "seat-detail-name" }, name),
      chips.map((c) => c.cloneNode(true)),
      h("button", { type: "button", class: "secondary sheet-close seat-close", dataset: { seatClose: String(s) } }, "Close")),
    who ? h("div", { class: "seat-who" }, who, info && info.connected === false ? " · away" : "") : null,
    said ? h("div", { class: "said-line" }, `${said.label}: `, h("span", { class: "said" }, said.text)) : null,
    stats.length ? h("dl", { class: "seat-stats" }, stats) : null);
}

/** A seat's zones that lie face up on the table (Golf's grid, Sweep's stacks, a player's melds):
 * play, so on the felt in view, not in the details sheet. */
export function tableZones(layout, s) {
  return (layout.bySeat[s] || []).filter((z) => z.show !== "hand" && z.show !== "count"
    && Array.isArray(z.pieces) && (z.pieces.length > 0 || z.show === "grid"));
}

/** What a seat has on the table, under its chip (the viewer's: at the felt's foot, by the hand). */
export function seatTable(s, view, layout, extra = "") {
  const zones = tableZones(layout, s);
  if (!zones.length) return null;
  return h("div", { class: `seat-table ${extra}`.trim() }, zones.map((z) => h("div", { class: "seat-zone", dataset: { zone: z.key } },
    h("span", { class: "seat-zone-label" }, zoneTitle(z, view.players)), zoneContents(z))));
}

/** The viewer's own table zones on the felt: a seat box of their own (.seat[data-seat]) at its foot. */
export function myTable(view, layout) {
  const me = Number.isInteger(view.seat) ? view.seat : null;
  if (me === null || !tableZones(layout, me).length) return null;
  return h("div", { class: "seat seat-mine-table", dataset: { seat: String(me) }, "aria-label": "Yours on the table", role: "group" },
    seatTable(me, view, layout));
}

/** The viewer's own seat, drawn in the tray's status line (the felt strip holds the others). */
export function renderMySeat(el, view, ctx, layout, waits) {
  const me = Number.isInteger(view.seat) ? view.seat : null;
  if (me === null || me >= (view.players || []).length) {
    el.replaceChildren();
    return;
  }
  el.replaceChildren(h("ul", { class: "seats my-seat-list", "aria-label": "You" },
    seatBox(me, view, ctx, { layout, waits, held: ctx.held })));
}

/** A tap on a seat chip opens its details (another tap, Close or Escape closes them). */
export function onSeatTap(event) {
  const close = event.target.closest && event.target.closest("[data-seat-close]");
  const chip = event.target.closest && event.target.closest("[data-seat-chip]");
  if (!close && !chip) return false;
  const seat = chip ? Number(chip.dataset.seatChip) : null;
  setOpenSeat(close || seat === openSeat ? null : seat);
  if (chip && openSeat !== null) {
    const closer = document.querySelector(`.seat[data-seat="${openSeat}"] [data-seat-close]`);
    if (closer) closer.focus();
  }
  if (close) {
    const back = document.querySelector(`[data-seat-chip="${close.dataset.seatClose}"]`);
    if (back) back.focus();
  }
  return true;
}

/** Close the open seat's details (Escape); true when one was open. */
export function closeSeat() {
  if (openSeat === null) return false;
  const seat = openSeat;
  setOpenSeat(null);
  const back = document.querySelector(`[data-seat-chip="${seat}"]`);
  if (back) back.focus();
  return true;
}

function setOpenSeat(seat) {
  openSeat = seat;
  for (const li of document.querySelectorAll(".seat[data-seat]")) {
    const open = Number(li.dataset.seat) === seat;
    li.classList.toggle("seat-open", open);
    const chip = li.querySelector("[data-seat-chip]");
    if (chip) chip.setAttribute("aria-expanded", open ? "true" : "false");
  }
  document.body.classList.toggle("seat-sheet-open", seat !== null);
}

/** What a seat said last (its latest entry in a field of kind "plays": a bid, a call). */
function lastSaid(view, layout, seat) {
  for (const f of layout.calls) {
    const plays = view[f.key];
    if (!Array.isArray(plays)) continue;
    const mine = plays.filter((p) => p && p.seat === seat);
    if (!mine.length) continue;
    const last = mine[mine.length - 1];
    const value = Object.entries(last).filter(([k]) => k !== "seat").map(([, v]) => v).join(" ");
    return { label: f.label, text: value.split(/\s+/).map((w) => (isCard(w) ? cardLabel(w) : w)).join(" ") };
  }
  return null;
}

function statRow(label, value, dataset, extra = "") {
  return h("div", { class: `stat ${extra}`.trim(), dataset }, h("dt", {}, label), h("dd", {}, value));
}

/** Bring every "waiting 12 s" on the page up to date (called once a second). */
export function tickWaiting(root, now) {
  for (const el of root.querySelectorAll(".waited[data-since]")) el.textContent = elapsed(Number(el.dataset.since), now);
}
