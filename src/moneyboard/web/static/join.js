// The join form: a code and a name give a seat, then the room's page (the rejoin link).

import { joinProblem, storeToken, typedName } from "./live.js";

const form = document.getElementById("join");
const problem = document.getElementById("problem");
const codeInput = document.getElementById("code");

/** Why a typed join code cannot be one (empty, or with characters no code has), in words;
 * `null` when it may be one. Spaces and dashes are allowed: they are left out. */
export function codeProblem(code) {
  if (!code) return "Type the join code: the six letters and digits on the projector.";
  if (!/^[A-Z0-9]+$/.test(code)) return "A join code has only letters and digits: check it on the projector.";
  return null;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = codeInput.value.replace(/[\s-]/g, "").toUpperCase();
  const wrong = codeProblem(code);
  codeInput.setAttribute("aria-invalid", wrong ? "true" : "false");
  if (wrong) {
    problem.textContent = wrong;
    codeInput.focus();
    return;
  }
  // A name of spaces only is no name: say so here, in plain words, before asking the server.
  const name = typedName(document.getElementById("name"), problem);
  if (name === null) return;
  problem.textContent = "";
  const reply = await fetch(`/api/rooms/${encodeURIComponent(code)}/join`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }),
  });
  const body = await reply.json().catch(() => ({ error: { message: "the server did not answer" } }));
  if (!reply.ok) { problem.textContent = joinProblem(body.error && body.error.message); return; }
  const room = body.rejoin.split("/")[2].split("#")[0];
  storeToken("seat", room, body.token);
  localStorage.setItem(`moneyboard.name.${room}`, name);
  location.assign(body.rejoin);
});
