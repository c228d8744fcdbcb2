"""The class vote in FinanCity's savings, where every family decides at once: the projector
names the family the class voted on, and what that family chose."""

from __future__ import annotations

import random
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PROJECTOR, expect, new_page


def test_the_projector_names_the_family_voted_on_while_others_decide_too(
    browser: Any, server: ServerProcess
) -> None:
    base = server.base
    seats = [{"kind": "learner"}] * 4
    created = httpx2.post(
        f"{base}/api/rooms", json={"game": "financity", "seats": seats, "seed": 1}
    ).json()
    code, trainer = created["code"], created["trainer_token"]
    tokens = {}
    for name in ("Ana", "Ben", "Cy", "Di"):
        joined = httpx2.post(f"{base}/api/rooms/{code}/join", json={"name": name}).json()
        tokens[joined["seat"]] = joined["token"]

    def post(path: str, body: dict[str, Any], token: str) -> dict[str, Any]:
        reply = httpx2.post(
            f"{base}/api/rooms/{code}/{path}",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        )
        reply.raise_for_status()
        data: dict[str, Any] = reply.json()
        return data

    def view(seat: int) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {tokens[seat]}"}
        data: dict[str, Any] = httpx2.get(f"{base}/api/rooms/{code}/view", headers=headers).json()
        return data

    post("directives", {"directive": {"type": "start"}}, trainer)
    rng = random.Random(1)
    for _ in range(100):  # to the savings, where the families still saving decide at once
        movers = view(0)["view"]["to_move"]
        if len(movers) > 2 and len(movers) < 4:
            break
        update = view(movers[0])
        choice = rng.choice(update["legal"])["action"]
        post("actions", {"action": choice, "version": update["version"]}, tokens[movers[0]])
    else:
        raise AssertionError("no decision taken by several families at once in 100 moves")
    decider, other = movers[:2]
    voter = next(seat for seat in tokens if seat not in movers)
    update = view(voter)
    assert update["vote"]["seat"] == decider
    done = {"type": "done"}
    post("votes", {"action": done, "version": update["version"], "why": "cash"}, tokens[voter])
    projector = new_page(browser, PROJECTOR)
    projector.goto(f"{base}/projector/{code}")
    expect(projector.locator("#vote")).to_contain_text("1 voted so far")
    for seat in (other, decider):  # another family saving at once answers first
        post("actions", {"action": done, "version": view(seat)["version"]}, tokens[seat])
    name = ["Ana", "Ben", "Cy", "Di"][decider]
    expect(projector.locator("#vote h3")).to_have_text(f"The class vote on {name}'s decision")
    expect(projector.locator("#vote .vote-played")).to_have_text(f"{name}'s family chose: Done.")
    assert projector.errors == []
