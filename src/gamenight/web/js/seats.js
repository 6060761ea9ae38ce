// The seats: each player's box (name, who plays it, roles, whose turn, what it holds and has
// taken), drawn from the view's layout (layout.js arrange: its zones by seat and per-seat fields),
// the table's seats (names, people or bots, connected) and who is being waited for.
//
// The felt (felt.js) places these boxes; this module only draws them and their words.

import { h } from "./dom.js";
import { cardLabel, isCard } from "./cards.js";
import { zoneTitle } from "./layout.js";
import { renderField } from "./render.js";
import { zoneContents } from "./felt.js";

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

export function seatBox(s, view, ctx, { layout, waits, held, pos }) {
  const me = view.seat === s;
  const info = ctx.seats ? ctx.seats[s] : null;
  const wait = waits.get(s);
  const winner = view.is_over && view.outcome && view.outcome.winners.includes(s);
  const takes = held && held.winner === s;
  const classes = ["seat"];
  if (pos && Math.abs(pos.x) < 0.5) classes.push("seat-wide"); // top or bottom: room across
  if (me) classes.push("seat-me");
  if (wait) classes.push("seat-acting");
  if (winner) classes.push("seat-winner");
  if (takes) classes.push("seat-takes");
  if (info && info.connected === false) classes.push("seat-away");
  const name = seatName(view, ctx, s);
  const who = info ? (info.kind === "bot" ? `bot${info.bot ? ` · ${info.bot}` : ""}` : "person") : "";
  const chips = [];
  if (me) chips.push(h("span", { class: "chip chip-you" }, "you"));
  const roles = layout.info.filter((f) => f.kind === "seat" && view[f.key] === s).map((f) => f.label);
  for (const role of roles) chips.push(h("span", { class: "chip chip-role", title: role }, role.toLowerCase()));
  if (ctx.teamOf && ctx.teamOf[s] !== undefined && ctx.teamOf[s] === ctx.myTeam && !me) chips.push(h("span", { class: "chip chip-partner" }, "partner"));
  if (winner) chips.push(h("span", { class: "chip chip-win" }, "winner"));
  const stats = [];
  for (const z of layout.bySeat[s] || []) {
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
    if (view[f.key].every((v) => v === null || v === false)) continue;
    if (f.kind === "flag") {
      if (value) chips.push(h("span", { class: "chip chip-flag" }, f.label.toLowerCase()));
      continue;
    }
    const pieces = f.kind === "pieces" && Array.isArray(value) && value.length;
    // a sentence (a player's contract) reads across the panel, not a word a line in one grid cell
    const sentence = f.kind === "text" && typeof value === "string" && value.includes(" ");
    stats.push(statRow(f.label, renderField(f, value, ctx.names), { key: f.key },
      pieces ? "stat-cards" : sentence ? "stat-wide" : ""));
  }
  const said = lastSaid(view, layout, s);
  const waited = wait && wait.since ? h("span", { class: "waited", dataset: { since: String(wait.since) } },
    elapsed(wait.since, ctx.now)) : null;
  const label = [name, me ? "you" : "", who, ...roles.map((r) => r.toLowerCase()), wait ? "to act" : "",
    takes ? "takes the trick" : "", winner ? "winner" : "", info && info.connected === false ? "away" : ""]
    .filter(Boolean).join(", ");
  const style = pos ? { "--x": pos.x, "--y": pos.y } : {};
  return h("li", { class: classes.join(" "), style, dataset: { seat: String(s) } },
    h("span", { class: "visually-hidden" }, `${label}.`),
    h("div", { class: "seat-head", "aria-hidden": "true" }, h("span", { class: "seat-name" }, name), chips),
    who ? h("div", { class: "seat-who", "aria-hidden": "true" }, who, info && info.connected === false ? " · away" : "") : null,
    wait ? h("div", { class: "seat-turn" }, me ? "your turn" : "to act", waited ? " · " : "", waited) : null,
    takes ? h("div", { class: "seat-takes-note", "aria-hidden": "true" }, "takes the trick") : null,
    said ? h("div", { class: "said", title: said.label }, said.text) : null,
    stats.length ? h("dl", { class: "seat-stats" }, stats) : null);
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
