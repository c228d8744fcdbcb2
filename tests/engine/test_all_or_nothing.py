"""All or nothing: whatever goes wrong inside a change, the state is exactly as before.

Faults (each striking once) are injected into a game's own code (an action's effect after
it has changed the state, a flow step, a ledger posting) at a random point of a random game,
played whole or as a copy without history (rebuilt from its history, or restored from a
snapshot); the change must raise, leave the state, its history and its log untouched, and
the game must then play on exactly as a game that never met the fault.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moneyboard import registry
from moneyboard.engine.ledger import Ledger
from moneyboard.engine.state import GameState, Seat
from tests.engine import toygame, tradegame


class InjectedError(Exception):
    """The fault the tests inject."""


def fingerprint(state: GameState) -> str:
    return json.dumps(
        [state.full_view(), state.version, len(state.log), state.chance.rng.getstate()],
        sort_keys=True,
        default=str,
    )


@contextmanager
def fault(state: GameState, where: str) -> Iterator[None]:
    """Make the next change fail in ``where``: after an effect, in a step, or in a posting."""
    cls = type(state)
    if where == "post":
        real_post = Ledger.post

        def failing_post(self: Ledger, *args: Any) -> None:
            real_post(self, *args)
            Ledger.post = real_post  # type: ignore[method-assign]
            raise InjectedError("posting")

        Ledger.post = failing_post  # type: ignore[method-assign,assignment]
        try:
            yield
        finally:
            Ledger.post = real_post  # type: ignore[method-assign]
        return
    table_name = "_dos" if where == "do" else "_steps"
    real: dict[Any, Callable[..., None]] = getattr(cls, table_name)

    def failing(function: Callable[..., None]) -> Callable[..., None]:
        def run(*args: Any) -> None:
            function(*args)
            setattr(cls, table_name, real)  # the fault strikes once
            raise InjectedError(where)

        return run

    setattr(cls, table_name, {key: failing(f) for key, f in real.items()})
    try:
        yield
    finally:
        setattr(cls, table_name, real)


def games() -> list[str]:
    return ["toy", "trade", *registry.game_ids()]


@pytest.fixture(autouse=True, scope="module")
def test_games() -> None:
    registry.register(toygame.GAME)
    registry.register(tradegame.GAME)


def play(state: GameState, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.terminal:
            return
        seat = state.to_move()[0]
        action = state.random_action(seat, rng)
        assert action is not None
        state.apply(seat, action)


@pytest.mark.parametrize("game_id", games())
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    before=st.integers(0, 60),
    where=st.sampled_from(["do", "step", "post"]),
    copy=st.booleans(),
)
def test_a_fault_inside_a_change_leaves_the_game_as_it_was(
    game_id: str, seed: int, before: int, where: str, copy: bool
) -> None:
    game = registry.get_game(game_id)
    seats = [Seat(f"P{i}") for i in range(max(3, game.min_players))]
    state = game.new_state(seats, seed)
    twin = game.new_state(seats, seed)
    rng, twin_rng = random.Random(seed), random.Random(seed)
    play(state, rng, before)
    play(twin, twin_rng, before)
    if copy:
        state, twin = state.clone(with_history=False), twin.clone(with_history=False)
    while not state.terminal:
        seat = state.to_move()[0]
        action = state.random_action(seat, rng)
        assert action is not None
        assert twin.random_action(seat, twin_rng) == action
        kept = fingerprint(state)
        failed = False
        with fault(state, where):
            try:
                state.apply(seat, action)
            except InjectedError:
                failed = True
        if failed:
            assert fingerprint(state) == kept
            state.apply(seat, action)
            twin.apply(seat, action)
            break
        twin.apply(seat, action)  # this action ran no faulty code: try the next one
    assert fingerprint(state) == fingerprint(twin)
    play(state, rng, 10_000)
    play(twin, twin_rng, 10_000)
    assert state.terminal and fingerprint(state) == fingerprint(twin)
