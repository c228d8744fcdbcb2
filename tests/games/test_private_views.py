"""Every game's ``private_view(seat)`` is exactly what its seat view adds to the public view.

The classroom server sends the public view once and each seat only its private part, so a
game that declares a public table, or says itself what is private, must agree with the
plain comparison of ``view(seat)`` and ``view(None)`` at every point of a game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from moneyboard.engine import Seat
from moneyboard.engine.state import GameState
from moneyboard.registry import game_ids, get_game


def compared(state: GameState, seat: int) -> dict[str, object]:
    """A seat's private part by the definition: what differs from the public view."""
    public = state.view(None)
    return {k: v for k, v in state.view(seat).items() if k not in public or public[k] != v}


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 4))
def test_the_private_part_is_what_the_seat_view_adds(game_id: str, seed: int, players: int) -> None:
    game = get_game(game_id)
    state = game.new_state([Seat(f"P{i}") for i in range(players)], seed, game.options())
    rng = random.Random(seed)
    checked = 0
    while state.result is None and state.decisions_made < 400:
        if state.decisions_made % 7 == 0 and state.chance_node is None:
            for seat in range(players):
                private = state.private_view(seat)
                assert private == compared(state, seat)
                assert {**state.view(None), **private} == state.view(seat)
            checked += 1
        mover = state.to_move()[0]
        action = state.random_action(mover, rng)
        assert action is not None
        state.apply(mover, action)
    assert checked > 0
