// A seat's token: taken from the invite link once, then kept for the tab (never left in the address).

import { rememberSeatLink } from "./recent.js";

/** The seat's token: from the invite link (then kept for the tab and taken out of the address), or
 *  kept from before in this tab; null for a spectator. */
export function takeToken(tableId) {
  const key = `gamenight.seat.${tableId}`;
  const params = new URLSearchParams(location.search);
  const fromLink = params.get("token");
  if (!fromLink) {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  }
  // The lobby offers this seat again ("Play again"): the link is the way back to it.
  rememberSeatLink(tableId, location.href);
  try {
    sessionStorage.setItem(key, fromLink);
  } catch {
    return fromLink; // no storage (private browsing): the address keeps it, or a reload would lose the seat
  }
  params.delete("token");
  const rest = params.toString();
  history.replaceState(history.state, "", `${location.pathname}${rest ? `?${rest}` : ""}${location.hash}`);
  return fromLink;
}
