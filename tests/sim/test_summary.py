"""What decides games: chance outcomes set against their frequency, not counted raw."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from moneyboard.sim.display import GameWords, card_words
from moneyboard.sim.summary import DECIDING_COLUMNS, deciding_cards, outcomes_tested
from moneyboard.sim.tables import CARD_COLUMNS


def cards(rows: list[tuple[int, str, bool, float]]) -> pd.DataFrame:
    """A cards table from (seed, card id, fell in the deciding round, chance of that); each
    card is named as a game that names none of its cards would name it."""
    return pd.DataFrame(
        [
            ("default", seed, card_words(card, GameWords()), card, 1, deciding, chance)
            for seed, card, deciding, chance in rows
        ],
        columns=CARD_COLUMNS,
    )


def die_faces(games: int) -> list[tuple[int, str, bool, float]]:
    """Every face rolled in every game, in the deciding round about as often as chance says
    (half the games), as Monitics' die was."""
    return [
        (seed, f"die: {face}", (seed + face) % 2 == 0, 0.5)
        for seed in range(games)
        for face in range(1, 7)
    ]


def test_outcomes_drawn_in_every_game_at_their_share_are_not_listed() -> None:
    table = cards(die_faces(200))
    # Raw counts would list all six faces, each "deciding" 100 of the 200 games.
    assert table.groupby("card_id")["deciding_round"].sum().tolist() == [100] * 6
    decided = deciding_cards(table)
    assert decided.empty and list(decided.columns) == DECIDING_COLUMNS
    assert outcomes_tested(table) == 6


def test_an_outcome_that_falls_in_the_deciding_round_beyond_its_share_is_listed() -> None:
    # Drawn in 20 of 200 games with a chance of 0.1 each of falling in the deciding round.
    seeds = range(0, 200, 10)
    at_share = [(seed, "deck:events: layoff", seed < 20, 0.1) for seed in seeds]
    assert deciding_cards(cards(die_faces(200) + at_share)).empty  # 2 of 20: as chance has it
    beyond = [(seed, "deck:events: layoff", seed < 150, 0.1) for seed in seeds]
    decided = deciding_cards(cards(die_faces(200) + beyond))
    assert decided["card_id"].tolist() == ["deck:events: layoff"]
    row = decided.iloc[0]
    assert (row["games_drawn"], row["games_decided"]) == (20, 15)
    assert row["games_expected"] == pytest.approx(2.0)
    assert row["times_expected"] == pytest.approx(7.5)
    assert row["p_holm"] < 0.05


def test_a_die_face_that_decides_beyond_its_share_is_listed_too() -> None:
    rows = die_faces(200)
    rows = [(s, c, True if c == "die: 6" else d, ch) for s, c, d, ch in rows]
    decided = deciding_cards(cards(rows))
    assert decided["card_id"].tolist() == ["die: 6"]
    assert decided.iloc[0]["times_expected"] == pytest.approx(2.0)


def test_the_test_matches_the_binomial_by_hand() -> None:
    # One outcome, ten games at a chance of 0.2 each, six in the deciding round: P(X >= 6)
    # for X ~ Binomial(10, 0.2) = sum over k = 6..10 of C(10, k) 0.2^k 0.8^(10 - k) = 0.00637.
    rows = [(seed, "deck:events: storm", seed < 6, 0.2) for seed in range(10)]
    decided = deciding_cards(cards(rows))
    by_hand = sum(math.comb(10, k) * 0.2**k * 0.8 ** (10 - k) for k in range(6, 11))
    assert by_hand == pytest.approx(0.00637, abs=1e-5)
    assert decided.iloc[0]["p_holm"] == pytest.approx(by_hand)


def test_few_games_are_not_enough_among_many_outcomes() -> None:
    # Both games it was drawn in, at a chance of 0.1 each: p = 0.01 alone, but one of seven
    # outcomes tested, so not clear (Holm: 7 * 0.01 > 0.05).
    rows = [
        *die_faces(2),
        (0, "deck:events: flood", True, 0.1),
        (1, "deck:events: flood", True, 0.1),
    ]
    assert deciding_cards(cards(rows)).empty
    assert deciding_cards(cards(rows[-2:]))["card_id"].tolist() == ["deck:events: flood"]


def test_games_nobody_won_and_no_draws_give_nothing() -> None:
    assert deciding_cards(cards([])).empty
    nobody_won = cards([(seed, "deck:events: flu", False, 0.0) for seed in range(5)])
    assert deciding_cards(nobody_won).empty
    assert outcomes_tested(nobody_won) == 0


def test_two_cards_of_one_name_are_weighed_apart_and_shown_by_name() -> None:
    # Two decks with a card of the same name: counted as two outcomes, not merged by name.
    rows = [(seed, "deck:events: flood", seed < 150, 0.1) for seed in range(0, 200, 10)]
    rows += [(seed, "deck:storms: flood", False, 0.1) for seed in range(0, 200, 10)]
    table = cards(rows).assign(card="Flood")
    decided = deciding_cards(table)
    assert outcomes_tested(table) == 2
    assert decided[["card", "card_id"]].values.tolist() == [["Flood", "deck:events: flood"]]
    assert decided.iloc[0]["games_drawn"] == 20
