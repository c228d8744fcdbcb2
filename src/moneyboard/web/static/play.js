// The learner's phone: join with a name (or come back with the rejoin link), then play.
// A link that no longer opens a seat (the seat moved to another device, a mistyped link)
// is dropped, and the join form comes back while joining is still possible.

import { Live, joinProblem, pageToken, sentence, storeToken, typedName } from "./live.js";
import { SeatPanel } from "./seat.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const problem = document.getElementById("problem");
const status = document.getElementById("connection");
const guided = document.getElementById("guided");
const form = document.getElementById("join");
const GUIDED_KEY = `moneyboard.guided.${code}`;
const NAME_KEY = `moneyboard.name.${code}`;
/** What a phone says when its stored link opens no seat here any more. */
export const SEAT_MOVED = "This seat is now on another device (or the link is not a seat's link): ask the trainer for a new link.";

guided.checked = localStorage.getItem(GUIDED_KEY) === "on";
guided.addEventListener("change", () => localStorage.setItem(GUIDED_KEY, guided.checked ? "on" : "off"));

function start(token) {
  form.hidden = true;
  document.getElementById("settings").hidden = false;
  let live = null;
  const panel = new SeatPanel(document.getElementById("seat"), {
    guided: () => guided.checked,
    joinedAs: () => localStorage.getItem(NAME_KEY),
    send: (action, version) => live.request({ type: "action", action, version }),
    vote: (action, why, version) => live.request({ type: "vote", action, version, why }),
  });
  live = new Live(code, token, {
    onUpdate: (update) => {
      if (update.role !== "seat") {
        problem.textContent = "This link is not a seat's link: join with your name.";
        live.stop();
        return;
      }
      problem.textContent = "";
      panel.receive(update);
    },
    onProblem: (c, message) => {
      if (c === "forbidden") {
        panel.visible = false;
        lockedOut();
        return;
      }
      if (c === "closed") status.textContent = "room deleted";
      problem.textContent = sentence(message);
    },
    onStatus: (s) => {
      status.textContent = s;
      panel.connection(s);
    },
  });
}

/** The stored link opens no seat: forget it, take its buttons away, say what to do, and
 * offer the join form again while the game has not started. */
async function lockedOut() {
  localStorage.removeItem(`moneyboard.seat.${code}`);
  history.replaceState(null, "", `/play/${code}`);
  document.getElementById("seat").replaceChildren();
  document.getElementById("settings").hidden = true;
  status.textContent = "not joined";
  problem.textContent = SEAT_MOVED;
  const reply = await fetch(`/api/rooms/${encodeURIComponent(code)}`).catch(() => null);
  const room = reply && reply.ok ? await reply.json() : null;
  if (room && room.status === "lobby") {
    problem.textContent = `${SEAT_MOVED} Or join again here.`;
    offerJoin();
  }
}

let formReady = false;

function offerJoin() {
  status.textContent = "not joined";
  form.hidden = false;
  if (formReady) return;
  formReady = true;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    // A name of spaces only is no name: say so here, in plain words, before asking the server.
    const name = typedName(document.getElementById("name"), problem);
    if (name === null) return;
    problem.textContent = "";
    const reply = await fetch(`/api/rooms/${encodeURIComponent(code)}/join`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }),
    });
    const body = await reply.json().catch(() => ({ error: { message: "the server did not answer" } }));
    if (!reply.ok) { problem.textContent = joinProblem(body.error && body.error.message); return; }
    storeToken("seat", code, body.token);
    localStorage.setItem(NAME_KEY, name);
    history.replaceState(null, "", `/play/${code}#${body.token}`);
    start(body.token);
  });
}

const token = pageToken("seat", code);
if (token) start(token);
else offerJoin();
