// A new table's private links (with their QR codes), and the tables the lobby starts, remembered
// (recent.js) so that it can offer them again ("Play again").

import { fill, h } from "./dom.js";
import { api } from "./api.js";
import { recentTables, rememberTable, storeRecent } from "./recent.js";
import { screenPath } from "./screen_link.js";

export function absolute(link) {
  return new URL(link, location.href).href;
}

/** The same page on this server: the lobby's own "take seat" stays on the address it was opened at
 * (shared links may name another: the public URL, or this machine's LAN address). */
export function local(link) {
  const url = new URL(link, location.href);
  return url.pathname + url.search;
}

// ---- the links ------------------------------------------------------------------------------------

async function copyText(text, input) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  input.focus();
  input.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

function linkLine(label, link, action, qr) {
  const url = absolute(link);
  const input = h("input", { type: "text", readonly: true, value: url, "aria-label": `${label}: link` });
  const status = h("span", { class: "copy-status", role: "status" });
  const copy = h("button", { type: "button", class: "secondary", "aria-label": `Copy the link for ${label}`,
    onclick: async () => {
      const ok = await copyText(url, input);
      status.textContent = ok ? "Copied." : "Select the link and copy it (Ctrl+C / ⌘C).";
      if (!ok) { input.focus(); input.select(); }
    } }, "Copy");
  input.addEventListener("focus", () => input.select());
  // The QR code is the server's drawing of exactly this link, so a phone's camera opens the seat.
  const code = qr ? h("img", { class: "qr", src: qr, width: 132, height: 132, alt: `QR code of the link for ${label}`,
                               dataset: { link: url } }) : null;
  return h("li", { class: qr ? "link-row with-qr" : "link-row" },
    h("span", { class: "link-name" }, label),
    h("div", { class: "link-line" }, input, copy, action), status, code);
}

/** The host gives a seat a new link (the old one stops working): the row shows the new one. */
async function reissueLink(table, seat, row) {
  const status = row.querySelector(".copy-status");
  try {
    const fresh = await api(`/api/tables/${encodeURIComponent(table.table_id)}/seats/${seat}/link`,
      { method: "POST", token: table.host_token });
    const url = absolute(fresh.link);
    row.querySelector("input").value = url;
    const take = row.querySelector("a.button");
    if (take) take.href = local(fresh.link);
    const code = row.querySelector("img.qr");
    if (code && fresh.qr) { code.src = fresh.qr; code.dataset.link = url; }
    const entry = table.seats.find((s) => s.seat === seat);
    if (entry) {
      entry.link = fresh.link;
      entry.token = fresh.token || entry.token; // the table screen's join code opens the new link
    }
    relink(table.table_id, seat, fresh.link);
    status.textContent = "New link made: the old one no longer opens this seat.";
  } catch (e) {
    status.textContent = e.message;
  }
}

/** The person's own row: each seat by its name, once ("Ann", "North"), as the table names it. */
function seatLine(table, s) {
  const row = linkLine(s.name, s.link,
    h("a", { class: "button", href: local(s.link), dataset: { seat: String(s.seat) },
             "aria-label": `Take ${s.name}'s seat` }, "Take this seat"),
    s.qr);
  if (table.host_token) {
    row.querySelector(".link-line").append(h("button", { type: "button", class: "secondary",
      "aria-label": `Make a new link for ${s.name} (the old one stops working)`,
      onclick: () => reissueLink(table, s.seat, row) }, "New link"));
  }
  return row;
}

/** The table screen for a tablet or TV in the middle of the table: the felt large, and the join code
 * of each seat no phone has opened yet (the seats' tokens ride in the link's fragment, built when it
 * is opened, so a link made anew with "New link" is the one shown). */
function screenLine(table) {
  const tokens = () => table.seats.filter((s) => s.kind === "human" && s.token).map((s) => s.token);
  const link = h("a", { class: "button secondary", href: screenPath(table.table_id), target: "_blank",
    rel: "noopener" }, "Open the table screen");
  link.addEventListener("click", () => { link.href = screenPath(table.table_id, tokens()); });
  return h("p", { class: "screen-line" }, link,
    h("span", { class: "hint" }, " on a tablet or TV everyone can see: the table large, and the codes to join."));
}

/** Fill `box` with a new table's links: one per person, then the spectators'. */
export function showCreated(box, spec, table) {
  const humans = table.seats.filter((s) => s.kind === "human" && s.link);
  const bots = table.seats.filter((s) => s.kind !== "human");
  box.hidden = false;
  fill(box,
    h("h3", {}, `Your ${spec.title} table is ready`),
    h("p", {}, humans.length
      ? "Send each person their own link, or let them scan its QR code with their phone's camera: it is "
        + "their seat, so keep it private. Take your own seat below."
      : "Only bots play at this table: watch it with the spectator link."),
    h("ul", { class: "link-rows" },
      humans.map((s) => seatLine(table, s)),
      linkLine("Spectators", table.spectator_link,
        h("a", { class: "button secondary", href: local(table.spectator_link) }, "Watch"), table.spectator_qr)),
    screenLine(table),
    bots.length ? h("p", { class: "hint" }, `Bots: ${bots.map((s) => s.name).join(", ")}.`) : null,
    table.seed_commitment ? h("details", { class: "fairness-note" },
      h("summary", {}, "A fair shuffle"),
      h("p", { class: "hint" }, "The shuffle is fixed now; its fingerprint (SHA-256 of the seed) is shown "
        + "here and the seed itself when the game is over, so anyone can check the deal: ",
      h("code", { class: "hash" }, table.seed_commitment))) : null);
  box.scrollIntoView({ block: "nearest", behavior: "smooth" });
  const first = box.querySelector("a.button");
  if (first) first.focus({ preventScroll: true });
}

// ---- the recent tables ------------------------------------------------------------------------------

/** Remember a new table; `mine` is the seat this person takes at once (undefined: they chose none). */
export function remember(spec, table, mine) {
  const own = table.seats.find((s) => s.seat === mine);
  rememberTable({ game: spec.id, title: spec.title, table_id: table.table_id, at: Date.now(),
    seat_link: own ? own.link : undefined,
    links: table.seats.filter((s) => s.link).map((s) => ({ name: s.name, seat: s.seat, link: s.link })),
    spectator_link: table.spectator_link });
}

/** A re-issued link replaces the old one in the recent tables. */
function relink(tableId, seat, link) {
  const recent = recentTables();
  for (const t of recent) {
    if (t.table_id !== tableId) continue;
    for (const l of t.links || []) if (l.seat === seat) l.link = link;
  }
  storeRecent(recent);
}

/** Forget every remembered table (the person's choice). */
export function forgetAll() {
  storeRecent([]);
}
