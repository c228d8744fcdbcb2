// The projector: the board and what lies on the table, whose turn, each family's public figures, events as they come
// (the newest held large for a moment of discussion) and the class vote's split. No controls;
// once the game is over, a link to the debrief's projector copy.

import { Live, sentence } from "./live.js";
import { LastVote, TAKEN_BACK, board, clockLines, families, familyCard, fill, fitBoxNames, h, nameList, resultBlock, tableBlock, turnLine, voteBlock } from "./render.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const status = document.getElementById("connection");
const MOMENT_MS = 8000;
// The class vote's last result, until a vote on the next decision (see LastVote).
const lastVote = new LastVote();
let momentTimer = null;
const feed = [];

/** Before the start: who has joined, the teams to join and the seats still free. */
function lobbyLines(room) {
  if (!room || room.status !== "lobby") return null;
  const seats = room.seats || [];
  // A learner's seat takes its learner's name on joining; until then it is "Seat N".
  const free = (s) => s.kind === "learner" && s.name === `Seat ${s.seat + 1}`;
  const joined = seats.filter((s) => s.kind === "learner" && !free(s)).map((s) => s.name);
  const teams = seats.filter((s) => s.kind === "team").map((s) => s.name);
  const open = seats.filter(free).length;
  return h("section", { class: "lobby", "aria-label": "Who has joined" },
    h("h2", {}, "Who has joined"),
    h("p", {}, joined.length ? `${nameList(joined)}.` : "Nobody yet."),
    teams.length ? h("p", {}, `Teams to join: ${nameList(teams)}.`) : null,
    h("p", {}, open ? `${open} ${open === 1 ? "seat is" : "seats are"} still free.` : teams.length ? "Learners who join now join a team." : "Every seat is taken."));
}

function show(update) {
  const status = (update.room || {}).status;
  document.body.classList.toggle("playing", Boolean(status) && status !== "lobby");
  fill(document.getElementById("turn"), turnLine(update), lobbyLines(update.room), clockLines(update), resultBlock(update));
  const over = (update.view && update.view.result) || ["finished", "ended"].includes((update.room || {}).status);
  document.getElementById("after").hidden = !over;
  fill(document.getElementById("board"), board(update));
  fill(document.getElementById("table"), tableBlock(update));
  fill(document.getElementById("families"), families(update.view).map((f) => familyCard(update, f)));
  // A take-back: the lines before it stay, marked as the console marks them (they may
  // tell of moves that no longer count, and come again when those are replayed).
  if (update.change === "undo" && feed.length) feed.unshift(TAKEN_BACK);
  // A welcome (a reload, a reconnection) brings the last things that happened: the feed
  // starts over from them, and none of them is news of the moment.
  const welcome = update.type === "welcome";
  if (welcome) feed.length = 0;
  const fresh = [...(update.events || []).map((e) => e.text), ...(update.announcements || [])];
  if (update.narration) fresh.push(update.narration);
  if (fresh.length) {
    feed.unshift(...fresh.reverse());
    feed.splice(12);
  }
  if (fresh.length && !welcome) {
    const moment = document.getElementById("moment");
    fill(moment, h("p", { class: "moment" }, fresh[0]));
    clearTimeout(momentTimer);
    momentTimer = setTimeout(() => fill(moment), MOMENT_MS);
  }
  fill(document.getElementById("events"), feed.slice(1).map((t) => h("li", {}, t)));
  lastVote.receive(update);
  fill(document.getElementById("vote"), voteBlock(update, lastVote.result, { decider: lastVote.decider }));
  // Once everything is drawn, so the board's width is final.
  fitBoxNames(document.getElementById("board"));
}

// A box's name that fitted a wider window may not fit a narrower one, and the reverse.
let fitting = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(fitting);
  fitting = requestAnimationFrame(() => fitBoxNames(document.getElementById("board")));
});

new Live(code, null, {
  onUpdate: show,
  onProblem: (c, message) => {
    if (c === "closed") status.textContent = "room deleted";
    fill(document.getElementById("turn"), h("p", { class: "problem", role: "alert" }, sentence(message)));
  },
  onStatus: (s) => { status.textContent = s; },
});
