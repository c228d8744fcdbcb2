"""A trainer's directives: each is in the history, all-or-nothing, and replays exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from moneyboard import registry
from moneyboard.engine import IllegalActionError, MalformedInputError, Seat
from moneyboard.engine.game import GameDef
from moneyboard.engine.record import parse_record, record_of
from moneyboard.engine.state import GameState
from moneyboard.registry import replay_record
from tests.engine.toygame import GAMBLE, KEEP
from tests.engine.tradegame import GAME, VOTES

SEATS = [Seat("Ana"), Seat("Ben")]


@pytest.fixture(autouse=True)
def trade_game() -> Iterator[GameDef]:
    registry.register(GAME)
    yield GAME


def fingerprint(state: GameState) -> str:
    return json.dumps(state.full_view(), sort_keys=True)


def test_pause_refuses_actions_and_timeouts_until_resumed(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 1)
    state.direct("pause")
    assert state.legal_actions(0) == [] and state.view(0)["paused"]
    with pytest.raises(IllegalActionError, match="paused"):
        state.apply(0, KEEP)
    with pytest.raises(IllegalActionError, match="paused"):
        state.timeout(0)
    with pytest.raises(IllegalActionError, match="already paused"):
        state.direct("pause")
    state.direct("resume")
    state.apply(0, KEEP)
    assert [m.stream for m in state.moves if m.kind == "directive"] == ["pause", "resume"]


def test_undo_takes_back_the_last_actions_as_if_never_made(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 4)
    rng = random.Random(4)
    for _ in range(5):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before_last_two = toy_game.replay(record_of(state), upto=3)
    state.direct("undo", count=2)
    now, then = state.full_view(), before_last_two.full_view()
    assert now["version"] == 6 and then["version"] == 3
    undone = {"key": "game.undone", "params": {"count": 2}}
    assert undone in now["log"]
    assert [e for e in now["log"] if e != undone] == then["log"]
    for key in ("version", "log"):
        del now[key], then[key]
    assert now == then
    assert len(state.moves) == 6  # the undone actions stay in the history, then the undo
    with pytest.raises(IllegalActionError, match="only 3 move"):
        state.direct("undo", count=4)


def test_a_seat_may_be_given_to_a_bot_and_back(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 2)
    state.direct("seat", seat=1, name="Bot Ben", bot="random")
    assert state.seats[1] == Seat("Bot Ben", "random")
    assert record_of(state).seats[1].name == "Ben"  # the record starts from the first seats
    state.direct("seat", seat=1, name="Ben", bot=None)
    assert state.seats[1] == Seat("Ben")
    with pytest.raises(IllegalActionError, match="no seat 5"):
        state.direct("seat", seat=5, name="X", bot=None)


def test_call_time_needs_a_class_period(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 2)
    before = fingerprint(state)
    with pytest.raises(IllegalActionError, match="no class-period"):
        state.direct("call_time")
    assert fingerprint(state) == before and state.version == 0


def test_malformed_directives_are_named(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 2)
    with pytest.raises(MalformedInputError, match="unknown directive 'explode'"):
        state.direct("explode")
    with pytest.raises(MalformedInputError, match="'count' must be int"):
        state.direct("undo", count="2")
    with pytest.raises(MalformedInputError, match="takes no argument"):
        state.direct("pause", seconds=3)
    assert state.version == 0


def test_a_record_with_every_directive_kind_replays_byte_identically(toy_game: GameDef) -> None:
    state = GAME.new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 9)
    for seat in range(3):
        state.apply(seat, VOTES[seat % 2])
    state.direct("pause")
    state.direct("resume")
    state.force("die", [6])
    state.direct("seat", seat=2, name="Robo", bot="saver")
    rng = random.Random(9)
    for _ in range(6):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.direct("undo", count=2)
    state.timeout(state.to_move()[0])
    text = record_of(state).to_json()
    again = replay_record(parse_record(text))
    assert fingerprint(again) == fingerprint(state)
    assert record_of(again).to_json() == text
    kinds = {entry.get("directive") for entry in json.loads(text)["moves"]}
    assert kinds >= {"pause", "resume", "seat", "undo"}


def test_undo_of_a_gamble_rolls_the_same_die_again(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 3, forced={"die": [2]})
    state.apply(0, GAMBLE)
    rolled = state.roll[0]  # type: ignore[attr-defined]
    state.direct("undo", count=1)
    state.apply(0, GAMBLE)
    assert state.roll[0] == rolled  # type: ignore[attr-defined]
