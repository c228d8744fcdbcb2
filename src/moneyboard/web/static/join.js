// The join form: a code and a name give a seat, then the room's page (the rejoin link).

import { joinProblem, storeToken, typedName } from "./live.js";

const form = document.getElementById("join");
const problem = document.getElementById("problem");
form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const code = document.getElementById("code").value.replace(/[\s-]/g, "").toUpperCase();
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
  location.assign(body.rejoin);
});
