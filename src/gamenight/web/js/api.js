// Talking to the server: JSON over HTTP, errors as the server's own message.

/** A refused request: the server's error code and its sentence for people. */
export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

/** The message in any error body the server may send ({error: {code, message}}, or FastAPI's {detail}). */
function errorOf(status, body) {
  if (body && typeof body === "object") {
    if (body.error && typeof body.error === "object") {
      return new ApiError(status, body.error.code || "error", body.error.message || `Error ${status}`, body);
    }
    if (typeof body.detail === "string") return new ApiError(status, "error", body.detail, body);
    if (Array.isArray(body.detail)) {
      const text = body.detail.map((d) => `${(d.loc || []).filter((x) => x !== "body").join(".")}: ${d.msg}`).join("; ");
      return new ApiError(status, "bad_request", text, body);
    }
  }
  return new ApiError(status, "error", `The server answered ${status}.`, body);
}

/** A request to the API; a seat's or host's `token` goes in the Authorization header, never the URL. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (e) {
    throw new ApiError(0, "network", "Cannot reach the server: check the connection and try again.", null);
  }
  let data = null;
  const text = await response.text();
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) throw errorOf(response.status, data);
  return data;
}

/** The SHA-256 of a text as hex, or null where the browser offers no crypto (plain http off localhost). */
export async function sha256Hex(text) {
  if (!globalThis.crypto || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh id for one move, so a retry is recognised and never made twice. */
export function newMoveId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (globalThis.crypto && crypto.getRandomValues) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
