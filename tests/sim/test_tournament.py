"""Tournaments: the first-place measure, and margins paired by game."""

from __future__ import annotations

import pandas as pd
import pytest

from moneyboard.sim.display import margins_shown
from moneyboard.sim.play import ranks
from moneyboard.sim.summary import first_shares, win_rates, win_shares
from moneyboard.sim.tournament import margins


def test_first_place_goes_to_the_winners_or_else_to_the_best_score() -> None:
    games = pd.DataFrame(
        {
            "rules": ["default"] * 6,
            "seating": ["a,b,c"] * 6,
            "seed": [1, 1, 1, 2, 2, 2],
            "seat": [1, 2, 3, 1, 2, 3],
            "bot": ["a", "b", "c"] * 2,
            "score": [5.0, 9.0, 1.0, 7.0, 7.0, 3.0],
            # seed 1: seat 1 met the winning conditions (scores do not matter then);
            # seed 2: nobody did, and seats 1 and 2 share the best score.
            "rank": ranks([5.0, 9.0, 1.0], [0]) + ranks([7.0, 7.0, 3.0], []),
            "winner": [True, False, False, False, False, False],
        }
    )
    assert first_shares(games).tolist() == [1.0, 0.0, 0.0, 0.5, 0.5, 0.0]
    assert win_shares(games).tolist() == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    diff = margins(games).set_index(["bot", "over"])["margin"]
    assert diff["a", "b"] == pytest.approx(0.5)  # (1 - 0 + 0.5 - 0.5) / 2
    assert diff["b", "c"] == pytest.approx(0.25)


def duel(firsts: list[bool]) -> pd.DataFrame:
    """A duel's games table: in game ``i``, bot ``a`` takes first place if ``firsts[i]``."""
    rows = []
    for seed, a_first in enumerate(firsts):
        for seat, bot in enumerate("ab"):
            first = a_first == (bot == "a")
            rows.append(
                {
                    "rules": "default",
                    "seating": "a,b",
                    "seed": seed,
                    "seat": seat + 1,
                    "bot": bot,
                    "score": 10.0 if first else 5.0,
                    "rank": 1 if first else 2,
                    "winner": first,
                }
            )
    return pd.DataFrame(rows)


def margin_of(games: pd.DataFrame, bot: str, over: str) -> dict[str, float]:
    """The margins row of ``bot`` over ``over``, as plain numbers."""
    for row in margins(games).to_dict("records"):
        if (row["bot"], row["over"]) == (bot, over):
            return {str(k): float(v) for k, v in row.items() if k not in {"bot", "over"}}
    raise KeyError((bot, over))


def test_a_clean_sweep_of_four_games_gives_a_margin_as_unsure_as_the_rate() -> None:
    games = duel([True] * 4)
    row = margin_of(games, "a", "b")
    assert (row["games"], row["margin"], row["high"]) == (4, 1.0, 1.0)
    assert row["low"] < 1.0  # not a single point: four games do not make it certain
    # In a duel the margin is 2 * rate - 1: its interval is the first-place rate's.
    rate = win_rates(games, "bot", first_shares(games)).set_index("bot")["low"]["a"]
    assert row["low"] == pytest.approx(2 * float(rate) - 1)
    other = margin_of(games, "b", "a")
    assert [other["margin"], other["low"], other["high"]] == pytest.approx(
        [-1.0, -1.0, -row["low"]]
    )
    # Four of four is what a level pair does one time in eight (either way): not clear yet.
    assert row["p_sign"] == other["p_sign"] == 2 / 2**4
    assert margins_shown(margins(games)).frame["Clear?"].tolist() == ["not yet"]


def test_a_sweep_of_ten_games_is_clear() -> None:
    games = duel([True] * 10)
    row = margin_of(games, "a", "b")
    assert row["low"] > 0 and row["p_sign"] == 2 / 2**10
    assert margins_shown(margins(games)).frame["Clear?"].tolist() == ["yes"]


def test_margins_narrow_as_games_accumulate() -> None:
    widths = []
    for games in (5, 20, 80):
        row = margin_of(duel([seed % 5 < 3 for seed in range(games)]), "a", "b")
        assert row["margin"] == pytest.approx(0.2)
        assert -1 <= row["low"] < row["margin"] < row["high"] <= 1
        widths.append(row["high"] - row["low"])
    assert widths[0] > widths[1] > widths[2]
