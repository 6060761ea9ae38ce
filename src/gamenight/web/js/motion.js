// Motion with restraint: pieces travel where they went, so a person sees what happened.
//
// The page draws every state afresh; motion.js looks at the drawing on either side of it. Before a
// drawing, `remember(root)` notes where each piece is on screen by a stable key (a card by its
// code, a domino tile by its ends, a marble by its colour); after it, `animate(root, before)` makes
// each piece that moved travel from its old box to its new one (FLIP, with the Web Animations API):
//
// - a piece on screen before and after (a card played from the hand to the trick, a hand sorted)
//   travels from where it was;
// - a piece that appears inside a seat's place (a card another player played to the trick) comes
//   from that seat's box; one that appears in the hand (dealt, drawn) from the pile that shrank, or
//   the middle of the table;
// - a trick that goes (gathered) travels to the seat that took it;
// - dice whose faces changed tumble; a marble glides from its old hole to its new one.
//
// A traveller is a copy of the piece drawn in a layer above the page (so the felt's edge does not
// clip it), while the real piece, already in place and usable, stays invisible for the flight: a
// tap lands on the real piece at once, and nothing waits for an animation. Every animation ends by
// itself within MOTION_MS (plus a short stagger when many pieces arrive at once, a deal).
//
// With prefers-reduced-motion: reduce, nothing travels or tumbles: a piece that changed place
// fades in where it lands.
//
// Sounds (optional, off unless the person turns them on; remembered in localStorage): tiny tones
// made with WebAudio, no audio files.

import { screenPath } from "./screen_link.js";
import { deckToggle } from "./deck.js";
import { useSheet } from "./dom.js";

/** How long a piece travels. */
export const MOTION_MS = 260;
/** The pause between pieces arriving together (a deal), and the most of it in all. */
const STAGGER_MS = 25;
const STAGGER_MAX_MS = 240;
/** A piece that moved less than this has not moved (a rounding of the layout). */
const MIN_TRAVEL_PX = 6;
/** More pieces moving at once than this is the page laid out again (a turned tablet), not a move. */
const MAX_TRAVELLERS = 30;

const PIECES = ".card[data-card], .tile[data-piece], .track-marble";
const SOUND_KEY = "gamenight.sound";

/** Whether the person asked for less motion (read each time: it can change while the page is open). */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// ---- where things are ------------------------------------------------------------------------------

/** A piece's key: the same piece has it wherever it is drawn (null: not a piece that travels). */
function pieceKey(el) {
  if (el.classList.contains("track-marble")) {
    const disc = el.querySelector("circle");
    return `marble:${disc ? disc.getAttribute("fill") : ""}`;
  }
  if (el.dataset.card) return `card:${el.dataset.card}`;
  if (el.dataset.piece) return `tile:${el.dataset.piece}`;
  return null;
}

/** The pieces under `root` that travel: those on the felt and in the hand (not a card named in the
 * log or a deal's summary, nor a copy in flight), outermost only (a hand's card button, not the
 * picture in it). */
function piecesIn(root) {
  return Array.from(root.querySelectorAll(PIECES)).filter((el) => {
    if (!el.closest(".felt, .hand") || el.closest(".motion-layer")) return false;
    const outer = el.parentElement && el.parentElement.closest(PIECES);
    return !outer || !root.contains(outer);
  });
}

function boxOf(el) {
  const r = el.getBoundingClientRect();
  return r.width || r.height ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
}

/** The place a piece lies in, by a key the next drawing gives the same place: the hand, a zone
 * (the trick, a pile, a seat's grid or melds), a seat's box, a picture of the table, else the felt. */
const PLACES = ".hand, [data-zone], .seat[data-seat], .felt-picture-field[data-key], .track-picture, .felt";

function placeKey(place) {
  if (place.classList.contains("hand")) return "hand";
  if (place.dataset.zone) return `zone:${place.dataset.zone}`;
  if (place.classList.contains("seat")) return `seat:${place.dataset.seat}`;
  if (place.dataset.key) return `field:${place.dataset.key}`;
  return place.classList.contains("track-picture") ? "track" : "felt";
}

/**
 * Which place a piece lies in and where in it: a piece that kept its place has not moved, though
 * the place did (the felt grew a line, the page scrolled, a pile grew and centred itself again).
 */
function framed(el, box, frames) {
  const place = el.closest(PLACES) || el.closest(".felt, .hand");
  if (!frames.has(place)) frames.set(place, boxOf(place) || { left: 0, top: 0 });
  const at = frames.get(place);
  return { frame: placeKey(place), frameBox: at, rel: { left: box.left - at.left, top: box.top - at.top } };
}

/** A marble gliding is measured where it is going, not where the glide has it now. */
function settle(el) {
  if (!(el instanceof SVGElement) || !el.getAnimations) return;
  for (const a of el.getAnimations()) if (a.id === "gn-travel") a.finish();
}

function countOf(el) {
  const count = el.querySelector(".count");
  const n = count ? parseInt(count.textContent, 10) : el.querySelectorAll(".card").length;
  return Number.isFinite(n) ? n : 0;
}

/** What each root shows now (its `stamp`): motion follows a change of state, not a redrawing of the
 * same one (a card selected, a button pressed). */
const shown = new WeakMap();

/**
 * Where every piece under `root` is now, by key, with the seats' and piles' boxes: what `animate`
 * compares the next drawing with; null when the drawing to come shows what is on screen already
 * (the same `stamp`: the table's version and whatever else changes what is on it) or the page's
 * first drawing (nothing travels onto a page being opened). Cheap: one getBoundingClientRect per piece.
 */
export function remember(root, stamp) {
  const was = shown.get(root);
  shown.set(root, stamp);
  if (was === undefined || was === stamp) return null;
  const pieces = new Map();
  const frames = new Map();
  for (const el of piecesIn(root)) {
    settle(el);
    const key = pieceKey(el);
    const box = key && boxOf(el);
    if (!box) continue;
    if (!pieces.has(key)) pieces.set(key, []);
    pieces.get(key).push({ el, box, ...framed(el, box, frames), gathered: takerOf(el), hiddenFor: hiddenFor(el) });
  }
  const seats = new Map();
  for (const el of root.querySelectorAll(".seat[data-seat]")) seats.set(el.dataset.seat, boxOf(el));
  const piles = new Map();
  for (const el of root.querySelectorAll(".felt-pile[data-zone]")) piles.set(el.dataset.zone, { box: boxOf(el), count: countOf(el) });
  const acting = root.querySelectorAll(".seat-acting[data-seat]");
  return { pieces, seats, piles, dice: diceFaces(root), centre: boxOf(root.querySelector(".felt") || root),
           acting: acting.length === 1 ? boxOf(acting[0]) : null };
}

/** How much longer a piece stays invisible for a flight to it (0: it is not in flight): a drawing
 * that puts the piece in the same place again (the trick drawn anew as taken) keeps the new one
 * hidden as long, so the card never shows under its own copy still on its way. */
function hiddenFor(el) {
  const hide = el.getAnimations ? el.getAnimations().find((a) => a.id === "gn-hide") : null;
  if (!hide || hide.playState !== "running") return 0;
  return Math.max(0, Number(hide.effect.getTiming().duration) - Number(hide.currentTime));
}

/** The seat that takes a finished trick this piece lies in (drawn with the winner marked), or null. */
function takerOf(el) {
  const trick = el.closest(".trick-done");
  if (!trick) return null;
  const felt = trick.closest(".felt") || document;
  const taker = felt.querySelector(".seat-takes[data-seat]");
  return taker ? taker.dataset.seat : null;
}

function diceFaces(root) {
  return Array.from(root.querySelectorAll(".dice-rolled .die"), (d) => d.dataset.piece).join(" ");
}

// ---- how they move ---------------------------------------------------------------------------------

let layer = null;

/** The layer the travellers fly in: above everything, never in the way of a tap or a screen reader. */
function flightLayer() {
  if (layer && layer.isConnected) return layer;
  layer = document.createElement("div");
  layer.className = "motion-layer";
  layer.setAttribute("aria-hidden", "true");
  Object.assign(layer.style, { position: "fixed", inset: "0", pointerEvents: "none", zIndex: "1000", overflow: "hidden" });
  document.body.append(layer);
  return layer;
}

/** A copy of `el` drawn at screen box `box` in the flight layer, gone when its animation ends. */
function copyAt(el, box) {
  const copy = el.cloneNode(true);
  for (const withId of [copy, ...copy.querySelectorAll("[id]")]) withId.removeAttribute("id");
  copy.removeAttribute("tabindex");
  Object.assign(copy.style, { position: "absolute", left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`,
    height: `${box.height}px`, margin: "0", transformOrigin: "0 0", transition: "none" });
  flightLayer().append(copy);
  return copy;
}

function removeWhenDone(animation, copy) {
  const gone = () => copy.remove();
  animation.finished.then(gone, gone);
}

/** The transform that puts a box drawn at `at` over box `over`. */
function shift(at, over, scale = null) {
  const sx = scale ?? (over.width / at.width || 1);
  const sy = scale ?? (over.height / at.height || 1);
  return `translate(${over.left - at.left}px, ${over.top - at.top}px) scale(${sx}, ${sy})`;
}

/** A copy of `el` flying from box `from` to box `to` (screen boxes), `delay` ms after now. */
function fly(el, from, to, delay = 0) {
  const copy = copyAt(el, to);
  removeWhenDone(copy.animate([{ transform: shift(to, from) }, { transform: "none" }],
    { duration: MOTION_MS, delay, easing: "cubic-bezier(.2, .7, .3, 1)", fill: "backwards", id: "gn-travel" }), copy);
}

/** The real piece invisible while its copy flies to it (it is in place and takes taps all along). */
function hideDuringFlight(el, delay) {
  hideFor(el, MOTION_MS + delay);
}

function hideFor(el, ms) {
  el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms, id: "gn-hide" });
}

/** A copy of a piece no longer drawn flying from where it was to `to`, shrinking and fading there
 * (a trick gathered by the seat that took it). */
function flyAway(el, from, to) {
  const copy = copyAt(el, from);
  removeWhenDone(copy.animate([{ transform: "none", opacity: 1 }, { transform: shift(from, to, 0.5), opacity: 0 }],
    { duration: MOTION_MS, easing: "ease-in", fill: "forwards", id: "gn-travel" }), copy);
}

/** A marble (an SVG group) glides in its picture from `from` to where it is now. */
function glide(el, from, to) {
  const svg = el.ownerSVGElement;
  const matrix = svg && svg.getScreenCTM();
  const scale = matrix && matrix.a ? matrix.a : 1;
  el.animate([
    { transform: `translate(${(from.left - to.left) / scale}px, ${(from.top - to.top) / scale}px)` },
    { transform: "none" },
  ], { duration: MOTION_MS, easing: "ease-in-out", id: "gn-travel" });
}

function fadeIn(el, delay = 0) {
  el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 200, delay, fill: "backwards", id: "gn-fade" });
}

function tumble(die, i) {
  die.animate([
    { transform: `rotate(${i % 2 ? 220 : -200}deg) scale(.6)`, opacity: 0.4 },
    { transform: "rotate(0deg) scale(1.08)", opacity: 1, offset: 0.8 },
    { transform: "none" },
  ], { duration: MOTION_MS + 40 + 30 * (i % 3), easing: "ease-out", composite: "add", id: "gn-tumble" });
}

function far(a, b) {
  return Math.hypot(a.left - b.left, a.top - b.top) >= MIN_TRAVEL_PX;
}

/** A small box in the middle of `box`, the size of `like`, half scale: where an arrival starts. */
function middleOf(box, like) {
  const width = like.width / 2;
  const height = like.height / 2;
  return { left: box.left + box.width / 2 - width / 2, top: box.top + box.height / 2 - height / 2, width, height };
}

// ---- comparing two drawings ----------------------------------------------------------------------------

/** Each piece drawn now, paired with where it was: the one left in place first, then the rest in order. */
function pair(before, now) {
  const moves = [];
  const arrivals = [];
  const departures = [];
  const kept = []; // drawn anew where they were, a flight to them still on its way
  const seen = new Set();
  const frames = new Map();
  for (const el of piecesIn(now.root)) {
    const key = pieceKey(el);
    const box = key && boxOf(el);
    if (!box) continue;
    seen.add(key);
    if (!now.byKey.has(key)) now.byKey.set(key, []);
    now.byKey.get(key).push({ el, box, ...framed(el, box, frames) });
  }
  for (const [key, list] of now.byKey) {
    const old = [...(before.pieces.get(key) || [])];
    const rest = [];
    for (const item of list) {
      const i = old.findIndex((o) => o.frame === item.frame && !far(o.rel, item.rel));
      if (i < 0) {
        rest.push(item);
        continue;
      }
      const [was] = old.splice(i, 1); // still where it was in its frame: nothing new to show
      if (was.hiddenFor > 0 && was.el !== item.el) kept.push({ el: item.el, ms: was.hiddenFor });
    }
    rest.forEach((item, i) => (i < old.length ? moves.push({ ...item, from: startOf(old[i], item), crossed: old[i].frame !== item.frame }) : arrivals.push(item)));
    departures.push(...old.slice(rest.length));
  }
  for (const [key, old] of before.pieces) if (!seen.has(key)) departures.push(...old);
  return { moves, arrivals, departures, kept };
}

/** Where a piece that moved starts: where it was, or within its frame where it was there (the
 * frame's own shift is not the piece's move). */
function startOf(old, item) {
  if (old.frame !== item.frame) return old.box;
  return { ...old.box, left: item.frameBox.left + old.rel.left, top: item.frameBox.top + old.rel.top };
}

/** Where an arriving piece comes from: the seat that played it (a trick's card), a pile that shrank
 * (a card drawn into the hand, dealt from the stock), the seat that was to act (a card it laid on a
 * pile), else the middle of the table (a deal); null: it is turned up where it lies (a card of a
 * seat's grid), and fades in. */
function originOf(item, before) {
  const seat = item.el.closest("[data-seat]");
  if (seat && seat.classList.contains("seat")) return null;
  const seatBox = seat ? before.seats.get(seat.dataset.seat) : null;
  if (seatBox) return middleOf(seatBox, item.box);
  const onPile = item.el.closest(".felt-pile");
  if (!onPile) {
    for (const [zone, pile] of before.piles) {
      const now = document.querySelector(`.felt-pile[data-zone="${CSS.escape(zone)}"]`);
      if (pile.box && now && countOf(now) < pile.count) return middleOf(pile.box, item.box);
    }
  } else if (before.acting) {
    return middleOf(before.acting, item.box);
  }
  return before.centre ? middleOf(before.centre, item.box) : null;
}

/**
 * Animate what changed between `before` (from `remember`) and the drawing now under `root`.
 * Returns how many pieces were set moving (tests and sounds read it).
 */
export function animate(root, before) {
  if (!before || document.hidden || typeof Element.prototype.animate !== "function") return 0;
  const paired = pair(before, { root, byKey: new Map() });
  const { arrivals, departures, kept } = paired;
  // within one place, only the hand's cards (sorted, a gap closed) and marbles show their way: a
  // pile or a row centring itself again is not news
  const moves = paired.moves.filter((m) => m.crossed || m.frame === "hand" || m.el instanceof SVGElement);
  const dice = Array.from(root.querySelectorAll(".dice-rolled .die"));
  const rolled = dice.length > 0 && diceFaces(root) !== before.dice;
  if (moves.length + arrivals.length > MAX_TRAVELLERS) return 0;
  const reduce = reducedMotion();
  for (const { el, ms } of kept) hideFor(el, ms);
  let started = 0;
  arrivals.forEach((item, i) => {
    const delay = Math.min(i * STAGGER_MS, STAGGER_MAX_MS);
    const from = reduce ? null : originOf(item, before);
    if (!from) {
      fadeIn(item.el, delay);
    } else {
      if (item.el instanceof SVGElement) glide(item.el, from, item.box);
      else {
        fly(item.el, from, item.box, delay);
        hideDuringFlight(item.el, delay);
      }
    }
    started += 1;
  });
  for (const item of moves) {
    if (reduce) {
      if (item.crossed) fadeIn(item.el); // it went somewhere else (hand to trick): it appears there
      else continue; // moved up within its row: it is simply there
    } else if (item.el instanceof SVGElement) glide(item.el, item.from, item.box);
    else {
      fly(item.el, item.from, item.box);
      hideDuringFlight(item.el, 0);
    }
    started += 1;
  }
  if (!reduce) {
    for (const item of departures) {
      const to = item.gathered !== null ? seatBoxNow(root, item.gathered) : null;
      if (to && !(item.el instanceof SVGElement)) {
        flyAway(item.el, item.box, middleOf(to, item.box));
        started += 1;
      }
    }
  }
  if (rolled) {
    dice.forEach((die, i) => (reduce ? fadeIn(die) : tumble(die, i)));
    started += dice.length;
  }
  if (started) sound(rolled ? "dice" : "card");
  return started;
}

function seatBoxNow(root, seat) {
  const el = root.querySelector(`.seat[data-seat="${CSS.escape(seat)}"]`);
  return el ? boxOf(el) : null;
}

// ---- sounds ----------------------------------------------------------------------------------------------

let audio = null;

export function soundOn() {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

/** A short tone: a card's soft tick, or a rattle of three for dice. Never a file, never loud. */
function sound(kind) {
  if (!soundOn()) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const notes = kind === "dice" ? [0, 0.05, 0.11] : [0];
    for (const at of notes) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const t = audio.currentTime + at;
      osc.type = kind === "dice" ? "square" : "triangle";
      osc.frequency.setValueAtTime(kind === "dice" ? 180 + 90 * Math.random() : 520, t);
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.06, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.09);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + 0.1);
    }
  } catch {
    // no WebAudio here: silence
  }
}

/** The menu's "Sounds" switch: a button pressed while sounds are on, which turns them on or off. */
export function soundToggle() {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "menu-extra sound-toggle";
  button.append(pill("Sounds"));
  const show = () => {
    const on = soundOn();
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.title = on ? "Sounds are on: tap to turn them off" : "Sounds are off: tap to turn them on";
  };
  button.addEventListener("click", () => {
    try {
      localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
    } catch {
      // storage refused: the switch cannot be remembered
    }
    show();
    sound("card"); // the tap lets the browser start its audio, and the person hears what it sounds like
  });
  show();
  return button;
}

/** The visible part of a menu extra (the whole of it, larger, takes the tap). */
function pill(text) {
  const span = document.createElement("span");
  span.className = "menu-pill";
  span.textContent = text;
  return span;
}

/** What the table page's menu gains: the sounds switch, and the link to the table's shared screen
 * (a tablet or a TV showing the felt large: screen.html). Small, beside the connection's state. */
export function menuItems(tableId) {
  useSheet("motion.css");
  const link = document.createElement("a");
  link.className = "menu-extra screen-link";
  link.href = screenPath(tableId);
  link.title = "The table on a tablet or TV everyone sees: the felt large, with codes to join";
  link.append(pill("Table screen"));
  return [soundToggle(), deckToggle(), link];
}
