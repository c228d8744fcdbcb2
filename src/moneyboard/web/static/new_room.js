// Creating a room: the game, its options (empty keeps the default), a variant, the seats and
// a seed; the trainer's key is kept on this device and the console opens.

import { sentence, storeToken } from "./live.js";

const form = document.getElementById("create");
const game = document.getElementById("game");
const seats = document.getElementById("seats");
const rowTemplate = document.getElementById("seat-row");
const problem = document.getElementById("problem");

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

function parseValue(text) {
  try { return JSON.parse(text); } catch { return text; }
}

game.addEventListener("change", showGame);
document.getElementById("add-seat").addEventListener("click", () => addSeat());
showGame();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const options = {};
  for (const input of document.querySelectorAll(`fieldset.options[data-game="${game.value}"] [data-option]`)) {
    if (input.value.trim() !== "") options[input.dataset.option] = parseValue(input.value.trim());
  }
  const body = {
    game: game.value,
    seats: [...seats.children].map((li) => {
      const kind = li.querySelector(".seat-kind").value;
      if (kind.startsWith("bot:")) return { kind: "bot", bot: kind.slice(4) };
      return kind === "team" ? { kind, name: li.querySelector(".seat-name").value.trim() || null } : { kind };
    }),
    options,
  };
  const variant = document.getElementById("variant").value.trim();
  if (variant) body.variant = variant;
  const seed = document.getElementById("seed").value.trim();
  if (seed) body.seed = Number(seed);
  const reply = await fetch("/api/rooms", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const answer = await reply.json().catch(() => ({ error: { message: "the server did not answer" } }));
  if (!reply.ok) { problem.textContent = sentence(answer.error.message); return; }
  storeToken("trainer", answer.code, answer.trainer_token);
  location.assign(`/trainer/${answer.code}`);
});
