// The learner's phone: join with a name (or come back with the rejoin link), then play.

import { Live, joinProblem, pageToken, storeToken, typedName } from "./live.js";
import { SeatPanel } from "./seat.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const problem = document.getElementById("problem");
const status = document.getElementById("connection");
const guided = document.getElementById("guided");
const GUIDED_KEY = `moneyboard.guided.${code}`;

guided.checked = localStorage.getItem(GUIDED_KEY) === "on";
guided.addEventListener("change", () => localStorage.setItem(GUIDED_KEY, guided.checked ? "on" : "off"));

function start(token) {
  document.getElementById("join").hidden = true;
  document.getElementById("settings").hidden = false;
  let live = null;
  const panel = new SeatPanel(document.getElementById("seat"), {
    guided: () => guided.checked,
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
    onProblem: (_code, message) => { problem.textContent = `${message}.`; },
    onStatus: (s) => { status.textContent = s; },
  });
}

const token = pageToken("seat", code);
if (token) {
  start(token);
} else {
  status.textContent = "not joined";
  const form = document.getElementById("join");
  form.hidden = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    // A name of spaces only is no name: say so here, in plain words, before asking the server.
    const name = typedName(document.getElementById("name"), problem);
    if (name === null) return;
    problem.textContent = "";
    const reply = await fetch(`/api/rooms/${code}/join`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }),
    });
    const body = await reply.json();
    if (!reply.ok) { problem.textContent = joinProblem(body.error && body.error.message); return; }
    storeToken("seat", code, body.token);
    history.replaceState(null, "", `/play/${code}#${body.token}`);
    start(body.token);
  });
}
