"""The update a broadcast builds for each listener, checked on a room in memory."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from moneyboard.server.errors import RoomError
from moneyboard.server.listeners import Listener, broadcast, update_message
from moneyboard.server.room import Room, requesters
from moneyboard.server.storage import StoredRoom


def started_room(seats: list[dict[str, Any]]) -> Room:
    stored = StoredRoom(1, "ACDEFG", "financialit", {}, 7, seats, {}, "hash", False)
    room = Room(stored)
    names = [{"name": f"Learner {i}", "bot": s.get("bot")} for i, s in enumerate(seats)]
    room.take("start", {"seats": names})
    return room


def heard(room: Room) -> dict[int, dict[str, Any]]:
    """Each seat's update after one broadcast, as its device would read it."""
    listeners = {i: Listener("seat", i, i, asyncio.Queue(10)) for i in range(len(room.names))}
    broadcast(room, set(listeners.values()), None)
    texts = {i: listener.queue.get_nowait() for i, listener in listeners.items()}
    return {i: json.loads(text) for i, text in texts.items() if isinstance(text, str)}


def test_the_open_vote_goes_to_people_not_deciding_and_matches_the_single_update() -> None:
    room = started_room([{"kind": "learner"}, {"kind": "learner"}, {"kind": "bot", "bot": "saver"}])
    assert room.state is not None
    mover = room.state.to_move()[0]
    updates = heard(room)
    vote = room.open_vote()
    assert vote is not None and vote["seat"] == mover
    for seat, update in updates.items():
        deciding_or_bot = seat in (mover, 2)
        assert update["vote"] == (None if deciding_or_bot else vote)
        # The vote encoded once for the broadcast is what a seat's own update shows.
        assert update["vote"] == update_message(room, "seat", seat, None, [])["vote"]
    assert room.voters() == frozenset({0, 1}) - {mover}


def test_the_seat_asked_reads_the_decision_in_a_sentence_and_no_other_seat_does() -> None:
    room = started_room([{"kind": "learner"}, {"kind": "learner"}, {"kind": "learner"}])
    assert room.state is not None
    mover = room.state.to_move()[0]
    updates = heard(room)
    prompt = updates[mover]["prompt"]
    vote = room.open_vote()
    assert vote is not None and prompt == vote["prompt"]  # the sentence the class votes on
    assert prompt.startswith(f"Learner {mover}")
    assert all("prompt" not in update for seat, update in updates.items() if seat != mover)
    assert update_message(room, "seat", mover, None, [])["prompt"] == prompt


def test_a_bot_s_move_is_told_in_the_game_s_words_with_its_reason() -> None:
    """The narration of a move made with a reason (a bot's) names the move as its button
    does, not by the action's internal name."""
    room = started_room([{"kind": "learner"}] * 2 + [{"kind": "bot", "bot": "random"}])
    seat = room.state.to_move()[0] if room.state is not None else 0
    loan = {"type": "take_loan"}
    change = room.take("action", {"seat": seat, "action": loan, "why": "it needed the cash"})
    assert change.narration == f"{room.names[seat]}: Take a loan (it needed the cash)"
    projector = Listener("public", None, None, asyncio.Queue(10))
    broadcast(room, {projector}, change)
    text = projector.queue.get_nowait()
    assert isinstance(text, str) and json.loads(text)["narration"] == change.narration
    # A reason that names the move (as a bot's does) does not name it twice.
    why = "chose 'Take a loan' because it needed the cash"
    change = room.take("action", {"seat": seat, "action": loan, "why": why})
    assert change.narration == f"{room.names[seat]}: Take a loan (because it needed the cash)"


def test_a_seat_does_not_vote_on_the_answer_to_its_own_request() -> None:
    # Play Monitics at random until a player is asked about another's request (a loan asked
    # for, an offer for a card, a bid on an asset sold in distress).
    rng = random.Random(3)
    for seed in range(40):
        stored = StoredRoom(
            1, "ACDEFG", "monitics", {}, seed, [{"kind": "learner"}] * 3, {}, "h", False
        )
        room = Room(stored)
        room.take("start", {"seats": [{"name": f"L{i}"} for i in range(3)]})
        for _ in range(400):
            state = room.state
            assert state is not None
            if state.result is not None:
                break
            asking = requesters(state)
            if asking:
                (seat,) = asking
                decider = state.to_move()[0]
                choice = room.legal_json(decider)[0][0]
                vote = {"seat": seat, "version": room.version, "action": choice["action"]}
                with pytest.raises(RoomError, match="your own request"):
                    room.take("vote", vote)
                assert room.votes == {}
                return
            mover = state.to_move()[0]
            action = rng.choice(room.legal_json(mover)[0])["action"]
            room.take("action", {"seat": mover, "action": action})
    pytest.fail("no game asked one player about another's request")


def test_the_trainers_update_costs_the_same_late_in_a_game_as_early(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trainer's update carries the full view without the history: building it never
    goes through the game's log or postings, whose length grows with every move."""
    room = started_room([{"kind": "learner"}] * 3)
    trainer = Listener("trainer", None, None, asyncio.Queue(100))
    rng = random.Random(3)
    for _ in range(40):
        state = room.state
        assert state is not None and state.result is None
        seat = state.to_move()[0]
        choice = rng.choice(room.legal_json(seat)[0])
        broadcast(room, {trainer}, room.take("action", {"seat": seat, "action": choice["action"]}))
    assert state is not None and len(state.ledger.postings) > 10
    read: list[int] = []
    monkeypatch.setattr(type(state.ledger.postings[0]), "to_json", lambda p: read.append(1))
    broadcast(room, {trainer}, None)
    assert read == []
    last = None
    while not trainer.queue.empty():
        last = trainer.queue.get_nowait()
    assert isinstance(last, str)
    view = json.loads(last)["view"]
    assert "log" not in view and "postings" not in view and view["balances"]


def test_a_broadcast_builds_the_public_view_once_for_the_trainer_and_everyone_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trainer's full view starts from the public view the other listeners get, built
    once per update, and is the same as the game's own full view without the history."""
    room = started_room([{"kind": "learner"}] * 3)
    state = room.state
    assert state is not None
    listeners = {Listener("trainer", None, None, asyncio.Queue(10))}
    listeners |= {Listener("public", None, None, asyncio.Queue(10))}
    listeners |= {Listener("seat", i, i, asyncio.Queue(10)) for i in range(3)}
    built: list[int | None] = []
    own_view = type(state).view

    def counted(self: Any, seat: int | None) -> dict[str, Any]:
        built.append(seat)
        return own_view(self, seat)

    monkeypatch.setattr(type(state), "view", counted)
    broadcast(room, listeners, None)
    assert built.count(None) == 1
    trainer = next(x for x in listeners if x.role == "trainer")
    text = trainer.queue.get_nowait()
    assert isinstance(text, str)
    assert json.loads(text)["view"] == json.loads(json.dumps(state.full_view(history=False)))
