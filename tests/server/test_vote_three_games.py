"""The class vote in FinanCity, Monitics and Rut to Riches, where a decision has an amount to
choose or several families decide at once (FinanCity's savings): the vote stays on the family
it asked about, and its result says what that family did."""

from __future__ import annotations

import random
from typing import Any

from moneyboard.server.errors import RoomError
from moneyboard.server.room import Room
from moneyboard.server.storage import StoredRoom


def new_room(game: str, seats: int, seed: int) -> Room:
    """A started room of ``seats`` learners (the last a team), as the server keeps it."""
    specs: list[dict[str, Any]] = [{"kind": "learner"}] * (seats - 1)
    specs.append({"kind": "team", "name": "Blue"})
    room = Room(StoredRoom(1, "ACDEFG", game, {}, seed, specs, {}, "hash", False))
    room.take("start", {"seats": [{"name": f"Learner {i + 1}"} for i in range(seats)]})
    return room


def play_until(room: Room, found: Any, seed: int) -> dict[str, Any]:
    """Random moves until ``found(vote)`` holds for the open vote; that vote."""
    rng = random.Random(seed)
    for _ in range(400):
        assert room.state is not None
        vote = room.open_vote()
        if vote is not None and room.voters() and found(vote):
            return vote
        mover = room.state.to_move()[0]
        move = rng.choice(room.state.legal_actions(mover)).to_json()
        room.take("action", {"seat": mover, "action": move})
    raise AssertionError("no such vote in 400 moves")


def test_another_family_saving_at_once_leaves_the_vote_on_the_family_asked() -> None:
    room = new_room("financity", 4, 1)
    vote = play_until(room, lambda v: len(room.state.to_move()) > 1, 1)  # type: ignore[union-attr]
    assert room.state is not None
    decider, other = room.state.to_move()[:2]
    assert vote["seat"] == decider
    voter = min(room.voters())
    done = {"type": "done"}
    room.take("vote", {"seat": voter, "action": done, "version": room.version, "why": "keep cash"})
    # Another family saving at the same time answers its own decision: the vote stays open.
    moved = room.take("action", {"seat": other, "action": done})
    assert moved.vote_result is None
    assert room.votes and room.open_vote()["seat"] == decider  # type: ignore[index]
    # The family that has answered may vote on the rest now.
    assert other in room.voters()
    room.take("vote", {"seat": other, "action": done, "version": room.version, "why": ""})
    closed = room.take("action", {"seat": decider, "action": done})
    assert closed.vote_result is not None
    assert closed.vote_result["split"] == {"Done": 2}
    assert closed.vote_result["played"] == "Done"
    assert closed.vote_result["seat"] == decider  # the family voted on, not the last to move
    assert closed.vote_result["name"] == f"Learner {decider + 1}"


def test_another_family_s_timeout_is_not_told_as_what_the_family_voted_on_did() -> None:
    room = new_room("financity", 4, 1)
    play_until(room, lambda v: len(room.state.to_move()) > 1, 1)  # type: ignore[union-attr]
    assert room.state is not None
    decider, other = room.state.to_move()[:2]
    voter = min(room.voters())
    done = {"type": "done"}
    room.take("vote", {"seat": voter, "action": done, "version": room.version, "why": ""})
    # Time runs out for another family: a step of the room's clock, which closes the vote,
    # but what it played was not the choice of the family the class voted on.
    closed = room.take("timeout", {"seat": other})
    assert closed.vote_result is not None
    assert closed.vote_result["split"] == {"Done": 1}
    assert closed.vote_result["played"] is None
    assert decider in room.state.to_move()


def test_a_refused_vote_names_the_amount_voted_for() -> None:
    for game, seed in (("rut-to-riches", 3), ("monitics", 1)):
        room = new_room(game, 4, seed)
        vote = play_until(room, lambda v: any("amount" in c for c in v["choices"]), seed)
        choice = next(c for c in vote["choices"] if "amount" in c)
        field, high = choice["amount"]["field"], choice["amount"]["max"]
        too_much = high + choice["amount"]["step"]
        action = {**choice["action"], field: too_much}
        voter = min(room.voters())
        try:
            room.take("vote", {"seat": voter, "action": action, "version": room.version})
        except RoomError as exc:
            said = str(exc)
        else:
            raise AssertionError(f"{game}: a vote for {too_much} was taken")
        assert f"${too_much:,}" in said.partition(" is not one of ")[0], said
        assert not room.votes


def test_a_vote_sent_as_another_family_answers_its_own_decision_still_counts() -> None:
    room = new_room("financity", 4, 1)
    play_until(room, lambda v: len(room.state.to_move()) > 2, 1)  # type: ignore[union-attr]
    assert room.state is not None
    decider, other = room.state.to_move()[:2]
    voter = min(room.voters())
    seen = room.version  # the voter's phone shows the vote on ``decider``
    done = {"type": "done"}
    # Before the vote arrives, another family saving at the same time answers its own.
    room.take("action", {"seat": other, "action": done})
    assert room.version != seen and room.open_vote()["seat"] == decider  # type: ignore[index]
    room.take("vote", {"seat": voter, "action": done, "version": seen, "why": ""})
    assert voter in room.votes
    closed = room.take("action", {"seat": decider, "action": done})
    assert closed.vote_result is not None and closed.vote_result["split"] == {"Done": 1}


def test_a_vote_sent_on_a_family_that_has_answered_is_not_counted_for_the_next() -> None:
    room = new_room("financity", 4, 1)
    play_until(room, lambda v: len(room.state.to_move()) > 2, 1)  # type: ignore[union-attr]
    assert room.state is not None
    decider = room.state.to_move()[0]
    voter = min(set(room.voters()) - set(room.state.to_move()))
    seen = room.version
    room.take("action", {"seat": decider, "action": {"type": "done"}})
    assert room.open_vote()["seat"] != decider  # type: ignore[index]
    try:
        room.take("vote", {"seat": voter, "action": {"type": "done"}, "version": seen})
    except RoomError as exc:
        assert "Too late" in str(exc)
    else:
        raise AssertionError("a vote on a family that has chosen counted for another")
    assert voter not in room.votes
