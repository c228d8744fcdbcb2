"""Tournaments: the first-place measure, and margins paired by game."""

from __future__ import annotations

import pandas as pd
import pytest

from moneyboard.sim.play import ranks
from moneyboard.sim.summary import first_shares, win_shares
from moneyboard.sim.tournament import margins


def test_first_place_goes_to_the_winners_or_else_to_the_best_score() -> None:
    games = pd.DataFrame(
        {
            "rules": ["default"] * 6,
            "seating": ["a,b,c"] * 6,
            "seed": [1, 1, 1, 2, 2, 2],
            "seat": [0, 1, 2, 0, 1, 2],
            "bot": ["a", "b", "c"] * 2,
            "score": [5.0, 9.0, 1.0, 7.0, 7.0, 3.0],
            # seed 1: seat 0 met the winning conditions (scores do not matter then);
            # seed 2: nobody did, and seats 0 and 1 share the best score.
            "rank": ranks([5.0, 9.0, 1.0], [0]) + ranks([7.0, 7.0, 3.0], []),
            "winner": [True, False, False, False, False, False],
        }
    )
    assert first_shares(games).tolist() == [1.0, 0.0, 0.0, 0.5, 0.5, 0.0]
    assert win_shares(games).tolist() == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    diff = margins(games).set_index(["bot", "over"])["margin"]
    assert diff["a", "b"] == pytest.approx(0.5)  # (1 - 0 + 0.5 - 0.5) / 2
    assert diff["b", "c"] == pytest.approx(0.25)
