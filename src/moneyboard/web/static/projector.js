// The projector: the board and what lies on the table, whose turn, each family's public figures, events as they come
// (the newest held large for a moment of discussion) and the class vote's split. No controls;
// once the game is over, a link to the debrief's projector copy.

import { Live } from "./live.js";
import { board, clockLines, families, familyCard, fill, h, resultBlock, seatName, tableBlock, turnLine, voteBlock } from "./render.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const status = document.getElementById("connection");
const MOMENT_MS = 8000;
let lastVote = null;
// Who was deciding before this update (a vote's result arrives once they have moved).
let deciders = [];
let voteDecider = null;
let momentTimer = null;
const feed = [];

function show(update) {
  fill(document.getElementById("turn"), turnLine(update), clockLines(update), resultBlock(update));
  const over = (update.view && update.view.result) || ["finished", "ended"].includes((update.room || {}).status);
  document.getElementById("after").hidden = !over;
  fill(document.getElementById("board"), board(update));
  fill(document.getElementById("table"), tableBlock(update));
  fill(document.getElementById("families"), families(update.view).map((f) => familyCard(update, f)));
  const fresh = [...(update.events || []).map((e) => e.text), ...(update.announcements || [])];
  if (update.narration) fresh.push(update.narration);
  if (fresh.length) {
    feed.unshift(...fresh.reverse());
    feed.splice(12);
    const moment = document.getElementById("moment");
    fill(moment, h("p", { class: "moment" }, fresh[0]));
    clearTimeout(momentTimer);
    momentTimer = setTimeout(() => fill(moment), MOMENT_MS);
  }
  fill(document.getElementById("events"), feed.slice(1).map((t) => h("li", {}, t)));
  if (update.vote_result) {
    lastVote = update.vote_result;
    voteDecider = deciders.length === 1 ? seatName(update, deciders[0]) : null;
  }
  deciders = (update.view && update.view.to_move) || [];
  fill(document.getElementById("vote"), voteBlock(update, lastVote, { decider: voteDecider }));
}

new Live(code, null, {
  onUpdate: show,
  onProblem: (_c, message) => fill(document.getElementById("turn"), h("p", { class: "problem", role: "alert" }, message)),
  onStatus: (s) => { status.textContent = s; },
});
