"""The economy: a sound player can win by the rulebook's conditions within a class period."""

from __future__ import annotations

from moneyboard.engine import Seat
from moneyboard.games.rut_to_riches import GAME
from moneyboard.games.rut_to_riches.state import RutState
from tests.games.rut_to_riches.planner import plan


def test_sound_players_win_within_the_default_turn_limit() -> None:
    wins = 0
    for seed in range(12):
        state = GAME.new_state([Seat(f"P{i}", "planner") for i in range(4)], seed)
        assert isinstance(state, RutState)
        while not state.terminal:
            seat = state.to_move()[0]
            state.apply(seat, plan(state, seat))
        assert state.result is not None
        if state.result.reason.key in ("rut.win_passive", "rut.win_dream"):
            wins += 1
            assert state.round <= 40
    assert wins >= 8
