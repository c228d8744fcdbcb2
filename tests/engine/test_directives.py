"""A trainer's directives: each is in the history, all-or-nothing, and replays exactly."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moneyboard import registry
from moneyboard.engine import IllegalActionError, MalformedInputError, Seat
from moneyboard.engine.directives import moves_to_take_back
from moneyboard.engine.game import GameDef
from moneyboard.engine.record import parse_record, record_of
from moneyboard.engine.state import GameState
from moneyboard.registry import replay_record
from tests.engine.toygame import GAMBLE, KEEP, ToyOptions, ToyState
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
    with pytest.raises(IllegalActionError, match="Only 3 moves can be taken back"):
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
    with pytest.raises(MalformedInputError, match="'count' must be a whole number"):
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


class TimedToyState(ToyState):
    """The toy game with a class period: once time is called, it ends when the round does."""

    game_id = "toy-timed"

    def call_time(self) -> None:
        self.event("toy.time_called")

    def step_round_end(self) -> None:
        if self.status.time_called:
            self.round = self.options.rounds
        super().step_round_end()


TIMED = GameDef("toy-timed", "Timed toy", 2, 4, ToyOptions, TimedToyState, "kernel test game")


@pytest.fixture
def timed_game() -> Iterator[GameDef]:
    registry.register(TIMED)
    yield TIMED


def replayed(state: GameState) -> GameState:
    """The game its record rebuilds (what a restarted room or ``moneyboard replay`` gets)."""
    return replay_record(parse_record(record_of(state).to_json()))


def test_pause_take_back_resume_leaves_take_back_working(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 5)
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    state.direct("pause")
    state.take_back(1)
    state.direct("resume")
    state.apply(1, KEEP)
    state.apply(0, KEEP)
    state.take_back(1)  # refused before: the rebuild met a resume without its pause
    assert not state.status.paused
    state.direct("pause")
    state.take_back(2)
    assert state.status.paused and state.to_move() == (0,) and not moves_to_take_back(state.moves)
    assert fingerprint(replayed(state)) == fingerprint(state)


def test_a_take_back_after_call_time_keeps_time_called(timed_game: GameDef) -> None:
    state = timed_game.new_state(SEATS, 2, {"rounds": 5})
    state.apply(0, KEEP)
    state.direct("call_time")
    state.take_back(1)
    assert state.status.time_called
    state.apply(0, KEEP)
    state.apply(1, KEEP)
    assert state.result is not None  # scored at the end of the round, as without the undo
    assert fingerprint(replayed(state)) == fingerprint(state)


def test_a_take_back_keeps_an_outcome_queued_after_the_move(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 3)
    state.apply(0, KEEP)  # seat 1 rolls for its turn
    state.force("die", [6, 6])
    state.take_back(1)
    assert list(state.chance.forced["die"]) == [6, 6]
    state.apply(0, GAMBLE)
    assert state.roll[0] == 6  # type: ignore[attr-defined]
    assert fingerprint(replayed(state)) == fingerprint(state)


def test_an_old_record_whose_undo_dropped_the_call_replays_as_played(
    timed_game: GameDef,
) -> None:
    """Before take backs kept the trainer's call, an ``undo`` dropped it and play went on:
    such a record (a bare ``undo`` after the call) still replays, time not called."""
    state = timed_game.new_state(SEATS, 2, {"rounds": 5})
    state.apply(0, KEEP)
    state.force("die", [1])
    state.direct("call_time")
    state.direct("undo", count=1)
    assert not state.status.time_called and not state.chance.forced.get("die")
    for _ in range(4):
        state.apply(state.to_move()[0], KEEP)
    assert state.result is None
    assert fingerprint(replayed(state)) == fingerprint(state)


@pytest.mark.parametrize("outcome", [6.0, True, [6], {"a": 1}, "6", None])
def test_a_forced_outcome_of_the_wrong_type_is_refused(toy_game: GameDef, outcome: Any) -> None:
    state = toy_game.new_state(SEATS, 3)
    before = fingerprint(state)
    with pytest.raises(
        IllegalActionError, match=r"not one of the outcomes of die; it can give 1, 2"
    ):
        state.force("die", [outcome])
    assert fingerprint(state) == before and state.version == 0


def test_an_unknown_stream_is_refused_naming_the_streams(toy_game: GameDef) -> None:
    state = toy_game.new_state(SEATS, 3)
    with pytest.raises(IllegalActionError, match="no cards or dice called 'dice'; it has: die"):
        state.force("dice", [6])


STEPS = st.lists(
    st.sampled_from(["move", "move", "move", "pause", "resume", "undo", "call", "force"]),
    max_size=30,
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=STEPS, seed=st.integers(0, 50), counts=st.lists(st.integers(1, 3), min_size=30))
def test_directives_mixed_with_moves_replay_and_never_stick(
    timed_game: GameDef, steps: list[str], seed: int, counts: list[int]
) -> None:
    """Any mix of moves, pauses, take backs, a call and forced dice: the live game equals the
    replay of its record, and a take back of as many moves as there are always works."""
    state = timed_game.new_state(SEATS, seed, {"rounds": 4})
    rng = random.Random(seed)
    for step, count in zip(steps, counts, strict=False):
        if state.result is not None:
            break
        paused = state.status.paused
        if step == "move" and not paused:
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        elif step == "pause" and not paused:
            state.direct("pause")
        elif step == "resume" and paused:
            state.direct("resume")
        elif step == "call" and not state.status.time_called:
            state.direct("call_time")
        elif step == "force":
            state.force("die", [rng.randint(1, 6)])
        elif step == "undo":
            available = moves_to_take_back(state.moves)
            if available:
                state.take_back(min(count, available))
            else:
                with pytest.raises(IllegalActionError, match="Only 0 moves can be taken back"):
                    state.take_back(count)
        assert fingerprint(replayed(state)) == fingerprint(state)
    available = moves_to_take_back(state.moves)
    if available:
        queued = dict(state.chance.forced)
        state.take_back(available)
        assert state.status.time_called == ("call_time" in str(state.moves))
        assert fingerprint(replayed(state)) == fingerprint(state)
        assert sum(map(len, state.chance.forced.values())) >= sum(map(len, queued.values()))
