// The table's chat: a panel of recent messages, quick messages and a line to type in. Messages are
// drawn as text (textContent), never as markup. Spectators read along; only seated players write.
//
// mountChat({ seat, send }) returns { onFrame(frame) -> bool, setSeat(seat) }: onFrame takes the
// socket's "chat" and "people_error" frames (true when it used the frame); send(text) writes a
// message (over the socket, or over HTTP when it is down) and resolves to { error, confirmed }:
// confirmed when the server has stored it (HTTP); over the socket the typed text stays in the box
// until the message comes back, so a refused one (too fast, too long) is not lost.

import { $, fill, h } from "./dom.js";

/** The quick messages (the server's list: server.people.QUICK_MESSAGES). */
export const QUICK = ["Your turn!", "Good game", "Thinking…", "Oops"];
/** The longest message the server accepts (server.people.MAX_CHAT_CHARS). */
const MAX_CHARS = 280;
/** Messages kept on the page (the server keeps as many). */
const KEPT = 100;

function timeOf(at) {
  try {
    return new Date(at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  } catch {
    return "";
  }
}

export function mountChat({ seat, send }) {
  const chat = { seat, messages: [], sending: false, awaiting: null, unseen: 0 };
  const log = h("ol", { class: "chat-log", "aria-live": "polite", "aria-label": "Messages", tabindex: "0" });
  const status = h("p", { class: "people-status", role: "status" });
  const input = h("input", { type: "text", id: "chat-input", maxlength: MAX_CHARS, autocomplete: "off",
                             placeholder: "Say something to the table", "aria-label": "Message" });
  const form = h("form", { class: "chat-form", autocomplete: "off" }, input,
    h("button", { type: "submit", class: "secondary" }, "Send"));
  const quick = h("div", { class: "chat-quick", role: "group", "aria-label": "Quick messages" },
    QUICK.map((text) => h("button", { type: "button", class: "secondary", dataset: { quick: text },
                                      onclick: () => say(text) }, text)));
  const note = h("p", { class: "hint chat-note" }, "You are watching: you can read the table's chat.");
  // A drawer: open beside the felt on a wide screen; on a phone it waits folded below the table,
  // counting what was said meanwhile, so the felt and the hand stay in reach.
  const unread = h("span", { class: "chat-unread", "aria-live": "polite" });
  const panel = h("details", { class: "panel chat-panel", id: "chat" },
    h("summary", {}, h("h2", { id: "chat-heading" }, "Table talk"), unread), log, quick, form, note, status);
  panel.open = window.matchMedia("(min-width: 900px)").matches;
  panel.addEventListener("toggle", () => { if (panel.open) { chat.unseen = 0; unread.textContent = ""; } });

  const column = $(".side-col") || $("main") || document.body;
  column.prepend(panel);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    say(input.value);
  });

  async function say(text) {
    const message = text.trim();
    if (!message || chat.sending) return;
    chat.sending = true;
    status.textContent = "";
    const { error, confirmed } = await send(message);
    chat.sending = false;
    if (error) {
      status.textContent = error;
      return;
    }
    if (confirmed) clearTyped(message);
    else chat.awaiting = message;
  }

  /** The box is emptied once its text was said (the server sends it back to every page). */
  function clearTyped(message) {
    const same = (a, b) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();
    if (same(input.value, message)) input.value = "";
    chat.awaiting = null;
  }

  function draw() {
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    fill(log, chat.messages.map((m) => h("li", { class: m.seat === chat.seat ? "chat-mine" : "", dataset: { n: String(m.n) } },
      h("span", { class: "chat-who" }, `${m.name}: `), h("span", { class: "chat-text" }, m.text),
      h("time", { class: "chat-time" }, timeOf(m.at)))));
    if (atBottom) log.scrollTop = log.scrollHeight;
  }

  function setSeat(value) {
    chat.seat = value;
    const writer = Number.isInteger(value);
    form.hidden = !writer;
    quick.hidden = !writer;
    note.hidden = writer;
  }

  function onFrame(frame) {
    if (frame.type === "people_error") {
      status.textContent = frame.message || "That was refused.";
      chat.awaiting = null;
      return true;
    }
    if (frame.type !== "chat") return false;
    const incoming = Array.isArray(frame.messages) ? frame.messages : [];
    if (frame.history) chat.messages = incoming.slice();
    else {
      const seen = new Set(chat.messages.map((m) => m.n));
      const fresh = incoming.filter((m) => !seen.has(m.n));
      chat.messages.push(...fresh);
      if (!panel.open && fresh.length) {
        chat.unseen += fresh.length;
        unread.textContent = ` (${chat.unseen} new)`;
      }
      const mine = incoming.find((m) => m.seat === chat.seat);
      if (mine && chat.awaiting !== null) clearTyped(mine.text);
    }
    chat.messages = chat.messages.slice(-KEPT);
    draw();
    return true;
  }

  setSeat(seat);
  draw();
  return { onFrame, setSeat };
}
