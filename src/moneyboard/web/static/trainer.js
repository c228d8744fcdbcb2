// The trainer's console: the join code and QR, start, pause, timers, call time, take back,
// forced outcomes, seats (bots, new devices), every family's full state, the class vote, the
// record, the debrief once the game is over, delete.
// It shows its controls only once the server has recognised the trainer's token.

import { Live, pageToken, sentence } from "./live.js";
import { LastVote, PAGE, TAKEN_BACK, clockLines, families, familyCard, fill, h, human, resultBlock, tableBlock, turnLine, voteBlock } from "./render.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const problem = document.getElementById("problem");
const said = document.getElementById("said");
const status = document.getElementById("connection");
const token = pageToken("trainer", code, { keepInUrl: false });
const log = [];
// The chance streams the trainer may stack, each with every outcome it can give, in words
// (asked of the server once the game is on).
let streams = new Map();
let streamsAsked = false;
let live = null;
// The class vote's last result, until a vote on the next decision (see LastVote).
const lastVote = new LastVote();
// Whether the trainer has called time in this game (the debrief opens then too).
let timeCalled = false;
// The last update shown: the seats' names for what a control did.
let lastUpdate = null;

const auth = { Authorization: `Bearer ${token}` };
// Where phones reach this server (never "localhost", which a phone cannot open).
const joinBase = document.getElementById("joining").dataset.base;

/** The whole number typed in field `id`, if it lies from `low` to `high`; else null. */
function wholeNumber(id, low, high) {
  const typed = document.getElementById(id).value.trim();
  const value = Number(typed);
  return typed && Number.isInteger(value) && value >= low && value <= high ? value : null;
}

/** The directive a button asks for, from the fields beside it: `{ body }`, or `{ problem }`
 * (in words) when a field holds what the server would refuse, so nothing is sent. */
function directive(name) {
  switch (name) {
    case "start": {
      const fill = document.getElementById("fill-bot").value;
      return { body: fill ? { type: "start", fill_bot: fill } : { type: "start" } };
    }
    case "timer": {
      // An empty field is not "no timers": that has a button of its own.
      const seconds = wholeNumber("timer", 1, 3600);
      if (seconds === null) {
        return { problem: "Type the seconds per decision: a whole number from 1 to 3600 (or press “No timers”)." };
      }
      return { body: { type: "timer", seconds } };
    }
    case "timer_off": return { body: { type: "timer", seconds: 0 } };
    case "timer_rules": return { body: { type: "timer", seconds: null } };
    case "undo": {
      const count = wholeNumber("undo-count", 1, 50);
      if (count === null) {
        return { problem: "Type how many moves to take back: a whole number from 1 to 50." };
      }
      return { body: { type: "undo", count } };
    }
    case "force": {
      // Sent as typed: the server reads a deck and its cards by name or by identifier, and
      // its answer says what it queued.
      const stream = document.getElementById("force-stream").value.trim();
      const typed = document.getElementById("force-outcomes").value.split(",").map((s) => s.trim()).filter(Boolean);
      if (!stream) return { problem: "Choose the deck or the die first (the list offers them)." };
      if (!typed.length) return { problem: "Type the card or the number to come next (several: separated by commas)." };
      if (typed.length > 20) return { problem: "Queue at most 20 outcomes at once." };
      return { body: { type: "force", stream, outcomes: typed } };
    }
    default: return { body: { type: name } };
  }
}

/** Where a control's answer is shown: beside it, or in the line under the join box. */
const SAID_BESIDE = { timer: "timer-said", timer_off: "timer-said", timer_rules: "timer-said", undo: "undo-said", force: "force-said" };

/** What was done, in words ("Queued: Fire Disaster next on the events deck."). */
function doneText(body) {
  if (body.type === "timer") {
    if (body.seconds === null) return "Done: back to the game's own timers.";
    return body.seconds ? `Done: each decision now has ${body.seconds} seconds.` : "Done: timers are off.";
  }
  if (body.type === "undo") return `Done: took back ${body.count} ${body.count === 1 ? "move" : "moves"}.`;
  if (body.type === "force") {
    const stream = streams.get(body.stream);
    const named = body.outcomes.map((o) => {
      const found = stream && stream.outcomes.find((x) => JSON.stringify(x.outcome) === JSON.stringify(o));
      if (!found) return String(o);
      return found.meaning ? `${found.text} (${found.meaning.replace(/\.$/, "")})` : found.text;
    });
    // The server checks a card against the whole deck, not against what is left of it: a
    // card drawn meanwhile is skipped when the deck is drawn, and the log says so.
    const maybe = body.stream.startsWith("deck:")
      ? ` If ${body.outcomes.length === 1 ? "it has" : "one has"} left the deck by then, that draw is left to chance.` : "";
    return `Queued: ${named.join(", then ")} next on the ${stream ? stream.text : body.stream}.${maybe}`;
  }
  return DONE[body.type] ? DONE[body.type](body) : `Done: ${human(body.type)}.`;
}

/** "a saver bot", "an insurer bot". */
function aBot(kind) {
  return `${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} bot`;
}

/** What each of the other controls did, in a sentence (never the directive's bare name). */
const DONE = {
  start: (body) => `The game has started.${body.fill_bot ? ` Empty seats are played by ${body.fill_bot} bots.` : ""}`,
  pause: () => "The game is paused: no moves until you resume it.",
  resume: () => "The game goes on.",
  call_time: () => "Time is called: the game ends as its rules say.",
  skip: () => "The waiting bot moves now.",
  end: () => "The game has ended: it takes no more moves.",
  seat: (body) => {
    const seat = lastUpdate && (lastUpdate.room.seats || [])[body.seat];
    const name = seat ? seat.name : `Seat ${body.seat + 1}`;
    if (body.bot) return `${name}'s seat is now played by ${aBot(body.bot)}.`;
    return `${name}'s seat is now played by a person${seat && seat.kind !== "bot" ? " again" : ""}.`;
  },
};

/** Say what a control did in `element`: a refusal ("Not done: ...") in the page's problem
 * colour, so it never looks like a success. */
function say(element, text, done) {
  element.textContent = text;
  element.classList.toggle("problem", !done);
}

/** Send the directive of button `name`; its answer goes beside the control (and the
 * console stays as it is, whatever the answer). */
async function press(name) {
  const beside = SAID_BESIDE[name] ? document.getElementById(SAID_BESIDE[name]) : null;
  const { body, problem: wrong } = directive(name);
  if (wrong) {
    if (beside) say(beside, `Not done: ${wrong}`, false);
    say(said, `Not done: ${wrong}`, false);
    return;
  }
  if (name === "end" && !confirm("End the game now? It cannot be resumed or taken back; the debrief opens.")) return;
  if (beside) say(beside, "", true);
  await direct(body, beside);
}

async function direct(body, beside = null) {
  const reply = await live.request({ type: "directive", directive: body });
  const done = reply.type === "ack";
  // The ack says the directive as carried out (a force's deck and cards by identifier).
  const text = done ? doneText(reply.directive || body) : `Not done: ${sentence(reply.message)}`;
  say(said, text, done);
  if (beside) say(beside, text, done);
  // What was queued is listed under the control until it is drawn: the field is free again.
  if (done && body.type === "force") document.getElementById("force-outcomes").value = "";
}

/** The link last made for each seat moved to another device, by seat. */
const rejoinLinks = new Map();

/** Who the trainer has chosen for a seat and not applied yet, by seat: the list is drawn
 * again on every update (a bot's move), which must not undo a choice before Apply. */
const seatChoices = new Map();

function seatRow(update, seat) {
  const chosen = seatChoices.has(seat.seat) ? seatChoices.get(seat.seat) : seat.bot || "";
  const select = h("select", {
    "aria-label": `Who plays ${seat.name}`,
    onchange: () => seatChoices.set(seat.seat, select.value),
  },
    h("option", { value: "", selected: chosen === "" || null }, "a person"),
    ...PAGE.bots.map((b) => h("option", { value: b, selected: chosen === b || null }, `bot: ${b}`)));
  const apply = () => {
    seatChoices.delete(seat.seat);
    return direct({ type: "seat", seat: seat.seat, bot: select.value || null });
  };
  // The last link made for the seat stays shown when the list is drawn again (every update).
  const link = h("span", { class: "rejoin" }, rejoinLinks.get(seat.seat) || "");
  return h("li", {},
    h("strong", {}, seat.name), ` ${whoPlays(seat)} `,
    update.room.status !== "lobby" ? [select, h("button", { onclick: apply }, "Apply")] : null,
    // A bot's seat given to a person needs a device first: every seat can get a link once
    // the game is on (before the start, learners join and bots have no device).
    seat.kind !== "bot" || update.room.status !== "lobby" ? h("button", {
      onclick: async () => {
        const reply = await fetch(`/api/rooms/${code}/seats/${seat.seat}/device`, { method: "POST", headers: auth });
        const body = await reply.json();
        const text = reply.ok ? ` New link: ${joinBase}${body.rejoin}` : ` ${sentence(body.error.message)}`;
        rejoinLinks.set(seat.seat, text);
        link.textContent = text;
      },
    }, "Move to another device") : null,
    link);
}

/** Who plays a seat, in words: "(a learner)", "(a team, played by a saver bot now)"; nothing
 * for a bot's seat named after its bot ("Spender bot"), which would say it twice. */
function whoPlays(seat) {
  const kind = { learner: "a learner", team: "a team" }[seat.kind];
  if (!kind) return seat.bot && seat.name.toLowerCase().startsWith(`${seat.bot} bot`) ? "" : `(${aBot(seat.bot || "")})`;
  return seat.bot ? `(${kind}'s seat, played by ${aBot(seat.bot)} now)` : `(${kind})`;
}

/** What the trainer has queued and chance has not drawn yet (the full view's `forced`), in
 * words: "Queued, not drawn yet: Fire Disaster, then Flu Season on the events deck." */
function showQueued(view) {
  const forced = (view && view.forced) || {};
  const lines = Object.entries(forced).filter(([, outcomes]) => outcomes && outcomes.length).map(([id, outcomes]) => {
    const stream = streams.get(id);
    const named = outcomes.map((o) => {
      const found = stream && stream.outcomes.find((x) => JSON.stringify(x.outcome) === JSON.stringify(o));
      return found ? found.text : String(o);
    });
    return `Queued, not drawn yet: ${named.join(", then ")} on the ${stream ? stream.text : id}.`;
  });
  fill(document.getElementById("force-queued"), lines.map((line) => h("span", { class: "queued" }, line, " ")));
}

async function loadStreams() {
  streamsAsked = true;
  const reply = await fetch(`/api/rooms/${code}/chance`, { headers: auth });
  if (!reply.ok) {
    streamsAsked = false;
    return;
  }
  streams = new Map((await reply.json()).streams.map((s) => [s.stream, s]));
  // A suggestion fills the field with its value, which Chromium shows large: the name in
  // words, which the server reads as well as the identifier.
  fill(document.getElementById("streams"), [...streams.values()].map((s) => h("option", { value: s.text })));
  // The fields' examples come from this game's own decks and dice (not every game has a die).
  const first = [...streams.values()][0];
  if (first) {
    document.getElementById("force-stream").placeholder = `e.g. ${first.text}`;
    document.getElementById("force-outcomes").placeholder = `e.g. ${first.outcomes[0].text}`;
  }
  showOutcomes();
  if (lastUpdate) showQueued(lastUpdate.view);
}

/** The stream typed in, for the list of its outcomes: typed as listed ("deck:events") or by
 * its name in words ("events deck"). Only a hint: the server reads what is sent. */
function streamTyped() {
  const typed = document.getElementById("force-stream").value.trim();
  if (streams.has(typed)) return typed;
  const named = [...streams.values()].find((s) => s.text.toLowerCase() === typed.toLowerCase());
  return named ? named.stream : typed;
}

/** Every outcome of the stream typed in, by its name ("Fire Disaster"), which the server reads
 * as well as the identifier; two cards of one name are offered by their identifiers, and a
 * number with what it means ("8": "How 'Bond Fund' did: 8 units for a full term."). */
function showOutcomes() {
  const chosen = streams.get(streamTyped());
  const outcomes = chosen ? chosen.outcomes : [];
  const count = new Map();
  for (const o of outcomes) count.set(o.text, (count.get(o.text) || 0) + 1);
  // A bare number (an investment's returns) is labelled with what it stands for.
  fill(document.getElementById("outcomes"), outcomes.map((o) => count.get(o.text) === 1
    ? h("option", { value: o.text, label: o.meaning || null })
    : h("option", { value: typeof o.outcome === "string" ? o.outcome : JSON.stringify(o.outcome), label: o.meaning || o.text })));
}

/** Each room status in words. */
const STATUS_WORDS = {
  lobby: "waiting to start",
  running: "playing",
  paused: "paused",
  finished: "the game is over",
  ended: "ended by the trainer",
};

/** The room's state in a line: "Room status: playing · timer 60 s · 1 vote". */
function roomStatus(room) {
  const bits = [`Room status: ${STATUS_WORDS[room.status] || human(room.status)}`];
  if (room.timer) bits.push(`timer ${room.timer} s`);
  if (room.votes) bits.push(`${room.votes} ${room.votes === 1 ? "vote" : "votes"}`);
  return bits.join(" · ");
}

/** The controls whose answer is about one step of the game ("Done: took back 1 move.",
 * "Queued: ..."): once the game moves on, the answer is old news (what is still queued
 * stays listed under the control), so it goes, and a refusal stays until the next try. */
const SAID_FOR_A_STEP = ["undo-said", "force-said"];

function show(update) {
  lastUpdate = update;
  if (["action", "timeout"].includes(update.change)) {
    for (const id of SAID_FOR_A_STEP) {
      const beside = document.getElementById(id);
      if (beside && !beside.classList.contains("problem")) say(beside, "", true);
    }
  }
  fill(document.getElementById("turn"), turnLine(update), clockLines(update), resultBlock(update),
    h("p", {}, roomStatus(update.room)));
  lastVote.receive(update);
  fill(document.getElementById("vote"), voteBlock(update, lastVote.result, { decider: lastVote.decider, names: true }));
  if ((update.events || []).some((e) => e.key === "game.time_called")) timeCalled = true;
  document.getElementById("debrief-open").hidden = !(timeCalled || ["finished", "ended"].includes(update.room.status));
  document.getElementById("lobby-controls").hidden = update.room.status !== "lobby";
  fill(document.getElementById("seats"), update.room.seats.map((s) => seatRow(update, s)));
  fill(document.getElementById("table"), tableBlock(update));
  fill(document.getElementById("families"), families(update.view).map((f) => familyCard(update, f, { full: true })));
  // A take-back: the lines before it may tell of moves taken back (they come again when
  // replayed), so a line marks where the take-back happened.
  if (update.change === "undo" && log.length) log.unshift(TAKEN_BACK);
  // A welcome (a reload, a reconnection) brings the last things that happened: the log
  // starts over from them, so nothing is told twice.
  if (update.type === "welcome") log.length = 0;
  for (const e of update.events || []) log.unshift(e.text);
  for (const a of update.announcements || []) log.unshift(a);
  if (update.narration) log.unshift(update.narration);
  log.splice(200);
  fill(document.getElementById("events"), log.slice(0, 60).map((t) => h("li", {}, t)));
  // What chance may still give changes as it draws (and a take-back or a queued card changes
  // it again): the list is asked for again then.
  const drew = (update.events || []).some((e) => e.key === "chance.drawn" || e.key === "chance.force_skipped");
  if (update.view && !update.view.result && (!streamsAsked || drew || ["undo", "force"].includes(update.change))) loadStreams();
  showQueued(update.view);
}

if (!token) {
  problem.textContent = "This console needs the trainer's key, which only the device that created the room holds. Learners join at /play.";
  status.textContent = "not allowed";
} else {
  live = new Live(code, token, {
    onUpdate: (update) => {
      if (update.role !== "trainer") {
        live.stop();
        problem.textContent = "Only the trainer of this room may open its console. Learners play at /play.";
        document.getElementById("console").hidden = true;
        return;
      }
      document.getElementById("console").hidden = false;
      problem.textContent = "";
      show(update);
    },
    onProblem: (c, message) => {
      // Only a refused key (or a room that is gone) takes the console away; any other
      // error is about one request, and the controls stay.
      if (c === "forbidden") {
        problem.textContent = "Only the trainer of this room may open its console. Learners play at /play.";
        document.getElementById("console").hidden = true;
      } else if (c === "closed" || c === "not_found") {
        problem.textContent = sentence(message);
        document.getElementById("console").hidden = true;
      } else {
        say(said, `Not done: ${sentence(message)}`, false);
      }
    },
    onStatus: (s) => { status.textContent = s; },
  });
  document.getElementById("force-stream").addEventListener("input", showOutcomes);
  for (const button of document.querySelectorAll("[data-directive]")) {
    button.addEventListener("click", () => press(button.dataset.directive));
  }
  document.getElementById("record").addEventListener("click", async () => {
    const reply = await fetch(`/api/rooms/${code}/record`, { headers: auth });
    const blob = new Blob([await reply.text()], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `${code}-record.json` });
    document.body.append(a);
    a.click();
    a.remove();
  });
  document.getElementById("delete").addEventListener("click", async () => {
    if (!confirm(`Delete room ${code} and everything in it?`)) return;
    const reply = await fetch(`/api/rooms/${code}`, { method: "DELETE", headers: auth });
    if (reply.ok) { live.stop(); location.assign("/trainer"); } else say(said, `Not done: ${sentence((await reply.json()).error.message)}`, false);
  });
}
