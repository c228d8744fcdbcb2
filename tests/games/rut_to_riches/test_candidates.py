"""Candidates: those listed only when legal are legal, and the ladders stay in range."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from moneyboard.engine import Seat
from moneyboard.games.rut_to_riches import GAME
from moneyboard.games.rut_to_riches.money import ceil_to_10, round_up_10
from moneyboard.games.rut_to_riches.state import LISTED_WHEN_LEGAL, RutState

CASES: list[tuple[int, int, dict[str, Any]]] = [
    (1, 4, {}),
    (2, 2, {"auditor": True, "audit_every": 2}),
    (3, 6, {"manual_claims": ["payday"], "dice": 2}),
    (4, 3, {"loan_multiple_rut": 0, "share_cards": 3}),
    (5, 5, {"bankrupt_turns": 0, "passive_goal": 3000, "turn_limit": 80}),
]


def positions(
    seed: int, players: int, options: dict[str, Any], limit: int = 600
) -> Iterator[tuple[RutState, int]]:
    """Decision points of a random game: (state, seat), the game moving on between them."""
    state = GAME.new_state([Seat(f"P{i}") for i in range(players)], seed, options)
    assert isinstance(state, RutState)
    rng = random.Random(seed)
    while not state.terminal and state.decisions_made < limit:
        seat = state.to_move()[0]
        yield state, seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("seed", "players", "options"), CASES)
def test_actions_listed_only_when_legal_are_legal(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    for state, seat in positions(seed, players, options):
        for action in state.candidates(seat):
            if action.__class__ in LISTED_WHEN_LEGAL:
                assert state.why_not(seat, action) is None, action
            for field in action.amounts:
                bounds = state.amount_range(seat, action, field)
                assert bounds is not None and bounds[0] <= getattr(action, field) <= bounds[1]


def test_ceil_to_10_is_the_fraction_rounding() -> None:
    rng = random.Random(3)
    for _ in range(5000):
        numerator, denominator = rng.randint(-(10**7), 10**7), rng.randint(1, 10**5)
        assert ceil_to_10(numerator, denominator) == round_up_10(Fraction(numerator, denominator))
