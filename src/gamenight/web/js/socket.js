// A table's WebSocket, for the seat's page (table.js) and the table screen (screen.js) alike, and a
// score pad's (pad.js): the address, the token in a subprotocol (never in a URL the server logs),
// the "hello" that asks for the table's presence and chat, frames parsed, and how long to wait
// before trying again.

/** The socket's address for `path` ("/ws/tables/ID"), on this page's host. */
function socketUrl(path) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${path}`;
}

/** The token rides in a subprotocol beside "gamenight" (the one the server answers with). */
function socketProtocols(token) {
  return token ? ["gamenight", `gamenight.token.${token}`] : ["gamenight"];
}

/** How long to wait before the `retries`-th try: doubling from half a second up to ten. */
export function retryDelay(retries) {
  return Math.min(10000, 500 * 2 ** (retries - 1));
}

/**
 * Open `holder.socket` to the table unless one is open or opening; null when none could be made
 * (the caller tries again later). Each frame resets `holder.retries` and goes to `onFrame`; `onOpen`
 * runs once "hello" is sent; `onClose(event)` runs when this socket (still the holder's) closes.
 */
export function openTableSocket(holder, { tableId, ...rest }) {
  return openSocket(holder, { path: `/ws/tables/${encodeURIComponent(tableId)}`, hello: true, ...rest });
}

/** The same for any socket of the server at `path`; `hello`: say "hello" first (a table's). */
export function openSocket(holder, { path, hello = false, token = null, onOpen = null, onFrame, onClose }) {
  if (holder.socket && holder.socket.readyState <= WebSocket.OPEN) return holder.socket;
  let socket;
  try {
    socket = new WebSocket(socketUrl(path), socketProtocols(token));
  } catch {
    return null;
  }
  holder.socket = socket;
  socket.addEventListener("open", () => {
    if (hello) socket.send(JSON.stringify({ type: "hello" })); // the table's chat and presence too
    if (onOpen) onOpen(socket);
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      return;
    }
    holder.retries = 0;
    onFrame(frame);
  });
  socket.addEventListener("close", (event) => {
    if (holder.socket !== socket) return;
    holder.socket = null;
    onClose(event);
  });
  return socket;
}
