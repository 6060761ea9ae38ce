// The address of a table's shared screen (screen.html), for the pages that link to it: the table
// page's menu (no tokens: it names the open seats without their codes) and the lobby's "table made"
// panel (the seat tokens it was given, so the screen shows each open seat's join code). The tokens
// ride in the fragment, which no request carries; the screen takes them out of the address bar.

/** `/t/ID/screen`, with `#invite=T1,T2` when the people's seat tokens are given. */
export function screenPath(tableId, tokens = []) {
  const path = `/t/${encodeURIComponent(tableId)}/screen`;
  const given = tokens.filter((t) => typeof t === "string" && t);
  return given.length ? `${path}#invite=${given.map(encodeURIComponent).join(",")}` : path;
}
