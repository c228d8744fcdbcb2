// Creating a room: the game, its options (as they are: the default), a variant (pasted, or a
// saved file read here and sent as text), the seats and a seed; the trainer's key is kept on
// this device and the console opens. A server started with a passcode asks for it here; the
// tab remembers it (sessionStorage) until it is closed.

import { sentence, storeToken } from "./live.js";

const form = document.getElementById("create");
const game = document.getElementById("game");
const seats = document.getElementById("seats");
const rowTemplate = document.getElementById("seat-row");
const problem = document.getElementById("problem");
const variantText = document.getElementById("variant");
const variantFile = document.getElementById("variant-file");
const variantSaid = document.getElementById("variant-said");
/** The longest variant a room is made from, in characters (the server's limit too). */
const VARIANT_CHARACTERS = 12000;
/** What the page says of a variant that sets nothing (the server says the same). */
const EMPTY = "The variant is empty: it changes no rule option. Paste or choose a variant file that sets at least one option, or leave the variant out to play the game's own rules.";
const passcodeRow = document.getElementById("passcode-row");
const passcode = document.getElementById("passcode");
/** Where this tab keeps the passcode that last created a room. */
const PASSCODE_KEY = "moneyboard.passcode";
/** What the page says when the server asks for a passcode and none was typed. */
const PASSCODE_NEEDED = "Type the trainer's passcode: this server creates rooms only with the passcode it was started with.";
// The format of the file chosen ("toml", "json"), while the text is that file's.
let fileFormat = null;

/** Show the passcode's field, with the one this tab remembers (if any) filled in. */
function askPasscode() {
  passcodeRow.hidden = false;
  if (!passcode.value) passcode.value = sessionStorage.getItem(PASSCODE_KEY) || "";
}

function renumber() {
  [...seats.children].forEach((li, i) => {
    li.querySelector(".seat-number").textContent = String(i + 1);
  });
}

function addSeat(kind = "learner") {
  const row = rowTemplate.content.firstElementChild.cloneNode(true);
  const select = row.querySelector(".seat-kind");
  select.value = kind;
  // Only a team has a name to type: a learner's seat takes the name they join with.
  const teamName = row.querySelector(".team-name");
  const showName = () => { teamName.hidden = select.value !== "team"; };
  select.addEventListener("change", showName);
  showName();
  row.querySelector(".remove-seat").addEventListener("click", () => { row.remove(); renumber(); });
  seats.append(row);
  renumber();
}

function showGame() {
  for (const fieldset of document.querySelectorAll("fieldset.options")) fieldset.hidden = fieldset.dataset.game !== game.value;
  const min = Number(game.selectedOptions[0].dataset.min);
  while (seats.children.length < min) addSeat();
}

/** The options set on the form, each as a variant file writes its value: a field as typed
 * (left empty: the default), a switch or a choice only when it differs from its default. */
function writtenOptions() {
  const written = {};
  for (const input of document.querySelectorAll(`fieldset.options[data-game="${game.value}"] [data-option]`)) {
    const name = input.dataset.option;
    if (input.type === "checkbox") {
      if (String(input.checked) !== input.dataset.default) written[name] = String(input.checked);
    } else if (input.tagName === "SELECT") {
      if (input.value !== input.dataset.default) written[name] = input.value;
    } else if (input.value.trim() !== "") {
      written[name] = input.value.trim();
    }
  }
  return written;
}

/** Why a variant's text cannot be sent (too long), or `null`. */
function variantProblem(text) {
  const length = [...text].length;
  if (length <= VARIANT_CHARACTERS) return null;
  return `The variant is too long: ${length.toLocaleString("en")} characters, and a variant holds at most ${VARIANT_CHARACTERS.toLocaleString("en")}.`;
}

/** A saved variant file, read here: its text goes into the box (and is sent as text); a file
 * that is not text, too large or empty is said so and left out. */
async function readVariantFile() {
  const file = variantFile.files[0];
  variantSaid.textContent = "";
  problem.textContent = "";
  if (!file) return;
  const refuse = (message) => { problem.textContent = message; variantFile.value = ""; };
  // UTF-8 takes at most 4 bytes a character: a larger file cannot fit the limit.
  if (file.size > VARIANT_CHARACTERS * 4) {
    refuse(`${file.name} is too large for a variant file (${Math.ceil(file.size / 1024).toLocaleString("en")} KB); a variant holds at most ${VARIANT_CHARACTERS.toLocaleString("en")} characters.`);
    return;
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    text = null;
  }
  if (text === null || text.includes("\u0000")) {
    refuse(`${file.name} is not a text file: a variant file is TOML or JSON text (UTF-8), such as one saved from a text editor.`);
    return;
  }
  text = text.replace(/^\uFEFF/, "");
  if (!text.trim()) { refuse(`${file.name}: ${EMPTY}`); return; }
  const tooLong = variantProblem(text);
  if (tooLong) { refuse(`${file.name}: ${tooLong}`); return; }
  variantText.value = text;
  const name = file.name.toLowerCase();
  fileFormat = name.endsWith(".json") ? "json" : name.endsWith(".toml") ? "toml" : null;
  variantSaid.textContent = `Read ${file.name}: ${[...text].length.toLocaleString("en")} characters, in the box above.`;
}

game.addEventListener("change", showGame);
document.getElementById("add-seat").addEventListener("click", () => addSeat());
variantFile.addEventListener("change", readVariantFile);
// Typed over, the text is no longer the file's: its format is found from the text.
variantText.addEventListener("input", () => { fileFormat = null; variantSaid.textContent = ""; });
showGame();
if (form.dataset.passcode === "needed") askPasscode();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  // A message from the last try goes at once: what shows next answers this one.
  problem.textContent = "";
  const written = writtenOptions();
  const body = {
    game: game.value,
    seats: [...seats.children].map((li) => {
      const kind = li.querySelector(".seat-kind").value;
      if (kind.startsWith("bot:")) return { kind: "bot", bot: kind.slice(4) };
      return kind === "team" ? { kind, name: li.querySelector(".seat-name").value.trim() || null } : { kind };
    }),
  };
  if (Object.keys(written).length) body.options_written = written;
  // Only spaces in the box is no variant: the game's own rules (or the options set above).
  const variant = variantText.value;
  if (variant.trim()) {
    const tooLong = variantProblem(variant);
    if (tooLong) { problem.textContent = tooLong; return; }
    body.variant = variant;
    if (fileFormat) body.variant_format = fileFormat;
  }
  const seed = document.getElementById("seed").value.trim();
  if (seed) body.seed = Number(seed);
  if (!passcodeRow.hidden && passcode.value.trim()) body.passcode = passcode.value;
  const reply = await fetch("/api/rooms", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await reply.json().catch(() => ({ error: { message: "the server did not answer" } }));
  if (!reply.ok) {
    const code = answer.error.code;
    if (code === "passcode_needed" || code === "wrong_passcode") {
      // A server restarted with a passcode after this page was opened asks for it too.
      askPasscode();
      if (code === "wrong_passcode") sessionStorage.removeItem(PASSCODE_KEY);
      problem.textContent = code === "passcode_needed" ? PASSCODE_NEEDED : sentence(answer.error.message);
      passcode.focus();
      passcode.select();
      return;
    }
    problem.textContent = sentence(answer.error.message);
    return;
  }
  if (body.passcode !== undefined) sessionStorage.setItem(PASSCODE_KEY, body.passcode);
  storeToken("trainer", answer.code, answer.trainer_token);
  location.assign(`/trainer/${answer.code}`);
});
