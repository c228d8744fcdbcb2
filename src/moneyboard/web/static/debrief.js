// The debrief after a game: a summary in words, a chart per figure over the game, the
// decisions that mattered, and (for the trainer) "what if": replay from a decision with
// another choice and compare. The projector's copy reads the public debrief and has no
// controls; the trainer's needs the trainer's key, kept on the device that made the room.

import { pageToken, sentence } from "./live.js";
import { fill, h, human } from "./render.js";

const code = JSON.parse(document.getElementById("room-code").textContent);
const role = JSON.parse(document.getElementById("debrief-role").textContent);
const problem = document.getElementById("problem");
const loading = document.getElementById("loading");
const token = role === "trainer" ? pageToken("trainer", code, { keepInUrl: false }) : null;
const auth = token ? { Authorization: `Bearer ${token}` } : {};
const RETRY_MS = 5000;
const ONLY_TRAINER = "Only the trainer of this room may open its debrief. The projector shows a copy without controls.";

/** GET or POST JSON; a refusal becomes an Error carrying the server's own words. */
async function call(path, { method = "GET", body = null } = {}) {
  const headers = { ...auth };
  if (body !== null) headers["content-type"] = "application/json";
  const reply = await fetch(path, { method, headers, body: body === null ? null : JSON.stringify(body) });
  const data = await reply.json().catch(() => ({ error: { message: "the server did not answer" } }));
  if (!reply.ok) {
    const error = new Error(data.error ? data.error.message : `the server answered ${reply.status}`);
    error.code = data.error ? data.error.code : "http";
    throw error;
  }
  return data;
}

/** An SVG chart from the server, as SVG nodes (parsed as XML: nothing in it can run). */
function chartNode(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.nodeName !== "svg") return h("p", { class: "problem" }, "This chart could not be drawn.");
  for (const bad of svg.querySelectorAll("script, foreignObject")) bad.remove();
  for (const el of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of [...el.attributes]) {
      if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  return document.importNode(svg, true);
}

// A phone gets the narrow charts (half as wide, type as large: readable at 390 px); the
// page swaps them when the window crosses the width (a phone turned, a window resized).
const NARROW_SCREEN = window.matchMedia("(max-width: 40rem)");
let shownCharts = null;

function showCharts(data) {
  shownCharts = data;
  const charts = (NARROW_SCREEN.matches && data.charts_narrow) || data.charts || {};
  const names = Object.keys(charts);
  fill(document.getElementById("charts"), names.length
    ? names.map((name) => h("figure", { class: "chart" }, chartNode(charts[name])))
    : h("p", {}, "The game was too short to chart."));
}

NARROW_SCREEN.addEventListener("change", () => { if (shownCharts) showCharts(shownCharts); });

function seatNameOf(seat) {
  return (state.debrief.seats || [])[seat] || `Seat ${seat + 1}`;
}

/** An action as the debrief names it ({action, text}, or older plain text). */
function said(choice) {
  if (!choice) return "";
  return typeof choice === "string" ? choice : choice.text;
}

/** One decision that mattered, in words (and a button to ask "what if" on the trainer's). */
function turningPoint(point, pick) {
  const name = seatNameOf(point.seat);
  const head = `${point.round != null ? `${periodWord()} ${point.round} · ` : ""}${name}: ${said(point.chosen)}`;
  // The server writes the effect in the game's words ("+7.4 percentage points", "−$240"),
  // and none where the sentence does not stand behind a figure (chance could explain it):
  // the badge then names the call alone.
  const call = point.better ? "costly" : "a good call";
  const effect = h("span", { class: `effect ${point.better ? "loss" : "gain"}` },
    point.effect_text ? ` (${call}: ${point.effect_text})` : ` (${call})`);
  // The sentence names the better choice already: it is not repeated under it.
  const body = [h("strong", {}, head), effect, h("p", { class: "point-sentence" }, point.sentence || "")];
  if (!pick) return h("li", { class: "turning-point" }, body);
  return h("li", { class: "turning-point" }, body,
    h("button", { type: "button", "data-entry": point.entry, onclick: () => pick(point) }, `What if ${name} had chosen otherwise here?`));
}

const state = { debrief: null, decisions: [], lastAlternatives: [] };

/** What the game calls a round ("Round", FinanCity's "Year"), as the debrief says it. */
function periodWord() {
  const period = (state.debrief && state.debrief.period) || "round";
  return period.charAt(0).toUpperCase() + period.slice(1);
}

function showDebrief(data, pick) {
  const debrief = data.debrief;
  state.debrief = debrief;
  fill(document.getElementById("summary"), (debrief.summary || []).map((s) => h("li", {}, s)));
  showCharts(data);
  const points = debrief.turning_points || [];
  fill(document.getElementById("turning-points"), points.length
    ? points.map((p) => turningPoint(p, pick))
    : h("li", {}, "No single decision changed the result much in this game."));
  loading.hidden = true;
  document.getElementById("debrief").hidden = false;
}

// ----- what if (the trainer's page) -------------------------------------------------------
function pointOptions(points) {
  const select = document.getElementById("point");
  const groups = [];
  if (points.length) {
    groups.push(h("optgroup", { label: "The decisions that mattered" }, points.map((p) =>
      h("option", { value: p.entry }, `${p.round != null ? `${periodWord()} ${p.round} · ` : ""}${seatNameOf(p.seat)}: ${said(p.chosen)}`))));
  }
  groups.push(h("optgroup", { label: "Every move in the game" }, state.decisions.map((d) =>
    h("option", { value: d.entry }, `Move ${d.entry + 1} · ${d.name}: ${d.text}`))));
  fill(select, h("option", { value: "" }, "Choose a decision…"), groups);
}

// A what-if plays every seat on with its own bot: its time grows with the games asked and
// the moves left after the decision. Past this many moves left, the page suggests fewer games
// (at least MIN_GAMES), so a long game still answers in front of a class within about half a
// minute; the trainer may ask for more.
const DEFAULT_GAMES = 12;
const MIN_GAMES = 4;
const LONG_STRETCH = 150;
// Seconds per game per move left, learned from this page's last what-if (none yet: no guess).
let secondsPerMove = null;

/** Moves with a choice made after ``entry`` (what every replayed game has to play again). */
function movesAfter(entry) {
  return state.decisions.filter((d) => d.entry > Number(entry)).length;
}

/** The games a what-if from ``entry`` is offered by default: fewer for a long stretch. */
function suggestedGames(entry) {
  const left = movesAfter(entry);
  if (left <= LONG_STRETCH) return DEFAULT_GAMES;
  return Math.max(MIN_GAMES, Math.round((DEFAULT_GAMES * LONG_STRETCH) / left));
}

async function loadAlternatives(entry, prefer = null) {
  const select = document.getElementById("alternative");
  if (entry !== "") document.getElementById("games").value = String(suggestedGames(entry));
  select.disabled = true;
  fill(select, h("option", { value: "" }, "Loading the other choices…"));
  fill(document.getElementById("what-if-result"));
  if (entry === "") { fill(select); return; }
  try {
    const found = await call(`/api/rooms/${code}/debrief/alternatives?entry=${encodeURIComponent(entry)}`);
    state.lastAlternatives = found;
    if (!found.length) {
      fill(select, h("option", { value: "" }, "No other choice was open here"));
      return;
    }
    const wanted = found.findIndex((alt) => prefer && JSON.stringify(alt.action) === JSON.stringify(prefer.action));
    const first = wanted >= 0 ? wanted : Math.max(0, found.findIndex((alt) => !alt.chosen));
    fill(select, found.map((alt, i) => h("option", { value: i, selected: i === first ? true : null },
      `${human(alt.text)}${alt.chosen ? " (what they did)" : ""}`)));
    select.disabled = false;
  } catch (error) {
    fill(select);
    fill(document.getElementById("what-if-result"), h("p", { class: "problem", role: "alert" }, sentence(error.message)));
  }
}

function share(wins) {
  return typeof wins === "number" ? `${Math.round(wins * 100)}%` : "—";
}

/** The what-if's answer: its sentence, then for each family the real game, the real choice
 * replayed and the alternative replayed (the same dice for both); each score as the server
 * writes it in the game's words (Rut to Riches' as a percentage of expenses). */
function whatIfResult(result) {
  const bySeat = (rows) => new Map((rows || []).map((r) => [r.seat, r]));
  const chosen = bySeat(result.chosen_results);
  const other = bySeat(result.alternative_results);
  const actual = result.actual || [];
  const games = `${result.games} ${result.games === 1 ? "game" : "games"}`;
  return h("section", { class: "what-if-answer", "aria-label": "What if: the answer" },
    h("p", { class: "what-if-sentence" }, result.sentence || ""),
    actual.length ? h("table", { class: "what-if-table" },
      h("caption", {}, `Final score of each family: the real game, then ${games} played on from the move with the real choice and with “${said(result.alternative)}” (average, and the range of the middle 80% of those games) and the share of those games won`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Family"), h("th", { scope: "col" }, "Real game"),
        h("th", { scope: "col" }, "Real choice, replayed"), h("th", { scope: "col" }, "Won"),
        h("th", { scope: "col" }, "Alternative, replayed"), h("th", { scope: "col" }, "Won"))),
      h("tbody", {}, actual.map((r) => {
        const mine = chosen.get(r.seat);
        const alt = other.get(r.seat);
        return h("tr", { class: r.seat === result.seat ? "chooser" : null },
          h("th", { scope: "row" }, r.name || seatNameOf(r.seat)),
          h("td", {}, r.score_text || "—"),
          h("td", {}, (mine && mine.score_text) || "—"), h("td", {}, share(mine && mine.wins)),
          h("td", {}, (alt && alt.score_text) || "—"), h("td", {}, share(alt && alt.wins)));
      }))) : null);
}

async function runWhatIf(event) {
  event.preventDefault();
  const entry = document.getElementById("point").value;
  const choice = state.lastAlternatives[Number(document.getElementById("alternative").value)];
  const out = document.getElementById("what-if-result");
  if (entry === "" || !choice) {
    fill(out, h("p", { class: "problem", role: "alert" }, "Choose a decision and another choice first."));
    return;
  }
  const button = document.getElementById("run-what-if");
  button.disabled = true;
  const games = Number(document.getElementById("games").value);
  const work = games * Math.max(1, movesAfter(entry));
  const guess = secondsPerMove === null ? "" : ` It should take about ${Math.max(1, Math.round(secondsPerMove * work))} s.`;
  const plays = `Replaying the game from there, ${games} ${games === 1 ? "game" : "games"} with each choice.${guess}`;
  // The status line says what is being done once; the seconds count on beside it quietly.
  const clock = h("span", { class: "elapsed", "aria-hidden": "true" }, "");
  fill(out, h("p", { class: "waiting", role: "status" }, plays, " ", clock));
  const started = Date.now();
  const tick = setInterval(() => { clock.textContent = `${Math.round((Date.now() - started) / 1000)} s so far…`; }, 1000);
  try {
    const result = await call(`/api/rooms/${code}/debrief/what-if`, {
      method: "POST", body: { entry: Number(entry), action: choice.action, games },
    });
    secondsPerMove = (Date.now() - started) / 1000 / work;
    fill(out, whatIfResult(result));
  } catch (error) {
    fill(out, h("p", { class: "problem", role: "alert" }, sentence(error.message)));
  } finally {
    clearInterval(tick);
    button.disabled = false;
  }
}

function pickPoint(point) {
  const select = document.getElementById("point");
  select.value = String(point.entry);
  loadAlternatives(select.value, point.better);
  document.getElementById("what-if").scrollIntoView({ block: "start" });
  select.focus();
}

async function main() {
  if (role === "trainer" && !token) {
    loading.hidden = true;
    problem.textContent = ONLY_TRAINER;
    return;
  }
  try {
    if (role === "trainer") {
      const data = await call(`/api/rooms/${code}/debrief`);
      state.decisions = data.decisions || [];
      showDebrief(data, pickPoint);
      pointOptions(data.debrief.turning_points || []);
      document.getElementById("point").addEventListener("change", (e) => loadAlternatives(e.target.value));
      document.getElementById("what-if").addEventListener("submit", runWhatIf);
    } else {
      showDebrief(await call(`/api/rooms/${code}/debrief/public`), null);
      problem.textContent = "";
    }
  } catch (error) {
    loading.hidden = true;
    problem.textContent = error.code === "forbidden" ? ONLY_TRAINER : sentence(error.message);
    // The projector may be opened before the game is over: it looks again until it is.
    if (role === "projector" && error.code === "not_over") setTimeout(main, RETRY_MS);
  }
}

main();
