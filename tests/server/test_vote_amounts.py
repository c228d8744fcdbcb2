"""The class vote shows the deciding seat's own buttons: an action offered at several amounts
once, with its range, and a vote may choose any amount the decider could choose."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from moneyboard.registry import get_game
from moneyboard.server.room import Room
from moneyboard.server.storage import StoredRoom
from tests.server.classroom import Classroom, auth


def vote_with_an_amount(room: Classroom) -> tuple[dict[str, Any], int, int]:
    """Play until a learner not deciding is shown a vote with an amount to choose: the
    vote, the deciding seat and a voter."""
    rng = random.Random(3)
    for _ in range(200):
        mover = room.mover()
        assert mover is not None
        voter = next(s for s in room.tokens if s != mover)
        vote = room.view(room.tokens[voter])["vote"]
        if vote and any("amount" in choice for choice in vote["choices"]):
            return vote, mover, voter
        room.play_random(rng, 1)
    raise AssertionError("no vote with an amount to choose in 200 moves")


def test_the_vote_offers_the_decider_s_own_buttons(client: TestClient) -> None:
    room = Classroom.open(client, "rut-to-riches", learners=3)
    vote, mover, _ = vote_with_an_amount(room)
    assert vote["choices"] == room.view(room.tokens[mover])["legal"]
    ranged = [choice for choice in vote["choices"] if "amount" in choice]
    # Each action offered at several amounts is one choice (with its other fields: which loan).
    kinds = [
        tuple(sorted((k, v) for k, v in c["action"].items() if k != c["amount"]["field"]))
        for c in ranged
    ]
    assert len(kinds) == len(set(kinds))
    assert all(c["amount"]["min"] < c["amount"]["max"] for c in ranged)


def test_a_vote_may_choose_any_amount_the_decider_could(client: TestClient) -> None:
    room = Classroom.open(client, "rut-to-riches", learners=3)
    vote, _, voter = vote_with_an_amount(room)
    choice = next(choice for choice in vote["choices"] if "amount" in choice)
    field, low, high, step = (choice["amount"][k] for k in ("field", "min", "max", "step"))
    action = get_game("rut-to-riches").codec.from_json(choice["action"])
    ladder = action.amounts[field].values(low, high)  # what random play would pick from
    between = next(v for v in range(low, high + 1, step) if v not in ladder)
    version = room.view(room.tokens[voter])["version"]

    def cast(amount: int) -> Any:
        return client.post(
            f"/api/rooms/{room.code}/votes",
            json={"action": {**choice["action"], field: amount}, "version": version},
            headers=auth(room.tokens[voter]),
        )

    off_step = cast(low + step // 2)
    assert off_step.status_code == 409
    assert "is not one of" in off_step.json()["error"]["message"]
    assert room.view()["room"]["votes"] == 0
    taken = cast(between)
    assert taken.status_code == 200, taken.text
    assert room.view()["room"]["votes"] == 1


def test_the_split_tells_the_amounts_voted_for_apart() -> None:
    seats = [{"kind": "learner"}] * 3
    room = Room(StoredRoom(1, "ACDEFG", "rut-to-riches", {}, 1, seats, {}, "hash", False))
    room.take("start", {"seats": [{"name": f"Learner {i}"} for i in range(3)]})
    rng = random.Random(3)
    for _ in range(200):
        assert room.state is not None
        vote = room.open_vote()
        if vote and any(c["action"]["type"] == "borrow" for c in vote["choices"]):
            break
        mover = room.state.to_move()[0]
        move = rng.choice(room.state.legal_actions(mover)).to_json()
        room.take("action", {"seat": mover, "action": move})
    else:
        raise AssertionError("no vote offering a loan in 200 moves")
    mover = vote["seat"]
    voters = [s for s in range(3) if s != mover]
    for seat, amount in zip(voters, (200, 300), strict=True):
        borrow = {"type": "borrow", "amount": amount}
        room.take("vote", {"seat": seat, "action": borrow, "version": room.version, "why": ""})
    played = room.take("action", {"seat": mover, "action": vote["choices"][0]["action"]})
    assert played.vote_result is not None
    assert played.vote_result["split"] == {
        "Borrow from the bank ($200)": 1,
        "Borrow from the bank ($300)": 1,
    }
