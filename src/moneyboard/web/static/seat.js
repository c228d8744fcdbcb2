// One seat's panel (the phone, or the hotseat device): what lies on the table, the legal
// actions as buttons with their cost, refused ones greyed with the reason, amounts as number
// inputs, guided mode's preview, the class vote while another family decides, the family's
// figures and cards, and the events that touched this family.

import { ART, LastVote, PAGE, TAKEN_BACK, actionLabel, landingLine, clockLines, families, familyCard, fill, h, human, money, nameList, placeText, seatName, tableBlock, turnLine, voteBlock, resultBlock } from "./render.js";
import { sentence } from "./live.js";

const SEEN_KEY = "moneyboard.seen-mechanics";
/** The heading of the actions a learner may take while another decides (a loan): their own
 * money, not the class vote. */
const ANYTIME = "Any time: your own money";
const ANYTIME_HINT = "These act for your own family now; they are not a vote.";
/** What a phone says while it has lost its connection (its buttons are greyed meanwhile). */
export const OFFLINE = "Lost contact with the class server: reconnecting… Your buttons come back as soon as it answers.";

/** The debrief of a game that is over, as the class sees it on the projector. */
function debriefLink() {
  const code = JSON.parse(document.getElementById("room-code").textContent);
  return h("p", { class: "after" }, h("a", { href: `/projector/${code}/debrief` }, "How the game went: the debrief"));
}

function seenMechanics() {
  try { return new Set(JSON.parse(localStorage.getItem(SEEN_KEY) || "[]")); } catch { return new Set(); }
}

function markSeen(kind) {
  const seen = seenMechanics();
  seen.add(kind);
  localStorage.setItem(SEEN_KEY, JSON.stringify([...seen]));
}

/** Where the caret is in a text field (a number field has none: `null`). */
function selection(input) {
  try {
    return input.selectionStart === null ? [] : [input.selectionStart, input.selectionEnd];
  } catch {
    return [];
  }
}

function restoreSelection(input, range) {
  if (range.length === 2) input.setSelectionRange(range[0], range[1]);
}

/** The seat's own view: the public view with its own parts over it. */
export function ownView(update) {
  return { ...(update.view || {}), ...(update.mine || {}) };
}

function ownFamily(update) {
  return families(ownView(update)).find((f) => f.seat === update.you) || null;
}

function cashOf(family) {
  if (!family) return null;
  const figure = (PAGE.art.figures || []).find((f) => f.money);
  if (!figure) return null;
  const value = figure.path.split(".").reduce((v, k) => (v == null ? undefined : v[k]), family);
  return typeof value === "number" ? { label: figure.label, value } : null;
}

/** The trainer's pace, which touches every family: a phone's list tells the pause and the
 * resume, so a take-back's "the game is paused" is followed by "The game goes on." */
const FOR_EVERYONE = new Set(["game.paused", "game.resumed"]);

/** Whether an event is about this seat: it names the seat or the family's name. */
export function touches(event, seat, name) {
  const params = event.params || {};
  for (const [key, value] of Object.entries(params)) {
    if ((key === "seat" || key === "player" || key.endsWith("_seat")) && value === seat) return true;
    if (typeof value === "string" && value === name) return true;
    if (Array.isArray(value) && value.includes(seat) && /seat/.test(key)) return true;
  }
  return false;
}

/** A choice in the class vote, in the game's words where its art has them. */
function choiceLabel(update, choice) {
  if (typeof choice.text === "string") return choice.text;
  const action = choice.action;
  if (action && typeof action === "object" && (ART.actions || {})[action.type]) return actionLabel(update, { action });
  return human(choice.text);
}

/** What a button's choice costs ("costs $25", or "free"), beside its label; nothing when the
 * label names the price already ("Buy Technical Diploma ($800)") or the game gives no cost.
 * The class vote's choices are the deciding family's buttons, so they read the same. */
function costTag(entry, label) {
  const priced = typeof entry.cost === "number" && !(entry.cost && showsAmount(label, money(entry.cost)));
  return priced ? h("span", { class: "cost" }, entry.cost ? `costs ${money(entry.cost)}` : "free") : null;
}

/** What names one control across redraws: the action without the amount a person types
 * ("move:" for the seat's own buttons, "vote:" for the class vote's). */
function controlKey(kind, entry) {
  const action = typeof entry.action === "object" && entry.action ? { ...entry.action } : { type: String(entry.action) };
  if (entry.amount) delete action[entry.amount.field];
  return `${kind}:${JSON.stringify(action)}`;
}

/** The choices a seat is shown (its buttons and the class vote's), to tell when the view a
 * refusal answered has gone: a refusal is not left beside a button that works again. */
function choicesShown(update) {
  const vote = update.vote;
  return JSON.stringify([(update.legal || []).map((e) => e.action), ((update.view || {}).to_move || []).includes(update.you),
    vote ? [vote.seat, (vote.choices || []).map((c) => c.action)] : null]);
}

/** An amount as its control says it: money in the game's currency ("$300"), a count of
 * things (`money: false`, shares) as a plain number ("10"). */
function amountText(a, value) {
  return a.money === false ? Number(value).toLocaleString("en") : money(value);
}

/** What may be chosen, in words: "how much: $100 to $5,000, in steps of $100", "how many: 10
 * to 1,000,000, in tens". */
export function rangeText(a) {
  const count = a.money === false;
  const steps = { 10: "tens", 100: "hundreds", 1000: "thousands" };
  const step = a.step === 1 ? "" : count && steps[a.step] ? `, in ${steps[a.step]}` : `, in steps of ${amountText(a, a.step)}`;
  return `${count ? "how many" : "how much"}: ${amountText(a, a.min)} to ${amountText(a, a.max)}${step}`;
}

/** The label of an action offered at several amounts with the amount typed in its place (the
 * server's "…": "Buy 10 shares", "Deposit $300 into savings"); left out while the field holds
 * no number ("Buy shares"). */
export function amountLabel(label, a, typed) {
  if (!label.includes("…")) return label;
  const value = String(typed ?? "").trim();
  const n = Number(value);
  if (value === "" || !Number.isFinite(n)) return label.replace(/\s*…\s*/, " ").trim();
  return label.replace("…", amountText(a, n));
}

/** An action offered at several amounts (`entry.amount`: field, min, max, step, and whether it
 * is `money`): its label with the amount typed and the range in words, a number input and a
 * button (`attrs`, `text`) that calls `choose` with the action at the amount typed. The seat's
 * own move and the class vote both show amounts this way.
 * `typed`: what the learner typed before this redraw (kept, even after a refusal, so they can
 * correct it), told back through `onTyped`; `problem`: why the last try was refused, shown
 * under the button, where the learner is looking. */
function amountChoice(update, entry, id, attrs, text, choose, { typed = null, onTyped = null, problem = null } = {}) {
  const a = entry.amount;
  const label = actionLabel(update, entry);
  const value = typed ?? a.min;
  const named = h("span", { class: "amount-label" }, amountLabel(label, a, value));
  const input = h("input", {
    id, type: "number", min: a.min, max: a.max, step: a.step, value, inputmode: "numeric",
    "data-key": `${attrs["data-key"]}:amount`, "aria-invalid": problem ? "true" : null,
    "aria-describedby": problem ? problem.id : null,
    oninput: (event) => {
      named.textContent = amountLabel(label, a, event.target.value);
      if (onTyped) onTyped(event.target.value);
    },
  });
  return h("li", { class: "action amount" },
    h("label", { for: id }, named, ` (${rangeText(a)})`),
    h("div", { class: "row" }, input, h("button", {
      ...attrs, onclick: () => choose({ ...entry.action, [a.field]: Number(input.value) }),
    }, text)),
    problem);
}

/** A seat panel in `root`; `send(action)` plays an action and resolves with the reply;
 * `vote(action, why)`, when given, sends the seat's answer to the class vote. */
export class SeatPanel {
  constructor(root, { send, guided, vote = null, joinedAs = () => null }) {
    this.root = root;
    this.send = send;
    this.guided = guided;
    this.vote = vote;
    // The name this device joined with (a team's seat carries the team's name).
    this.joinedAs = joinedAs;
    // The class vote: the "why" typed so far, and whether this phone sent the seat's vote on
    // the decision open now (a pause and resume change the version, not the decision).
    this.voteWhy = "";
    this.votedHere = false;
    this.update = null;
    this.events = [];
    // The class vote's last result, until a vote on the next decision (see LastVote).
    this.lastVote = new LastVote();
    // The amounts typed, by control (`controlKey`): a redraw (another family's move, a
    // refusal) keeps them; a move or vote that is taken clears them.
    this.typed = new Map();
    // What lies on the table, folded or not as the learner last left it (null: not touched yet).
    this.tableOpen = null;
    this.busy = false;
    // Why the last move or vote was refused: its text, the control it belongs to (`key`),
    // whether it is new (then announced, and scrolled into view, once), and the choices shown
    // then (`shown`): once they change, the view it answered is gone, and so is the refusal.
    this.problem = null;
    this.pendingChoice = null;
    this.visible = true;
    // Whether the connection to the server is lost (its buttons greyed until it is back).
    this.offline = false;
  }

  /** The connection's state ("live", "connecting", "reconnecting"): while it is not live the
   * phone cannot play, so its controls are greyed and it says so. */
  connection(status) {
    const offline = status !== "live";
    if (offline === this.offline) return;
    this.offline = offline;
    this.render();
  }

  receive(update) {
    if (update.type === "welcome" || update.rebuilt) this.pendingChoice = null;
    // A welcome (a reload, a reconnection) brings the last things that happened: the list
    // starts over from them, so nothing is told twice.
    if (update.type === "welcome") this.events = [];
    // A take-back: the family's lines stay, marked as the console marks them (those after
    // the moves taken back may no longer count, and come again when they are replayed).
    if (update.change === "undo") {
      if (this.events.length) this.events.unshift(TAKEN_BACK);
      this.typed.clear();
      this.problem = null;
    }
    if (this.problem) {
      // A refusal stays while the choices it was about are shown; it goes once they change.
      // One that came before the update that made it late is tied to the choices of that update.
      const shown = choicesShown(update);
      if (this.problem.shown === null) {
        if (update.version >= this.problem.version) this.problem.shown = shown;
      } else if (this.problem.shown !== shown) {
        this.problem = null;
      }
    }
    const name = seatName(update, update.you);
    for (const event of update.events || []) {
      if (touches(event, update.you, name) || FOR_EVERYONE.has(event.key)) this.events.unshift(event.text);
    }
    this.events = this.events.slice(0, 30);
    this.lastVote.receive(update);
    // The vote this phone sent is over once it closes, or when the server says the seat has not
    // voted on the decision open now (a new one).
    if (update.vote_result || (update.vote && !update.voted)) this.votedHere = false;
    for (const line of update.announcements || []) this.events.unshift(line);
    this.update = update;
    this.render();
  }

  async play(entry, action) {
    if (this.busy) return;
    this.busy = true;
    this.pendingChoice = null;
    this.problem = null;
    const reply = await this.send(action, this.update.version);
    this.busy = false;
    if (reply.type === "ack") this.typed.clear();
    else {
      // Too late (a teammate chose first, the game moved on): said above the choices, not
      // beside a button of the next decision that happens to read the same.
      const key = reply.code === "stale" ? "move:late" : controlKey("move", entry);
      this.problem = this.refusal(key, reply, "That was not accepted.");
    }
    this.render();
    return reply;
  }

  choose(entry, action) {
    if (!this.guided()) return this.play(entry, action);
    this.pendingChoice = { entry, action };
    this.render();
    const confirm = this.root.querySelector("[data-confirm]");
    if (confirm) confirm.focus();
    return undefined;
  }

  preview() {
    const { entry, action } = this.pendingChoice;
    const family = ownFamily(this.update);
    const cash = cashOf(family);
    const explain = PAGE.mechanics[action.type];
    const lines = [];
    if (explain && !seenMechanics().has(action.type)) {
      lines.push(h("p", { class: "mechanic" }, h("strong", {}, "New: "), explain));
      markSeen(action.type);
    }
    // An amount's cost is the amount itself only where the game says so (a deposit): a
    // loan's amount is money coming in, not going out.
    const ranged = entry.amount;
    const cost = typeof entry.cost === "number" ? entry.cost : (ranged && ranged.cost === "amount" ? Number(action[ranged.field]) : null);
    if (cost !== null && cash) {
      lines.push(h("p", {}, `${actionLabel(this.update, entry, action)} costs ${money(cost)}: your ${cash.label.toLowerCase()} goes from ${money(cash.value)} to ${money(cash.value - cost)}.`));
    } else if (entry.amount && entry.amount.money === false) {
      // A count (shares): what it costs is the game's to say, not this page's.
      lines.push(h("p", {}, `${amountLabel(actionLabel(this.update, entry), entry.amount, action[entry.amount.field])}.`));
    } else {
      lines.push(h("p", {}, `${actionLabel(this.update, entry, action)}: this does not cost money now.`));
    }
    return h("section", { class: "preview", "aria-label": "Before you confirm" }, h("h3", {}, "Before you confirm"), lines,
      h("div", { class: "row" },
        h("button", { class: "primary", "data-confirm": true, onclick: () => this.play(entry, action) }, "Confirm"),
        h("button", { onclick: () => { this.pendingChoice = null; this.render(); } }, "Cancel")));
  }

  async castVote(choice, action) {
    if (this.busy) return;
    this.busy = true;
    this.problem = null;
    const version = this.update.version;
    const reply = await this.vote(action, this.voteWhy.trim(), version);
    this.busy = false;
    if (reply.type === "ack") {
      this.votedHere = true;
      this.voteWhy = "";
      this.typed.clear();
    } else {
      // Too late (the family has chosen since): said above the choices, not beside a button
      // of the next decision that happens to read the same.
      const key = reply.code === "stale" ? "vote:late" : controlKey("vote", choice);
      this.problem = this.refusal(key, reply, "The vote was not accepted.");
    }
    this.render();
  }

  /** A refused move or vote as the panel keeps it (see `problem`): the room's version when it
   * was refused (the reply's, else the one shown) and the choices shown once the phone has
   * caught up with that version. */
  refusal(key, reply, otherwise) {
    const version = typeof reply.version === "number" ? reply.version : this.update.version;
    const shown = this.update.version >= version ? choicesShown(this.update) : null;
    return { key, text: sentence(reply.message || otherwise), fresh: true, version, shown };
  }

  /** The class vote while another family decides: its choices as buttons and a one-line
   * "why", then "vote sent" until the decision is made. */
  voteBox() {
    const update = this.update;
    const open = update.vote;
    if (!this.vote || !open || !Array.isArray(open.choices) || !open.choices.length) return null;
    const sent = update.voted || this.votedHere;
    // The server's prompt is a sentence naming who decides ("Anna decides: roll"); one
    // that does not name them gets the family's name in front.
    const prompt = String(open.prompt || "").trim();
    const title = prompt.includes(open.name) ? prompt : `${open.name}'s family decides${prompt ? `: ${prompt}` : ""}`;
    if (sent) {
      // A team has one vote: a member whose teammate voted did not send it themselves.
      const seat = ((update.room || {}).seats || [])[update.you] || {};
      const byTeam = seat.kind === "team" && !this.votedHere;
      const said = byTeam ? "Your team has voted (each family has one vote)." : "Vote sent.";
      return h("section", { class: "class-vote", "aria-label": "Class vote" },
        h("h2", {}, title), h("p", { class: "vote-sent", role: "status" }, `${said} The result shows when they have decided.`));
    }
    const why = h("input", {
      id: "vote-why", maxlength: 280, autocomplete: "off", placeholder: "optional",
      oninput: (event) => { this.voteWhy = event.target.value; },
    });
    why.value = this.voteWhy;
    return h("section", { class: "class-vote", "aria-label": "Class vote" },
      h("h2", {}, title),
      h("p", {}, "What would you do, and why?"),
      h("label", { for: "vote-why" }, "Why (one line)"), why,
      h("ul", { class: "action-list" }, open.choices.map((choice, i) => this.voteChoice(choice, i))));
  }

  /** One choice of the class vote: a button, or for an action offered at several amounts
   * (the decider's own "borrow … (100 to 5,000)") an amount to choose and a button. */
  voteChoice(choice, i) {
    const update = this.update;
    const type = choice.action && choice.action.type ? choice.action.type : String(choice.action);
    const key = controlKey("vote", choice);
    const attrs = { "data-vote": type, "data-text": choice.text, "data-key": key, disabled: this.busy || null };
    const problem = this.problemLine(key, `vote-problem-${i}`);
    if (!choice.amount) {
      const label = choiceLabel(update, choice);
      const cost = costTag(choice, label);
      return h("li", { class: "action" },
        h("button", { ...attrs, "aria-describedby": problem ? problem.id : null, onclick: () => this.castVote(choice, choice.action) },
          label, cost ? " " : null, cost), problem);
    }
    return amountChoice(update, choice, `vote-amount-${i}`, attrs, "Vote", (action) => this.castVote(choice, action),
      { typed: this.typed.get(key), onTyped: (value) => this.typed.set(key, value), problem });
  }

  /** Why the last try at the control `key` was refused, as a line to put beside it (`null`
   * when it was not this one). A new refusal is an alert, so a screen reader says it at
   * once; drawn again (another update), it is plain text and is not said twice. */
  problemLine(key, id) {
    const problem = this.problem;
    if (!problem || problem.key !== key) return null;
    problem.placed = true;
    return h("p", { id, class: "problem", role: problem.fresh ? "alert" : null, "data-fresh": problem.fresh || null }, problem.text);
  }

  actions() {
    const update = this.update;
    const legal = update.legal || [];
    const refused = update.refused || [];
    if (!legal.length && !refused.length) return null;
    const voter = !(update.view && (update.view.to_move || []).includes(update.you));
    // Not on turn, the actions left are those allowed at any time (a loan): they are the
    // learner's own money, set apart from the class vote below, and not in its look.
    const look = voter ? "anytime" : "primary";
    const items = legal.map((entry, i) => {
      const key = controlKey("move", entry);
      const problem = this.problemLine(key, `problem-${i}`);
      if (entry.amount) {
        const attrs = { class: look, "data-action": entry.action.type, "data-key": key };
        return amountChoice(update, entry, `amount-${i}`, attrs, "Go", (action) => this.choose(entry, action),
          { typed: this.typed.get(key), onTyped: (value) => this.typed.set(key, value), problem });
      }
      const label = actionLabel(update, entry);
      const cost = costTag(entry, label);
      return h("li", { class: "action" }, h("button", {
        class: look, "data-action": entry.action.type, "data-key": key, disabled: this.busy || null,
        "aria-describedby": problem ? problem.id : null, onclick: () => this.choose(entry, entry.action),
      }, label, cost ? " " : null, cost), problem);
    });
    const greyed = refused.map((entry, i) => h("li", { class: "action refused" },
      h("button", { disabled: true, "aria-describedby": `why-${i}` }, actionLabel(update, entry)),
      h("span", { id: `why-${i}`, class: "why" }, `Why not: ${entry.reason}`)));
    const landing = !voter ? landingLine(update, { you: true }) : null;
    const prompt = !voter && update.prompt ? h("p", { class: "prompt" }, update.prompt, landing ? ` ${landing}` : null) : null;
    const heading = voter ? ANYTIME : "Your move";
    return h("section", { class: `actions${voter ? " anytime" : ""}`, "aria-label": heading },
      h("h2", {}, heading), voter ? h("p", { class: "hint" }, ANYTIME_HINT) : null, prompt,
      h("ul", { class: "action-list" }, items, greyed));
  }

  /** The seats this seat waits on to answer its own request (an offer it made, a loan it
   * asked for, its asset sold in distress): the decision names this seat in one of its
   * seat fields (`{by:seat}` in the game's sentence for it). Empty when it is not so. */
  waitingOnMe() {
    const update = this.update;
    const view = update.view || {};
    const decision = view.decision;
    const seats = view.to_move || [];
    if (!decision || !seats.length || seats.includes(update.you)) return [];
    const template = String((PAGE.texts || {})[`describe.decision.${decision.kind}`] || "");
    const fields = [...template.matchAll(/\{(\w+):seat\}/g)].map((m) => m[1]).filter((f) => f !== "seat");
    return fields.some((f) => decision[f] === update.you) ? seats : [];
  }

  /** Before the start: the name this device joined with, and the team it plays in. */
  joinedLine() {
    const update = this.update;
    if (!update.room || update.room.status !== "lobby") return null;
    const seat = (update.room.seats || [])[update.you];
    if (!seat) return null;
    const mine = this.joinedAs();
    if (seat.kind === "team") {
      return h("p", { class: "joined" }, mine ? `You joined as ${mine}, in the team ${seat.name}.` : `You play in the team ${seat.name}.`);
    }
    return h("p", { class: "joined" }, `You joined as ${seat.name}.`);
  }

  render() {
    const update = this.update;
    if (!update || !this.visible) return;
    const family = ownFamily(update);
    const view = update.view;
    const yourTurn = view && (view.to_move || []).includes(update.you);
    this.root.dataset.version = String(update.version);
    this.root.dataset.seat = String(update.you);
    const cash = cashOf(family);
    const [clock] = clockLines(update, { you: update.you });
    const active = document.activeElement;
    const hadFocus = this.root.contains(active);
    // Redrawing replaces every control: the one focused is found again by its key (an amount
    // being typed, the reason for a vote, the button just refused) and focused again.
    const focusKey = hadFocus && active ? active.dataset.key || (active.id === "vote-why" ? "#vote-why" : null) : null;
    const typing = focusKey && active.matches("input") ? selection(active) : null;
    if (this.problem) this.problem.placed = false;
    const ended = Boolean(update.room && update.room.status === "ended" && view && !view.result);
    const live = view && !view.result && !ended;
    // While the trainer has a bot play this seat, the phone only watches: no buttons.
    const bot = live ? botPlaying(update) : null;
    if (bot) this.pendingChoice = null;
    const waitingOn = live && !bot ? this.waitingOnMe() : [];
    const choices = ended || bot ? null : this.pendingChoice ? this.preview() : this.actions();
    const voting = !yourTurn && live && !bot && !waitingOn.length ? this.voteBox() : null;
    const waiting = !yourTurn && live && !bot
      ? h("p", { class: "waiting" }, waitingOn.length
        ? `Waiting for ${nameList(waitingOn.map((s) => seatName(update, s)))} to answer you: this decision is about your own request, so you do not vote on it.`
        : "Not your turn: watch the board and think what you would do.")
      : null;
    // A refusal whose control is gone (the view moved on) still shows, above the choices.
    const loose = this.problem && !this.problem.placed ? this.problemLine(this.problem.key, "problem") : null;
    fill(this.root,
      this.offline ? h("p", { class: "offline", role: "status" }, OFFLINE) : null,
      bot ? h("p", { class: "bot-plays", role: "status" },
        `${aBot(bot)} is playing your seat now, so you have no buttons. The trainer can give the seat back to you.`) : null,
      cash ? h("p", { class: "my-money" }, `Your ${cash.label.toLowerCase()}: ${money(cash.value)}`) : null,
      turnLine(update),
      this.joinedLine(),
      family && PAGE.art.position ? h("p", { class: "where" }, `Where you are: ${placeText(family)}`) : null,
      resultBlock(update),
      update.room && update.room.status !== "lobby" && view && (view.result || ended) ? debriefLink() : null,
      tableBlock(update, { fold: { open: this.tableOpen, toggled: (open) => { this.tableOpen = open; } } }),
      loose,
      // The time left sits right above the buttons, where the learner is looking.
      clock || (update.room && update.room.timer && live ? h("p", { class: "where" }, `Each decision has ${update.room.timer} seconds.`) : null),
      choices,
      waiting,
      voting,
      voteBlock(update, this.lastVote.result, { decider: this.lastVote.decider }),
      family ? familyCard(update, family, { you: update.you }) : null,
      this.events.length ? h("section", { class: "events", "aria-label": "What happened to you" },
        h("h2", {}, "What happened to you"), h("ul", {}, this.events.map((t) => h("li", {}, t)))) : null);
    // Without the server nothing can be played: nothing to tap into.
    if (this.offline) for (const control of this.root.querySelectorAll("button, input")) control.disabled = true;
    const fresh = this.problem && this.problem.fresh;
    const again = focusKey && (typing || fresh)
      ? this.root.querySelector(focusKey.startsWith("#") ? focusKey : `[data-key="${CSS.escape(focusKey)}"]`) : null;
    if (again && !again.disabled) {
      again.focus();
      if (typing) restoreSelection(again, typing);
    } else if (hadFocus) {
      this.keepFocus();
    }
    if (fresh) {
      // A refusal is read where the learner looks: beside the control, scrolled into view.
      this.problem.fresh = false;
      const line = this.root.querySelector(".problem[data-fresh]");
      if (line) line.scrollIntoView({ block: "nearest" });
    }
  }

  /** Redrawing replaced the focused control: put the keyboard back on the next choice. */
  keepFocus() {
    const next = this.root.querySelector("[data-confirm], button[data-action]:not([disabled]), button[data-vote]:not([disabled])")
      || this.root.querySelector(".turn");
    if (next) {
      if (!next.matches("button")) next.setAttribute("tabindex", "-1");
      next.focus();
    }
  }
}

/** The kind of bot the trainer has put in this seat ("saver"), or `null` when a person plays it. */
function botPlaying(update) {
  const seat = update.room && (update.room.seats || [])[update.you];
  return seat && seat.bot ? String(seat.bot) : null;
}

/** "A saver bot", "An insurer bot". */
function aBot(kind) {
  return `${/^[aeiou]/i.test(kind) ? "An" : "A"} ${kind} bot`;
}

/** Whether ``label`` shows the amount ``text`` ("$50") as a figure of its own, not as the
 * start of a larger one ("$50,000"). */
export function showsAmount(label, text) {
  for (let at = label.indexOf(text); at >= 0; at = label.indexOf(text, at + 1)) {
    if (!/^([0-9]|[.,][0-9])/.test(label.slice(at + text.length))) return true;
  }
  return false;
}
