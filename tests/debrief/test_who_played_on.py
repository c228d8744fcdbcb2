"""A what-if says truthfully how each seat played on (a person's seat and a random bot's at
random, any other bot as itself), contrasts that with the turning points only where it
differs from them, and writes a range's two ends alike ("0 to 3", never "0.00 to 3")."""

from __future__ import annotations

import dataclasses
import re

import pytest

from moneyboard.debrief import what_if
from moneyboard.debrief.playouts import Finish
from moneyboard.debrief.report import _who_and_how
from moneyboard.debrief.what_if import Spread, WhatIf, _figure, _sentence
from moneyboard.debrief.words import figures_alike, share_percent, shares_alike
from moneyboard.engine.record import ActionMove
from tests.debrief.conftest import RIGGED_ENTRY, cached_record, rigged_record
from tests.debrief.test_sentences import what_if_of

NAMES = ("Ana", "Ben", "Saver", "Random")
TURNING_POINTS = "The turning points play every seat on at random, so their figures differ."


def seated(players: tuple[str, ...]) -> WhatIf:
    """A what-if at Ana's move with four seats, played on by ``players``."""
    w = what_if_of(0.25, 0.5)
    one = w.chosen_results[0]
    results = tuple(dataclasses.replace(one, seat=s, name=n) for s, n in enumerate(NAMES))
    return dataclasses.replace(
        w,
        players=players,
        actual=Finish((3.0,) * 4, (7.0,) * 4, (0.0,) * 4, True),
        actual_names=NAMES,
        chosen_results=results,
        alternative_results=results,
    )


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (
            ("random", "random", "saver", "random"),
            f"Ana, Ben and Random played on at random and Saver as a saver bot. {TURNING_POINTS}",
        ),
        (
            ("random", "spender", "saver", "investor"),
            "Ana played on at random, Ben as a spender bot, Saver as a saver bot and Random as "
            f"an investor bot. {TURNING_POINTS}",
        ),
        (("saver",) * 4, f"Every seat played on as a saver bot. {TURNING_POINTS}"),
        (("random",) * 4, "Every seat played on at random, as in the turning points."),
    ],
)
def test_a_what_if_says_how_each_seat_played_on(players: tuple[str, ...], words: str) -> None:
    text = _sentence(seated(players), "happiness points", _figure)
    assert words in text, text
    assert "as a bot (" not in text and "as random" not in text


def test_a_person_played_on_at_random_is_not_said_to_be_a_bot() -> None:
    record = rigged_record()  # Ana, Ben and Cleo are people: random stands in for each
    w = what_if(record, RIGGED_ENTRY, "keep", games=2, seed=1)
    assert w.players == ("random",) * 3
    assert "Every seat played on at random, as in the turning points." in w.sentence
    own = what_if(record, RIGGED_ENTRY, "keep", games=2, seed=1, stand_in="saver")
    assert f"Every seat played on as a saver bot. {TURNING_POINTS}" in own.sentence


def with_range(low: float, high: float, mean: float) -> WhatIf:
    w = what_if_of(0.25, 0.5)
    other = dataclasses.replace(w.alternative_results[0], score=Spread(mean, low, high))
    return dataclasses.replace(w, alternative_results=(other,))


@pytest.mark.parametrize(
    ("low", "high", "words"),
    [(0.0, 3.0, "(0 to 3 in most games)"), (3.0, 5.14, "(3.0 to 5.1 in most games)")],
)
def test_a_range_writes_both_ends_alike(low: float, high: float, words: str) -> None:
    w = with_range(low, high, 1.5)
    text = _sentence(w, "happiness points", _figure, alike=figures_alike)
    assert words in text, text


def test_a_range_of_shares_writes_both_ends_alike() -> None:
    w = with_range(0.044, 1.5, 0.9)
    text = _sentence(w, "of expenses", share_percent, share=True, alike=shares_alike)
    assert "(4% to 150% in most games)" in text, text


def test_a_real_what_if_writes_its_ranges_alike() -> None:
    w = what_if(rigged_record(), RIGGED_ENTRY, "keep", games=6, seed=3)
    ends = re.findall(r"\(([−\d.,]+) to ([−\d.,]+) in most games\)", w.sentence)
    for low, high in ends:
        assert ("." in low) == ("." in high) and len(low.partition(".")[2]) == len(
            high.partition(".")[2]
        ), w.sentence


def test_the_what_if_json_gives_each_score_as_the_page_shows_it() -> None:
    data = what_if(rigged_record(), RIGGED_ENTRY, "keep", games=3, seed=1).to_json()
    for row in data["actual"]:
        assert row["score_text"] == figures_alike([row["score"]])[0]
    for rows in (data["chosen_results"], data["alternative_results"]):
        for row in rows:
            score = row["score"]
            mean, low, high = figures_alike([score["mean"], score["low"], score["high"]])
            alike = score["low"] == score["high"]
            assert row["score_text"] == (mean if alike else f"{mean} ({low} to {high})")


def test_the_what_if_json_gives_a_share_of_expenses_as_percentages() -> None:
    record = cached_record("rut-to-riches")
    entry, move = next((i, m) for i, m in enumerate(record.moves) if isinstance(m, ActionMove))
    data = what_if(record, entry, move.action, games=3, bots="random").to_json()
    texts = [row["score_text"] for row in data["actual"]]
    texts += [row["score_text"] for row in data["chosen_results"] + data["alternative_results"]]
    for text in texts:
        assert re.fullmatch(r"[\d,.]+%( \([\d,.]+% to [\d,.]+%\))?", text), text


def test_the_report_s_what_if_table_says_who_played_on_and_how_in_words() -> None:
    caption = _who_and_how(seated(("random", "random", "saver", "investor")))
    assert caption == (
        "Ana at random, Ben at random, Saver as a saver bot, Random as an investor bot"
    )
