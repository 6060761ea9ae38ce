// The tables this browser sat at, newest first, kept in localStorage: the lobby offers them again
// ("Play again"). The lobby remembers the tables it starts; a seat's page remembers an invite link
// opened from elsewhere (seat_token.js), so a table someone else started is listed too.

const RECENT_KEY = "gamenight.recentTables";
/** How many tables are remembered. */
const RECENT_TABLES = 8;
/** The event on `document` after the remembered tables change (the lobby lists them again). */
export const RECENT_CHANGED = "gamenight-recent-changed";

/** The remembered tables, newest first (none where the browser refuses storage). */
export function recentTables() {
  try {
    const recent = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
    return Array.isArray(recent) ? recent.filter((t) => t && typeof t === "object") : [];
  } catch {
    return [];
  }
}

export function storeRecent(recent) {
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(recent.slice(0, RECENT_TABLES)));
  } catch {
    // Private browsing may refuse storage: the links are in the person's messages anyway.
  }
  document.dispatchEvent(new Event(RECENT_CHANGED));
}

/** Put `entry` first, in place of any older entry of the same table. */
export function rememberTable(entry) {
  storeRecent([entry, ...recentTables().filter((t) => t.table_id !== entry.table_id)]);
}

/** A seat's invite link was opened: remember the table unless it is remembered already (the lobby
 * that started it knows more of it: its title and every seat's link). */
export function rememberSeatLink(tableId, link) {
  if (recentTables().some((t) => t.table_id === tableId)) return;
  rememberTable({ table_id: tableId, at: Date.now(), seat_link: link, links: [] });
}
