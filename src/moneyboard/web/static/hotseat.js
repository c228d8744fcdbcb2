// Hotseat: one device passed around. It takes the learner seats itself (one name each), keeps
// every seat's connection open, and between two families' turns hides the screen until the
// next family says it holds the device.

import { Live, joinProblem, sentence, typedName } from "./live.js";
import { fill, h, nameList } from "./render.js";
import { SeatPanel } from "./seat.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const problem = document.getElementById("problem");
const status = document.getElementById("connection");
const KEY = `moneyboard.hotseat.${code}`;
const seatRoot = document.getElementById("seat");
const pass = document.getElementById("pass");
const lobby = document.getElementById("lobby");
const panels = new Map();
const latest = new Map();
let shown = null;
let names = {};

function mover() {
  for (const [seat, update] of latest) {
    if (update.view && (update.view.to_move || []).includes(seat)) return seat;
  }
  return null;
}

// Each seat's panel takes in its own updates as they come (its lines of "What happened to
// you" are added once, there); `refresh` only chooses which panel shows and draws it again.
/** The room's status as the last update said it ("lobby", "running", "finished"...). */
function roomStatus() {
  for (const update of latest.values()) if (update.room) return update.room.status;
  return null;
}

function show(seat) {
  shown = seat;
  pass.hidden = true;
  const panel = panels.get(seat);
  panel.visible = true;
  panel.render();
}

function refresh() {
  const phase = roomStatus();
  // Before the start: whose seats this device holds, and who starts the game.
  lobby.hidden = phase !== "lobby";
  if (phase === "lobby") {
    const seats = [...panels.keys()].sort((a, b) => a - b);
    document.getElementById("lobby-seats").textContent =
      `The seats are taken on this device: ${nameList(seats.map((s) => names[s] || `seat ${s + 1}`))}.`;
  }
  const next = mover();
  if (next === null) {
    pass.hidden = true;
    // The game is over (or ended): everyone may look, so the result shows at once.
    const over = phase === "finished" || phase === "ended";
    if (shown === null && over && panels.size) show(Math.min(...panels.keys()));
    else if (shown !== null) panels.get(shown).render();
    return;
  }
  if (next !== shown) {
    for (const panel of panels.values()) panel.visible = false;
    shown = null;
    fill(seatRoot);
    pass.hidden = false;
    document.getElementById("pass-name").textContent = names[next] || `seat ${next + 1}`;
    document.getElementById("ready-name").textContent = names[next] || `seat ${next + 1}`;
    document.getElementById("ready").onclick = () => show(next);
  } else {
    panels.get(shown).render();
  }
}

function connect(tokens) {
  for (const [seatText, token] of Object.entries(tokens)) {
    const seat = Number(seatText);
    let live = null;
    const panel = new SeatPanel(seatRoot, {
      guided: () => false,
      send: (action, version) => live.request({ type: "action", action, version }),
    });
    panel.visible = false;
    panels.set(seat, panel);
    live = new Live(code, token, {
      onUpdate: (update) => { latest.set(seat, update); panel.receive(update); refresh(); },
      onProblem: (_c, message) => { problem.textContent = sentence(message); },
      onStatus: (s) => { status.textContent = s; panel.connection(s); },
    });
  }
}

async function main() {
  const saved = JSON.parse(localStorage.getItem(KEY) || "null");
  const info = await (await fetch(`/api/rooms/${code}`)).json();
  if (saved) {
    names = saved.names;
    connect(saved.tokens);
    return;
  }
  if (info.status !== "lobby") {
    // Seats are taken before the start; a device that comes later has none to take.
    document.getElementById("elsewhere").hidden = false;
    status.textContent = "not joined";
    return;
  }
  const free = info.seats.filter((s) => s.kind !== "bot");
  const form = document.getElementById("names");
  // A team's seat is asked by its team's name (typed in already: it can stay).
  fill(document.getElementById("name-fields"), free.map((s) => [
    h("label", { for: `name-${s.seat}` }, s.kind === "team" ? `Name for seat ${s.seat + 1}, the team ${s.name}` : `Name for seat ${s.seat + 1}`),
    h("input", { id: `name-${s.seat}`, "data-seat": s.seat, maxlength: 40, required: true, value: s.kind === "team" ? s.name : null }),
  ]));
  form.hidden = false;
  status.textContent = "not joined";
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const tokens = {};
    const inputs = [...form.querySelectorAll("[data-seat]")];
    // Every name is checked here first (spaces only is no name), before any seat is taken.
    for (const input of inputs) {
      if (typedName(input, problem) === null) return;
    }
    problem.textContent = "";
    for (const input of inputs) {
      const seat = Number(input.dataset.seat);
      const reply = await fetch(`/api/rooms/${code}/join`, {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: input.value.trim(), seat }),
      });
      const body = await reply.json();
      if (!reply.ok) { problem.textContent = joinProblem(body.error && body.error.message); return; }
      tokens[seat] = body.token;
      names[seat] = input.value.trim();
    }
    localStorage.setItem(KEY, JSON.stringify({ tokens, names }));
    form.hidden = true;
    connect(tokens);
  });
}

main();
