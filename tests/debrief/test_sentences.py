"""The debrief's number-bearing sentences: "an 8%" and "a 25%", one point and many, and no
comparison or count that says nothing ("0% instead of 0%", "None of the 0 … of 0")."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from moneyboard.debrief import build_debrief
from moneyboard.debrief import turning_points as tp
from moneyboard.debrief.command import run_debrief
from moneyboard.debrief.debrief import nothing_clear, summarize
from moneyboard.debrief.playouts import Finish
from moneyboard.debrief.report import report_html
from moneyboard.debrief.turning_points import TurningPoint, select, sentence
from moneyboard.debrief.what_if import SeatResults, Spread, WhatIf, _sentence
from moneyboard.engine.record import GameRecord
from moneyboard.registry import replay_record
from tests.debrief.conftest import RIGGED_ENTRY, point
from tests.engine.toygame import GAMBLE, KEEP


def said(p: TurningPoint, unit: str = "happiness points") -> str:
    return sentence(p, unit, False, "${:,}".format)


@pytest.mark.parametrize(
    ("share", "words"),
    [
        *[(0.88, "an 88%"), (0.08, "an 8%"), (0.11, "an 11%"), (0.18, "an 18%")],
        *[(0.8, "an 80%"), (0.5, "a 50%"), (0.01, "a 1%"), (1.0, "a 100%"), (0.0, "a 0%")],
    ],
)
def test_a_chance_takes_the_article_it_is_said_with(share: float, words: str) -> None:
    assert f"with {words} chance of winning instead of 25%" in said(point(win_alternative=share))


def test_one_point_is_singular_and_a_difference_of_nothing_is_left_out() -> None:
    one = said(point(effect=-1.02, money=-0.3))
    assert "about 1 more happiness point at the end" in one, one
    assert "$0" not in one
    nothing = said(point(effect=-0.001, money=-0.2))
    assert "0.00" not in nothing and "with about the same result at the end" in nothing
    both = said(point(effect=-3.0, money=-120.0))
    assert "about 3 more happiness points and about $120 more net worth" in both


def what_if_of(mine: float, theirs: float, games: int = 12, same: bool = False) -> WhatIf:
    """A what-if whose chooser won ``mine`` of the replays with the real choice and
    ``theirs`` with the alternative."""

    def results(wins: float) -> tuple[SeatResults, ...]:
        return (SeatResults(0, "Ana", Spread(1.0, 0.0, 2.0), Spread(5.0, 1.0, 9.0), wins),)

    return WhatIf(
        entry=3,
        seat=0,
        round=2,
        name="Ana",
        chosen=GAMBLE,
        chosen_text="Gamble",
        alternative=GAMBLE if same else KEEP,
        alternative_text="Gamble" if same else "Keep",
        games=games,
        players=("random",),
        actual=Finish((3.0,), (7.0,), (0.0,), True),
        actual_names=("Ana",),
        chosen_results=results(mine),
        alternative_results=results(theirs),
        sentence="",
    )


def test_a_what_if_compares_shares_of_wins_only_where_they_differ() -> None:
    text = _sentence(what_if_of(0.0, 0.0), "happiness points", str)
    assert "instead of 0%" not in text and "0% of the games" not in text
    assert "winning none of the games, as with the real choice" in text
    text = _sentence(what_if_of(0.25, 1.0), "happiness points", str)
    assert "winning all of the games instead of 25%" in text
    text = _sentence(what_if_of(0.25, 0.5), "happiness points", str)
    assert "winning 50% of the games instead of 25%" in text
    # The difference 0: "about the same as"; one game: "once".
    text = _sentence(what_if_of(0.0, 0.0, games=1), "happiness points", str)
    assert "played on once," in text
    assert "about the same as with the real choice" in text
    text = _sentence(what_if_of(0.0, 0.0, same=True), "happiness points", "{:g}".format)
    assert "ended with 1 happiness point on average" in text
    assert "won none of the games." in text


@pytest.mark.parametrize(
    ("measured", "decisions", "words"),
    [
        (0, 0, "No move in this game offered a real choice, so there are no decisions to weigh."),
        (1, 1, "The one decision with a real choice made no difference clear of chance."),
        (2, 2, "None of the 2 decisions with a real choice made a difference clear of chance."),
        (1, 9, "The most promising of 9 decisions made no difference clear of chance."),
        (3, 9, "None of the 3 most promising of 9 decisions made a difference clear of chance."),
    ],
)
def test_no_turning_points_is_said_plainly(measured: int, decisions: int, words: str) -> None:
    assert nothing_clear(measured, decisions) == words


def test_a_debrief_without_decisions_says_so_in_its_report(rigged: GameRecord) -> None:
    debrief = build_debrief(rigged, budget_seconds=0.2)
    empty = dataclasses.replace(debrief, turning_points=(), decisions=0, measured=0)
    page = report_html(empty)
    assert "no decisions to weigh" in page and "None of the 0" not in page


def test_a_debrief_without_decisions_says_so_in_the_terminal(
    rigged: GameRecord, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text(rigged.to_json(), encoding="utf-8")
    debrief = build_debrief(rigged, budget_seconds=0.2)
    empty = dataclasses.replace(debrief, turning_points=(), decisions=0, measured=0)
    monkeypatch.setattr("moneyboard.debrief.command.build_debrief", lambda *a, **k: empty)
    out = io.StringIO()
    run_debrief(path, Console(file=out, width=200), budget=0.1)
    assert "no decisions to weigh" in out.getvalue()
    assert "None of the 0" not in out.getvalue()


def test_the_summary_names_only_the_kinds_of_turning_point_there_are(
    rigged: GameRecord,
) -> None:
    debrief = build_debrief(rigged, budget_seconds=1.0)
    final = replay_record(rigged)
    good = dataclasses.replace(debrief.turning_points[0], weight=0.3)
    one = dataclasses.replace(debrief, turning_points=(good,), decisions=1)
    line = summarize(one, final, "points")[-1]
    assert "Of 1 decision with a real choice, 1 clearly changed" in line
    assert "(1 good call)" in line and "0 costly" not in line


def test_a_difference_the_noise_could_explain_is_not_stated() -> None:
    """Each part of the sentence stands on its own interval: a score difference within twice
    its standard error is left out, as is a chance of winning that could be chance."""
    noisy = point(effect=-300.0, effect_error=200.0, money=-150.0, money_error=40.0)
    noisy = dataclasses.replace(noisy, win_error=0.2)
    text = said(noisy, "champion score points")
    assert "champion score points" not in text and "about $150 more net worth" in text
    assert "chance of winning" not in text
    neither = said(dataclasses.replace(noisy, money_error=100.0), "champion score points")
    assert "with a better result overall (its score and net worth together, though " in neither
    assert "neither alone stands out of chance)" in neither
    assert "finishes of the game played on at random)" in neither


def test_a_headline_needs_a_confirming_sample() -> None:
    """A difference clear on a first look of a few finishes is no headline; the same clear
    on the confirming sample is."""
    first_look = point(finishes=tp.MEASURE_FINISHES)
    confirmed = point(finishes=tp.CONFIRM_FINISHES)
    assert select([first_look]) == []
    assert select([confirmed]) == [confirmed]
    assert select([point(finishes=tp.CONFIRM_FINISHES, error=0.15)]) == []  # 0.2 < 2 x 0.15


def test_the_rigged_costly_move_is_reported_from_the_confirming_sample(
    rigged: GameRecord,
) -> None:
    debrief = build_debrief(rigged, budget_seconds=1.0)
    costly = next(p for p in debrief.turning_points if p.entry == RIGGED_ENTRY)
    assert costly.finishes == tp.CONFIRM_FINISHES
    assert f"estimated from {tp.CONFIRM_FINISHES} finishes" in costly.sentence
    assert costly.effect_error > 0 and abs(costly.effect) > 2 * costly.effect_error


def test_a_first_look_that_is_not_confirmed_is_no_headline(
    rigged: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The confirming finishes alone decide: with them showing no difference (every option
    alike), the costly move that was clear at first look is not listed."""
    real = tp.estimate

    def none_on_confirmation(seat: int, scales: Any, mine: Any, theirs: Any) -> tp.Estimate:
        found = real(seat, scales, mine, theirs)
        if len(mine) == tp.CONFIRM_FINISHES:
            return dataclasses.replace(found, weight=0.0, effect=0.0, money=0.0)
        return found

    monkeypatch.setattr(tp, "estimate", none_on_confirmation)
    debrief = build_debrief(rigged, budget_seconds=1.0)
    assert RIGGED_ENTRY not in {p.entry for p in debrief.turning_points}
