// A room's WebSocket: says hello with a token, hands every update to the page, answers
// each request by its id, and reconnects by itself (a restarted server, a sleeping phone).

const RETRY_MS = [300, 600, 1000, 2000, 3000];
const FINAL_CODES = new Set(["forbidden", "not_found", "hello"]);

/** A message from the server as a sentence on a page: a capital first letter and a full
 * stop ("there is no room with the code QQ" reads "There is no room with the code QQ.").
 * A message that opens with an identifier as a variant file writes it ("goods_max must not
 * be below goods_min") keeps it as it is written. */
export function sentence(text) {
  const t = String(text || "").trim();
  if (!t) return "";
  const first = /^[a-z][a-z0-9]*_[a-z0-9_]*\b/.test(t) ? t[0] : t[0].toUpperCase();
  return first + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

/** What a page says when a name is missing (only spaces typed). */
export const NAME_MISSING = "Type your name (the class sees it).";

/** Why a join was refused, in words for the learner holding the phone: the server's own
 * sentence, except its checks of the name field ("name must not be empty"), which the page
 * says as it asks for the name. */
export function joinProblem(message) {
  const text = String(message || "").trim();
  const name = /^name\b/i.test(text);
  if (name && /at most|too long/i.test(text)) return "That name is too long: use at most 40 letters.";
  if (name && /at least|required|missing|empty/i.test(text)) return NAME_MISSING;
  return sentence(text || "The server did not answer");
}

/** The name typed in `input`, without spaces around it; `null` (and the page says why, in
 * `problem`) when nothing but spaces was typed. */
export function typedName(input, problem) {
  const name = input.value.trim();
  input.setAttribute("aria-invalid", name ? "false" : "true");
  if (!name) {
    problem.textContent = NAME_MISSING;
    input.focus();
    return null;
  }
  return name;
}

/** The token kept for this page: from the link's fragment (then stored) or from storage. */
export function pageToken(kind, code, { keepInUrl = true } = {}) {
  const key = `moneyboard.${kind}.${code}`;
  const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
  if (fragment) {
    localStorage.setItem(key, fragment);
    if (!keepInUrl) history.replaceState(null, "", location.pathname);
    return fragment;
  }
  return localStorage.getItem(key);
}

export function storeToken(kind, code, token) {
  localStorage.setItem(`moneyboard.${kind}.${code}`, token);
}

/** One live connection to room `code` as the holder of `token` (null: the public). */
export class Live {
  constructor(code, token, { onUpdate, onProblem, onStatus }) {
    this.code = code;
    this.token = token;
    this.onUpdate = onUpdate;
    this.onProblem = onProblem || (() => {});
    this.onStatus = onStatus || (() => {});
    this.pending = new Map();
    this.nextId = 1;
    this.attempt = 0;
    this.stopped = false;
    this.ws = null;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${this.code}`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: this.token || null }));
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = () => {
      for (const [, p] of this.pending) p.resolve({ type: "refused", code: "disconnected", message: "the connection dropped: try again" });
      this.pending.clear();
      if (this.stopped) return;
      this.onStatus("reconnecting");
      const wait = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.connect(), wait);
    };
  }

  receive(message) {
    if (message.type === "welcome" || message.type === "update") {
      this.attempt = 0;
      this.onStatus("live");
      this.onUpdate(message);
      // The update an action or a vote caused carries its answer ("ack": the request's id).
      if ("ack" in message) this.answer({ type: "ack", id: message.ack, version: message.version });
      return;
    }
    if (message.type === "closed") {
      this.stop();
      // Who deleted it, in the server's words: the trainer, or whoever runs the server.
      const reason = message.reason || "this room was deleted";
      this.onProblem("closed", `${reason[0].toUpperCase()}${reason.slice(1)}.`);
      return;
    }
    if (this.answer(message)) return;
    if (message.type === "error") {
      if (FINAL_CODES.has(message.code)) this.stop();
      this.onProblem(message.code, message.message);
    }
  }

  /** Resolve the request ``message`` answers (by its id); false when none was waiting. */
  answer(message) {
    const waiting = message.id != null ? this.pending.get(message.id) : undefined;
    if (!waiting) return false;
    this.pending.delete(message.id);
    waiting.resolve(message);
    return true;
  }

  /** Send a request ({type: action|vote|directive, ...}); resolves with ack, refused or error. */
  request(body) {
    const id = `r${this.nextId++}`;
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ type: "refused", code: "offline", message: "not connected yet: wait a moment and try again" });
        return;
      }
      this.pending.set(id, { resolve });
      this.ws.send(JSON.stringify({ ...body, id }));
    });
  }

  stop() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}
