"""A move carried out alone (the flow after it held back, for a preview) and then played on
ends exactly where the move played in one go does, in every game."""

from __future__ import annotations

import json
import random

import pytest

from moneyboard import registry
from moneyboard.engine import Seat
from moneyboard.engine.chance import ChanceSource


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_move_alone_then_played_on_is_the_move_played(game_id: str) -> None:
    game = registry.get_game(game_id)
    seats = [Seat(f"P{i}") for i in range(game.min_players)]
    state = game.new_state(seats, 3, game.options())
    rng = random.Random(3)
    held_any = 0
    for _ in range(120):
        if state.terminal:
            break
        seat = state.to_move()[0]
        for action in state.legal_actions(seat)[:4]:
            whole, alone = (state.clone(with_history=False) for _ in range(2))
            for copy in (whole, alone):
                copy.chance, copy.auto_chance = ChanceSource(5), True
            whole.play(seat, action)
            held = alone.play_alone(seat, action)
            held_any += held
            if held:
                assert alone.decision is None and alone.result is None
                alone.play_on()  # else the move's own steps stopped where the whole did
            assert alone.agenda == whole.agenda
            assert json.dumps(alone.view(None), sort_keys=True, default=str) == json.dumps(
                whole.view(None), sort_keys=True, default=str
            )
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert held_any  # some moves had a flow after them to hold back
