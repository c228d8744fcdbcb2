"""A class vote that the game leaves behind: a take-back withdraws the open vote, and its
result says so in words; a vote sent just after the family chose is told "too late", by
the family's name, and changes nothing."""

from __future__ import annotations

import json

import pytest

from moneyboard.server.errors import RoomError
from tests.server.test_vote_three_games import new_room, play_until


def test_a_take_back_withdraws_the_open_vote_in_words() -> None:
    room = new_room("monitics", 3, 1)
    assert room.state is not None
    vote = play_until(room, lambda v: bool(room.state and room.state.moves), 1)
    voter = min(room.voters())
    choice = vote["choices"][0]["action"]
    room.take("vote", {"seat": voter, "action": choice, "version": room.version, "why": "safe"})

    taken_back = room.take("undo", {"count": 1, "keep": True})

    result = taken_back.vote_result
    assert result is not None and result["played"] is None
    name = vote["name"]
    assert result["closed"] == (
        f"Withdrawn: the trainer took back a move before {name}'s family decided, "
        "so this vote no longer counts."
    )
    assert "None" not in json.dumps(result)
    assert not room.votes


def test_a_vote_the_family_has_answered_says_played() -> None:
    room = new_room("monitics", 3, 1)
    vote = play_until(room, lambda v: True, 1)
    voter = min(room.voters())
    choice = vote["choices"][0]["action"]
    room.take("vote", {"seat": voter, "action": choice, "version": room.version, "why": ""})
    closed = room.take("action", {"seat": vote["seat"], "action": choice})
    assert closed.vote_result is not None
    assert closed.vote_result["played"] and closed.vote_result["closed"] is None


def test_a_vote_sent_after_the_family_chose_is_too_late_by_name() -> None:
    room = new_room("monitics", 3, 1)
    vote = play_until(room, lambda v: True, 1)
    seen = room.version
    voter = min(room.voters())
    choice = vote["choices"][0]["action"]
    room.take("action", {"seat": vote["seat"], "action": choice})
    version, seq, votes = room.version, room.seq, dict(room.votes)

    with pytest.raises(RoomError) as refused:
        room.take("vote", {"seat": voter, "action": choice, "version": seen, "why": "late"})

    assert refused.value.code == "stale"
    assert str(refused.value) == f"Too late: {vote['name']} has already chosen"
    assert (room.version, room.seq, room.votes) == (version, seq, votes)  # nothing changed


def test_a_vote_sent_after_a_take_back_is_told_so() -> None:
    room = new_room("monitics", 3, 1)
    play_until(room, lambda v: bool(room.state and room.state.moves), 1)
    seen = room.version
    voter = min(room.voters())
    room.take("undo", {"count": 1, "keep": True})
    room.take("resume", {})
    vote = room.open_vote()
    assert vote is not None
    with pytest.raises(RoomError) as refused:
        action = vote["choices"][0]["action"]
        room.take("vote", {"seat": voter, "action": action, "version": seen, "why": ""})
    assert str(refused.value).startswith("Too late: the trainer took back a move")
