// Drawing any game from its views: families and their figures, cards, the board, turns and
// events. A game's art (board zones or tracks, card pictures) comes as data with the page.

export const PAGE = JSON.parse(document.getElementById("page-data").textContent);
export const ART = PAGE.art;

/** An element with attributes and children (strings become text: never parsed as HTML). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** What a person typed (a vote's reason), as the page shows it: without control and format
 * characters (a right-to-left override would flip the rest of the line), but the joiners
 * that hold an emoji together. */
export function typed(text) {
  return String(text ?? "").replace(/[\p{Cc}\p{Cf}]/gu, (c) => (c === "\u200c" || c === "\u200d" ? c : ""));
}

export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
}

export function get(obj, path) {
  return path.split(".").reduce((v, k) => (v == null ? undefined : v[k]), obj);
}

/** snake_case words as a sentence: "place pay_bills" -> "Place pay bills". */
export function human(text) {
  const words = String(text).replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function money(value) {
  const m = ART.money || { before: "", after: "" };
  if (typeof value !== "number") return String(value);
  const sign = value < 0 ? "−" : "";
  const after = Math.abs(value) === 1 && m.after.endsWith("s") ? m.after.slice(0, -1) : m.after; // 1 unit
  return `${sign}${m.before}${Math.abs(value).toLocaleString("en")}${after}`;
}

/** A value in words; ``path`` is the field it was read from, for the game's words given for
 * that field alone ("box=tax": "Tax authority", where "tax" elsewhere is something else). */
export function showValue(value, path) {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length ? value.map((v) => showValue(v)).join(", ") : "none";
  if (typeof value === "object") {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => `${human(k)}: ${showValue(v)}`).join("; ") : "none";
  }
  if (typeof value !== "string") return String(value);
  const words = ART.words || {};
  // The game's name for an identifier ("voyage": "Sail around the world").
  const named = (path && words[`${path}=${value}`]) || words[value];
  return named || human(value).replace(/:(\S)/g, ": $1");
}

/** Square `i` of the view (counted from 0) as the board numbers it for a learner: from the
 * art's `counted_from` (Rut to Riches: 1, as its moves say it), else as the view has it. */
export function squareNumber(i) {
  return Number(i) + Number((ART.board || {}).counted_from || 0);
}

/** Where a family is (its art's `position`), in the board's words: on a board of zones,
 * each zone by its label ("4 · Extra jobs", not "4"); on tracks, the square with the name
 * of what is there when the art gives its `place` ("2 · Stock market"), else with its track
 * ("12 · The Rut"). */
export function placeText(family) {
  const value = get(family, ART.position);
  const spec = ART.board || { kind: "none" };
  if (ART.place && typeof value === "number") return `${squareNumber(value)} · ${showValue(get(family, ART.place), ART.place)}`;
  if (spec.kind === "zones") {
    const one = (v) => {
      const zone = spec.zones.find((z) => z.id === v);
      return zone ? zone.label : showValue(v);
    };
    if (Array.isArray(value)) return value.length ? value.map(one).join(", ") : "none";
    return one(value);
  }
  if (spec.kind === "tracks" && typeof value === "number") {
    const track = spec.circle ? spec.tracks.find((t) => t.id === family[spec.circle]) : spec.tracks.length === 1 ? spec.tracks[0] : null;
    if (track) return `${squareNumber(value)} · ${track.label}`;
  }
  return showValue(value);
}

/** The families (or players) in a view: where the game's art says, else the first list of
 * objects that carry a seat number. */
export function families(view) {
  if (!view) return [];
  if (ART.families && Array.isArray(view[ART.families])) return view[ART.families];
  for (const value of Object.values(view)) {
    if (Array.isArray(value) && value.length && typeof value[0] === "object" && value[0] && "seat" in value[0]) return value;
  }
  return [];
}

function figureList(family) {
  const figures = ART.figures && ART.figures.length ? ART.figures
    : Object.keys(family).filter((k) => typeof family[k] === "number" && k !== "seat").map((k) => ({ path: k, label: human(k) }));
  return h("dl", { class: "figures" }, figures.map((f) => {
    const value = get(family, f.path);
    // A figure in words (a job, a square's name) takes a row of its own: a word such as
    // "Circumstances" does not fit a column of figures and would be broken in two.
    const words = !f.money && typeof value !== "number" && typeof value !== "boolean";
    return h("div", { class: words ? "figure text" : "figure" }, h("dt", {}, f.label), h("dd", {}, f.money ? money(value) : showValue(value, f.path)));
  }));
}

function cardName(card) {
  if (card && typeof card === "object") return card.name || card.title || showValue(card.card || card.id || card);
  return showValue(card);
}

/** A held card's identifier: the card itself, or its `card` (or `id`) field. */
function cardId(card) {
  return card && typeof card === "object" ? card.card ?? card.id : card;
}

/** The cards a family holds, with each kind's picture and colour. A kind whose art names
 * another list `besides` leaves out the cards listed there (each once), so no card shows
 * twice (Rut to Riches: an asset is also a card in hand). */
export function cardList(family) {
  const groups = [];
  for (const [path, art] of Object.entries(ART.cards || {})) {
    let cards = get(family, path);
    if (cards && !Array.isArray(cards) && typeof cards === "object") cards = Object.entries(cards).map(([k, v]) => `${human(k)} ×${showValue(v)}`);
    const listed = art.besides ? get(family, art.besides) : null;
    if (Array.isArray(cards) && Array.isArray(listed)) {
      const left = listed.map(cardId);
      cards = cards.filter((c) => {
        const at = left.indexOf(cardId(c));
        if (at >= 0) left.splice(at, 1);
        return at < 0;
      });
    }
    if (!Array.isArray(cards) || !cards.length) continue;
    groups.push(h("div", { class: "card-group" },
      h("span", { class: "card-kind" }, art.label),
      h("ul", { class: "cards" }, cards.map((c) => h("li", { class: "card", style: `--card:${art.colour || "#eee"}` },
        h("span", { "aria-hidden": "true" }, art.icon || ""), " ", art.each || cardName(c))))));
  }
  return groups.length ? h("div", { class: "holdings" }, groups) : null;
}

/** A card or place by its name: the game's words for an identifier ("pe_carwash" reads
 * "Car-wash franchise"), a card's own name or title, else the identifier as words. */
function thingName(value) {
  if (value && typeof value === "object") return value.name || value.title || thingName(value.card || value.id || "");
  return (ART.words || {})[value] || human(value);
}

/** One card on the table as a list item: a line with its picture, its place ("Card 1: ")
 * and its name, then its text and the figures the art lists (those it has). */
function tableCard(spec, place, card) {
  const head = h("span", { class: "card-name" }, spec.icon ? h("span", { "aria-hidden": "true" }, spec.icon, " ") : null,
    place ? `${place}: ` : null, card && typeof card === "object" ? h("strong", {}, thingName(card)) : thingName(card));
  const details = [];
  if (card && typeof card === "object") {
    if (card.text) details.push(h("span", { class: "card-text" }, card.text));
    const shown = (spec.fields || [])
      .map((f) => [f, get(card, f.path)])
      .filter(([, v]) => v !== undefined && v !== null && v !== 0 && v !== "" && v !== false);
    if (shown.length) {
      // Each value in one piece: a line may break between figures, never inside "−$60".
      details.push(h("span", { class: "card-figures" }, shown.map(([f, v], i) => [i ? " · " : null, f.label ? `${f.label} ` : null,
        h("span", { class: "value" }, `${f.money ? money(v) : showValue(v)}${f.unit ? ` ${f.unit}` : ""}`)])));
    }
  }
  return h("li", { class: "card on-table", style: `--card:${spec.colour || "#eee"}` }, head, details);
}

/** The cards at one place on the table: a list of them (numbered when the art says so), one
 * card, or places that each hold one ("card 1": a card, "short": an identifier, "option": how
 * many are left). */
function tableCards(value, spec) {
  if (value === null || value === undefined || typeof value !== "object") return [];
  if (Array.isArray(value)) {
    // Numbered from 1 where the buttons say so ("Buy the luxury in slot 2"); an empty slot keeps its number.
    return value.map((card, i) => (card ? tableCard(spec, spec.numbered ? `${spec.numbered} ${i + 1}` : null, card) : null)).filter(Boolean);
  }
  if ("name" in value || "title" in value) return [tableCard(spec, null, value)];
  const places = spec.places || {};
  return Object.entries(value)
    .filter(([, v]) => v !== null && v !== undefined && v !== "" && v !== 0)
    .map(([place, v]) => (typeof v === "number" ? tableCard(spec, null, `${places[place] || thingName(place)} ×${v}`)
      : tableCard(spec, places[place] || human(place), v)));
}

/** What lies on the table for everyone, as the game's art lists it: a market, the face-up
 * cards, the card just drawn (with whose it is), each with its figures. With `fold` (a
 * phone), it folds away: shut at first when it holds more than a few cards, then as the
 * learner last left it (`fold.open`, told through `fold.toggled`). */
export function tableBlock(update, { fold = null } = {}) {
  const view = update.view;
  if (!view || !(ART.table || []).length) return null;
  let count = 0;
  const groups = ART.table.map((spec) => {
    const cards = tableCards(get(view, spec.path), spec);
    if (!cards.length) return null;
    count += cards.length;
    const holder = spec.holder ? get(view, spec.holder) : undefined;
    const label = typeof holder === "number" ? `${spec.label} (${seatName(update, holder)})` : spec.label;
    return h("div", { class: "card-group" }, h("span", { class: "card-kind" }, label), h("ul", { class: "cards" }, cards));
  }).filter(Boolean);
  if (!groups.length) return null;
  if (!fold) return h("section", { class: "table", "aria-label": "On the table" }, h("h2", {}, "On the table"), groups);
  const open = fold.open ?? count <= FOLDED_ABOVE;
  const details = h("details", { class: "table", open }, h("summary", {
    onclick: () => fold.toggled(!details.open),
  }, h("h2", {}, `On the table (${count})`)), groups);
  return details;
}

/** A phone shows this many cards on the table before folding them away at first. */
const FOLDED_ABOVE = 6;

export function seatName(update, seat) {
  const seats = (update.view && update.view.seats) || (update.room && update.room.seats) || [];
  const s = seats[seat];
  return (s && s.name) || `Seat ${seat + 1}`;
}

/** A field of a family in the full list: its square (the art's `position`) numbered as the
 * board numbers it, not as the view counts it; any other field as `showValue` says it. */
function fullValue(key, value) {
  if (key === ART.position && typeof value === "number") return String(squareNumber(value));
  return showValue(value, key);
}

/** One family as a card: name, figures, cards (and every other field when `full`). */
export function familyCard(update, family, { full = false, you = null } = {}) {
  const view = update.view || {};
  const moving = (view.to_move || []).includes(family.seat) && !(update.room && update.room.status === "ended");
  const title = [seatName(update, family.seat), family.family_name || family.home_name || family.job || null].filter(Boolean).join(" · ");
  const card = h("section", { class: `family${moving ? " moving" : ""}${family.seat === you ? " yours" : ""}`, "aria-label": title },
    h("h3", {}, title, moving ? h("span", { class: "badge" }, "to move") : null),
    figureList(family), cardList(family));
  if (full) {
    const rest = Object.entries(family).filter(([k]) => k !== "seat" && k !== "name");
    card.append(h("details", {}, h("summary", {}, "Everything"),
      h("dl", { class: "everything" }, rest.map(([k, v]) => h("div", {}, h("dt", {}, human(k)), h("dd", {}, fullValue(k, v)))))));
  }
  return card;
}

function pawn(update, seat) {
  return h("span", { class: `pawn p${seat % 6}`, title: seatName(update, seat) }, seatName(update, seat));
}

function seatsIn(value) {
  if (Array.isArray(value)) return value.filter((s) => typeof s === "number");
  if (value && typeof value === "object") return Object.values(value).flatMap(seatsIn);
  return typeof value === "number" ? [value] : [];
}

/** The board: zones holding pawns, or tracks with each family on its square. */
export function board(update) {
  const view = update.view;
  const spec = ART.board || { kind: "none" };
  if (!view || spec.kind === "none") return null;
  if (spec.kind === "zones") {
    const data = view[spec.source] || {};
    return h("div", { class: "board zones", role: "group", "aria-label": "The board" }, spec.zones.map((z) =>
      h("div", { class: "zone", style: `--zone:${z.colour}` },
        h("span", { class: "zone-name" }, h("span", { "aria-hidden": "true" }, z.icon || ""), " ", z.label),
        h("span", { class: "pawns" }, seatsIn(data[z.id]).map((s) => pawn(update, s))))));
  }
  const fams = families(view);
  return h("div", { class: "board", role: "group", "aria-label": "The board" }, spec.tracks.map((track) => {
    const here = fams.filter((f) => !spec.circle || f[spec.circle] === track.id);
    const cells = [];
    for (let i = 0; i < track.size; i++) {
      const on = here.filter((f) => Number(get(f, ART.position)) === i);
      const square = squareOf(i, track);
      cells.push(h("li", { class: `cell${square ? ` kind-${square.kind}` : ""}`, style: `--zone:${(square && square.colour) || track.colour}` },
        h("span", { class: "cell-no" }, squareNumber(i)),
        square ? h("span", { class: "cell-name" }, square.icon ? h("span", { "aria-hidden": "true" }, square.icon, " ") : null, square.name) : null,
        on.map((f) => pawn(update, f.seat))));
    }
    return h("div", { class: `track${spec.cells || track.cells ? " named" : ""}` }, h("h3", {}, track.label), h("ol", { class: "cells" }, cells));
  }));
}

/** Draw each box or zone name under `root` small enough that its longest word fits its box,
 * once the board is on the page (and again when the window changes size): a word is shrunk,
 * down to 60% of its size, rather than broken in the middle ("Circumstan|ces",
 * "Investment|s"). */
export function fitBoxNames(root) {
  const names = [...root.querySelectorAll(".cell-name, .zone-name")];
  for (const el of names) el.style.fontSize = "";
  const floor = new Map(names.map((el) => [el, parseFloat(getComputedStyle(el).fontSize) * 0.6]));
  let over = names.filter((el) => el.scrollWidth > el.clientWidth);
  // Text widens with its size: one step nearly always fits; a few more cover rounding.
  for (let step = 0; step < 4 && over.length; step++) {
    const sizes = over.map((el) => parseFloat(getComputedStyle(el).fontSize) * (el.clientWidth / el.scrollWidth) * 0.98);
    over.forEach((el, i) => { el.style.fontSize = `${Math.max(sizes[i], floor.get(el)).toFixed(2)}px`; });
    over = over.filter((el) => el.scrollWidth > el.clientWidth && parseFloat(el.style.fontSize) > floor.get(el));
  }
}

/** Square `i` of a board whose art names its squares (each of its tracks, or `track`, may
 * name its own): its name in the game's words ("Market crash", "Choose A Deal"), its kind
 * ("crash") with that kind's colour (`null`: the track's own) and icon; `null` otherwise. */
export function squareOf(i, track = null) {
  const spec = ART.board || {};
  const label = ((track && track.cells) || spec.cells || [])[i];
  if (label === undefined) return null;
  const kind = String(label).split(":")[0];
  const look = (spec.kinds || {})[kind] || {};
  return { name: showValue(label, spec.field), kind, colour: look.colour || (track && track.cells ? null : "#eee"), icon: look.icon || "" };
}

/** Where a roll the player is asked about takes their pawn (the art's `landing`), in a
 * sentence: "A 6 takes you to box 26 (Market crash)."; `null` when the decision is another. */
export function landingLine(update, { you = false } = {}) {
  const landing = ART.landing;
  const view = update.view || {};
  const decision = view.decision;
  if (!landing || !decision || decision.kind !== landing.decision) return null;
  const roll = Number(decision[landing.roll]);
  const family = families(view).find((f) => f.seat === (decision.seat ?? (view.to_move || [])[0]));
  if (!family || !Number.isFinite(roll)) return null;
  const track = ((ART.board || {}).tracks || [])[0];
  const last = track ? track.size - 1 : Infinity;
  const to = Math.min(last, Number(get(family, ART.position)) + roll);
  const square = squareOf(to);
  const who = you ? "you" : seatName(update, family.seat);
  return `A ${roll} takes ${who} to box ${squareNumber(to)}${square ? ` (${square.name})` : ""}.`;
}

/** The clocks running for the seats asked (`update.clocks`), counted down where they are
 * shown: a seat's own ("Time left: 0:45", `you`), or every one of them on the projector
 * ("Ife has 0:45 left"); red for the last ten seconds. */
export function clockLines(update, { you = null } = {}) {
  const now = Date.now();
  const lines = (update.clocks || []).filter((c) => you === null || c.seat === you).map((c) => {
    const line = h("p", { class: "time-left", role: "timer", "data-ends": String(now + c.left * 1000),
      "data-who": you === null ? seatName(update, c.seat) : "" });
    showClock(line, now);
    return line;
  });
  if (lines.length && clockTicker === null) clockTicker = setInterval(tickClocks, 500);
  return lines;
}

let clockTicker = null;

function tickClocks() {
  const now = Date.now();
  for (const line of document.querySelectorAll(".time-left[data-ends]")) showClock(line, now);
}

function showClock(line, now) {
  const seconds = Math.max(0, Math.ceil((Number(line.dataset.ends) - now) / 1000));
  const left = seconds >= 60 ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : `${seconds} s`;
  const who = line.dataset.who;
  if (who) line.textContent = seconds ? `${who} has ${left} left.` : `Time is up for ${who}.`;
  else line.textContent = seconds ? `Time left: ${left}` : "Time is up: the game's default move is played for you.";
  line.classList.toggle("urgent", seconds <= 10);
}

/** Seats' names joined for a sentence: "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function nameList(names) {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A game's identifier in a sentence ("credit_card"): its name in the game's words, else as words. */
const IDENTIFIER = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
/** Parameters holding what a person typed (a seat's name): shown exactly as typed. */
const TYPED_NAMES = new Set(["name", "player", "was"]);
/** A template's placeholders: `{field}`, `{to:seat}`, `{champions:seats}`, `{price:money}`,
 * `{kids:count child/children}`. */
const PLACEHOLDER = /\{(\w+)(?::(seats|seat|money)|:count ([^{}/]+)(?:\/([^{}]+))?)?\}/g;

function paramText(value) {
  if (Array.isArray(value)) return value.length ? value.map(paramText).join(", ") : "none";
  if (typeof value === "string") return (ART.words || {})[value] || (IDENTIFIER.test(value) ? value.replace(/_/g, " ") : value);
  return String(value);
}

/** A message of the game (`key`, `params`) in its own words, as the server words it (the
 * kernel's `Catalogue.render`): the page gets the game's templates (`PAGE.texts`) so it can
 * word what only a view holds, such as the decision asked or why the game ended. `null` when
 * the game has no words for `key` (never the raw key). */
export function explain(update, key, params = {}) {
  const template = (PAGE.texts || {})[key];
  if (typeof template !== "string") return null;
  const p = { ...params };
  if (typeof p.decision === "string") p.decision = p.decision.replace(/_/g, " ");
  if (typeof p.seat === "number" && !("name" in p)) p.name = seatName(update, p.seat);
  return template.replace(PLACEHOLDER, (whole, field, how, one, many) => {
    if (!(field in p)) return whole;
    const value = p[field];
    if (one !== undefined) return `${paramText(value)} ${value === 1 ? one : many || `${one}s`}`;
    if (how === "seats" && Array.isArray(value)) return nameList(value.map((s) => seatName(update, Number(s))));
    if (how && typeof value === "number") return how === "seat" ? seatName(update, value) : money(value);
    if (!how && (TYPED_NAMES.has(field) || field.endsWith("_name"))) return String(value);
    return paramText(value);
  });
}

/** The key of the game's sentence for `decision`, as the kernel's `decision_key` picks it:
 * the one its `wording` names where the game has it (a free offer, "for no commission"), else
 * the one of its kind. */
export function decisionKey(decision) {
  const worded = `describe.decision.${decision.wording}`;
  if (typeof decision.wording === "string" && typeof (PAGE.texts || {})[worded] === "string") return worded;
  return `describe.decision.${decision.kind}`;
}

/** The decision asked now in one sentence, from the game's `describe.decision` words (the
 * same sentence as the seat's `prompt` and the class vote's), naming every seat asked; `null`
 * when the game has no words for it. */
export function decisionSentence(update, seats) {
  const decision = update.view && update.view.decision;
  if (!decision || !seats.length) return null;
  const names = nameList(seats.map((s) => seatName(update, s)));
  return explain(update, decisionKey(decision), { ...decision, seat: seats[0], name: names });
}

/** One part of the headline as the game's art describes it (`spec`): a field by its `path`,
 * read as a count out of another (`of`: "Round 1 of 3", "Year 3 of 3"), or as the field's
 * value after its `label` ("Phase: the year, week by week"), or alone with an empty label
 * ("Action phase"); `playing`: left out once the game is over. A bare field name reads
 * "Field: value". `null` when the view does not hold the field. */
function headlineBit(view, spec) {
  const s = typeof spec === "string" ? { path: spec } : spec;
  const value = view[s.path];
  if (value === undefined || value === null || (s.playing && view.result)) return null;
  const label = s.label ?? human(s.path);
  const total = s.of ? view[s.of] : null;
  // A round or year still at 0 has not begun (Rut to Riches' Dreams are chosen before it).
  if (value === 0) return `${label}: not started yet${typeof total === "number" ? ` (${total} in all)` : ""}`;
  if (typeof value === "number") return typeof total === "number" ? `${label} ${value} of ${total}` : `${label} ${value}`;
  const words = showValue(value, s.path);
  return label ? `${label}: ${words}` : words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** The headline: the game's round or year, and whose turn it is with the decision in words
 * ("Ana: where does your home token go this year?"). The seat asked reads that sentence as
 * its own `prompt` above its buttons, so its headline just says who moves. */
export function turnLine(update) {
  const view = update.view;
  const status = update.room ? update.room.status : "";
  if (!view) return h("p", { class: "turn" }, status === "lobby" ? "Waiting for the trainer to start the game." : "");
  const bits = (ART.headline || []).map((spec) => headlineBit(view, spec)).filter(Boolean);
  let who;
  if (view.result) who = "The game is over.";
  else if (status === "ended") who = "The trainer has ended the game: no more moves.";
  else if (view.paused || status === "paused") who = "Paused by the trainer.";
  else {
    const seats = view.to_move || [];
    const sentence = update.prompt ? null : decisionSentence(update, seats);
    who = sentence || (seats.length ? `To move: ${nameList(seats.map((s) => seatName(update, s)))}` : "");
    const landing = update.prompt ? null : landingLine(update);
    if (landing) who = `${who} ${landing}`;
  }
  return h("p", { class: "turn" }, bits.length ? h("span", { class: "headline" }, bits.join(" · ")) : null, " ", who);
}

/** A final score as the game counts it: money in its currency when the score is money (net
 * worth), else the number (two decimals at most: Rut to Riches' 0.3116 reads 0.31). */
function scoreText(value) {
  if (typeof value !== "number") return showValue(value);
  if ((PAGE.score || {}).money) return money(value);
  if ((PAGE.score || {}).share) return sharePercent(value);
  return value.toLocaleString("en", { maximumFractionDigits: 2 });
}

/** A share of expenses (Rut to Riches' score) as the debrief and the game's end sentence say
 * it: a whole percentage with its thousands ("2,005%"), one decimal under 10% ("4.4%"). */
function sharePercent(share) {
  const size = Math.abs(100 * share);
  const text = size >= 10 ? Math.round(size).toLocaleString("en") : String(Number(size.toFixed(1)));
  return `${share < 0 ? "−" : ""}${text}%`;
}

/** How the game ended, in words: the winners by name, why (the game's own sentence for its
 * reason), and each family's score by name, winners first, then the highest. */
export function resultBlock(update) {
  const result = update.view && update.view.result;
  if (!result) return null;
  const winners = result.winners || [];
  const names = winners.map((s) => seatName(update, s));
  // The reason comes as {key, params} (a Message as JSON); a [key, params] pair is read too.
  const reason = Array.isArray(result.reason) ? { key: result.reason[0], params: result.reason[1] } : result.reason || {};
  const why = reason.key ? explain(update, reason.key, reason.params || {}) : null;
  const rows = (result.scores || []).map((value, seat) => ({ seat, value, won: winners.includes(seat) }))
    .sort((a, b) => Number(b.won) - Number(a.won) || b.value - a.value);
  return h("section", { class: "result", "aria-label": "Result" }, h("h2", {}, "Result"),
    h("p", { class: "winners" }, names.length ? `${names.length === 1 ? "Winner" : "Winners"}: ${nameList(names)}.` : "No winner this time."),
    why ? h("p", { class: "reason" }, why) : null,
    h("h3", {}, (PAGE.score || {}).label || "Score"),
    h("ul", { class: "scores" }, rows.map((r) => h("li", { class: r.won ? "winner" : null },
      `${seatName(update, r.seat)}: ${scoreText(r.value)}`, r.won ? h("strong", {}, " · winner") : null))));
}

/** The line a page's list of what happened gets where the trainer took moves back: the
 * lines below it stay (the class can still read them) but may tell of moves that no longer
 * count. The console, the projector and the phones mark it alike. */
export const TAKEN_BACK = "— Taken back here: the lines below may tell of moves that no longer count —";

/** Moves played after a class vote's result that it stays on screen for: long enough to talk
 * it over, not for the rest of the game when no one votes again. */
export const VOTE_SHOWN_FOR = 8;

/** The class vote's last result as a page keeps it: taken from the update that closes a vote
 * (with the family voted on: the server names it, as several may decide at once), and kept
 * on show, while bots move and while a person's next decision waits, until someone votes on
 * the next decision (its count shows then, and its own result follows), a few moves have been
 * played since (VOTE_SHOWN_FOR), the game is over, or the trainer takes moves back. The class
 * can read the last split and what the family chose even when a bot moves straight after. */
export class LastVote {
  constructor() {
    this.result = null;
    this.decider = null;
    this.deciders = [];
    this.movesSince = 0;
  }

  receive(update) {
    if (update.vote_result && !gameOver(update)) {
      this.result = update.vote_result;
      this.movesSince = 0;
      const seat = update.vote_result.seat;
      this.decider = typeof seat === "number" ? seatName(update, seat)
        : this.deciders.length === 1 ? seatName(update, this.deciders[0]) : null;
    } else if (update.change === "undo" || (update.room || {}).votes > 0 || gameOver(update)
      || (this.result && MOVES.has(update.change) && ++this.movesSince >= VOTE_SHOWN_FOR)) {
      this.result = null;
      this.decider = null;
    }
    this.deciders = (update.view && update.view.to_move) || [];
  }
}

/** The changes that are a move of the game (a seat's, or its default when time ran out). */
const MOVES = new Set(["action", "timeout"]);

/** Whether the game is over: it ended by its rules, or the trainer ended it. */
function gameOver(update) {
  const status = (update.room || {}).status;
  return Boolean(update.view && update.view.result) || status === "finished" || status === "ended";
}

/** A class vote: how many have voted on the open decision, and the split of the last one
 * closed, as bars, with what the deciding family did (`decider`: its name, when known) or
 * why it closed without their move (`closed`: a take-back withdrew it), and the reasons
 * given (with the voters' names when `names` is set: the trainer's console). */
export function voteBlock(update, lastVote, { decider = null, names = false } = {}) {
  const room = update.room || {};
  const parts = [];
  if (room.votes) parts.push(h("p", { class: "vote-count" }, `Class vote: ${room.votes} voted so far.`));
  if (lastVote) {
    const split = Object.entries(lastVote.split || {});
    const total = split.reduce((sum, [, n]) => sum + n, 0) || 1;
    parts.push(h("h3", {}, decider ? `The class vote on ${decider}'s decision` : "The class voted"),
      h("ul", { class: "votes" }, split.map(([text, n]) => {
        const played = lastVote.played === text;
        const share = Math.round((100 * n) / total);
        return h("li", { class: played ? "played" : null },
          h("span", {}, `${human(text)}: ${n} ${n === 1 ? "vote" : "votes"} (${share}%)`, played ? h("strong", {}, " · what they did") : null),
          h("span", { class: "bar", style: `width:${share}%` }));
      })));
    if (lastVote.played) parts.push(h("p", { class: "vote-played" }, `${decider ? `${decider}'s family` : "The player"} chose: ${human(lastVote.played)}.`));
    // Closed without the family's move (a take-back withdraws it): the server says why.
    else if (lastVote.closed) parts.push(h("p", { class: "vote-closed" }, lastVote.closed));
    const reasons = lastVote.reasons || [];
    if (reasons.length) {
      parts.push(h("h4", {}, "Why they voted so"), h("ul", { class: "vote-reasons" }, reasons.map((r) =>
        h("li", {}, names ? `${typed(r.name)} (${human(r.vote)}): ` : `${human(r.vote)}: `, `“${typed(r.why)}”`))));
    }
  }
  return parts.length ? h("section", { class: "vote", "aria-label": "Class vote" }, parts) : null;
}

/** An action in words: the server's words for an entry it sent (cards named by their
 * titles), else the game's label for its kind (fields filled in: `{field}`, `{slot+1}` for a
 * 0-based slot, `{to:seat}` for a seat's name, `{price:money}`), else its own text. */
export function actionLabel(update, entry, action = entry.action) {
  if (action === entry.action && typeof entry.text === "string") return entry.text;
  const template = (ART.actions || {})[action.type];
  if (!template) {
    const amountField = entry.amount ? entry.amount.field : null;
    const rest = Object.entries(action).filter(([k]) => k !== "type" && k !== amountField).map(([, v]) => showValue(v).toLowerCase());
    return human([action.type, ...rest].join(" "));
  }
  return template.replace(/\{(\w+)(\+1|:seat|:money)?\}/g, (_m, field, how) => {
    const value = action[field];
    if (value === undefined) return "";
    if (entry.amount && entry.amount.field === field && action === entry.action) return "…";
    if (how === "+1") return String(Number(value) + 1);
    if (how === ":seat") return seatName(update, Number(value));
    if (how === ":money") return money(Number(value));
    // As the server words it: the game's words for the field's value first ("agree=yes":
    // "Lend the money"; "zone=shopping"), then for the value anywhere.
    const words = ART.words || {};
    const key = typeof value === "boolean" ? (value ? "yes" : "no") : value;
    const named = words[`${field}=${key}`] || (typeof value === "string" ? words[value] : undefined);
    if (named) return named;
    return typeof value === "string" ? value.replace(/_/g, " ") : showValue(value).toLowerCase();
  });
}
