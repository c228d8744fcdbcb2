"""The effect a page's badge shows beside a turning point, written by the debrief in the
game's words (Rut to Riches' score in percentage points, Monitics' in money), so the page
never shows a bare ratio ("a good call: +7.4") or a difference that rounds to nothing; and
only a figure the turning point's sentence stands behind (clear of chance, the call's way)."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import pytest
from rich.console import Console

from moneyboard.debrief import build_debrief
from moneyboard.debrief.command import run_debrief
from moneyboard.debrief.report import report_html
from moneyboard.debrief.turning_points import TurningPoint, effect_text
from moneyboard.engine.record import GameRecord
from tests.debrief.conftest import (
    BUDGET,
    KINDS,
    KINDS_OF,
    RIGGED_ENTRY,
    bot_record,
    cached_record,
    point,
)


@pytest.mark.parametrize(
    ("effect", "share", "money", "words"),
    [
        (0.074, True, False, "+7.4 percentage points"),
        (-0.25, True, False, "−25 percentage points"),
        (0.01, True, False, "+1 percentage point"),
        (0.0004, True, False, ""),
        (-243.4, False, True, "−$243"),
        (0.47, False, False, "+0.47 happiness points"),
        (12.6, False, False, "+13 happiness points"),
        (-1.02, False, False, "−1 happiness point"),
        (0.001, False, False, ""),
    ],
)
def test_the_effect_is_written_in_the_games_words(
    effect: float, share: bool, money: bool, words: str
) -> None:
    p = point(effect=effect, weight=0.2 if effect > 0 else -0.2)
    badge = effect_text(
        p, "happiness points", money_is_score=money, money_text="${:,}".format, share=share
    )
    assert badge == words


def test_a_real_rut_to_riches_debrief_gives_its_effects_in_percentage_points() -> None:
    debrief = build_debrief(cached_record("rut-to-riches"), budget_seconds=BUDGET)
    points = debrief.to_json()["turning_points"]
    assert points
    for p in points:
        text = p["effect_text"]
        assert text == "" or text.endswith(("percentage points", "percentage point")), text
    assert any(p["effect_text"] for p in points), points


@pytest.mark.parametrize(
    ("changes", "share"),
    [
        # FinanciaLit: the sentence names only net worth, the happiness points being noise.
        ({"effect": -0.53, "effect_error": 0.29}, False),
        ({"effect": 0.56, "effect_error": 0.36, "weight": 0.2}, False),
        # Rut to Riches: a good call by net worth that left less of the expenses covered.
        ({"effect": -1.33, "effect_error": 0.19, "weight": 0.2}, True),
        ({"effect": 3.0, "effect_error": 0.5, "weight": -0.2}, False),
    ],
)
def test_no_figure_the_sentence_does_not_stand_behind(
    changes: dict[str, float], share: bool
) -> None:
    """A difference the noise could explain, or one against the call, gets no figure: the
    badge then says only "a good call" or "costly", and the sentence carries the detail."""
    p = point(**changes)
    badge = effect_text(
        p, "happiness points", money_is_score=False, money_text="${:,}".format, share=share
    )
    assert badge == ""


def _figure_is_said(p: TurningPoint) -> bool:
    """Whether the sentence says the badge's figure, the call's way ("+917 percentage
    points" beside "about 917 percentage points less" for the other choice, "+0.81
    happiness points" beside "about 0.81 less happiness points")."""
    figure = p.effect_text.lstrip("+−")
    number, _, unit = figure.partition(" ")
    worse = "less" if p.good_call else "more"
    return f"about {figure} {worse}" in p.sentence or f"about {number} {worse} {unit}" in p.sentence


@pytest.mark.parametrize(
    ("game_id", "seeds", "budget"),
    [("financialit", range(7, 27), 1.0), ("rut-to-riches", range(10, 20), 2.0)],
)
def test_a_real_debrief_shows_only_figures_its_sentences_say(
    game_id: str, seeds: range, budget: float
) -> None:
    """Real games, up to the first where a turning point's score difference is noise or runs
    against the call: the badge has no figure there, and every figure shown is in the
    sentence. (Seeds are tried in turn, so a change to a game's rules does not leave the
    test without such a point.)"""
    for seed in seeds:
        record = bot_record(game_id, seed, KINDS_OF.get(game_id, KINDS))
        points = build_debrief(record, budget_seconds=budget).turning_points
        for p in points:
            assert p.effect_text == "" or _figure_is_said(p), (p.effect_text, p.sentence)
        if any(p.effect_text == "" for p in points):
            return
    pytest.fail(f"no {game_id} debrief of seeds {seeds} lists a point without a figure")


def test_the_terminal_and_the_report_tag_a_point_as_the_page_badges_it(
    rigged: GameRecord, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One badge everywhere: the call and its figure where the sentence says one ("Costly:
    −5 points of score"), the call alone where it does not ("Good call")."""
    debrief = build_debrief(rigged, budget_seconds=1.0)
    costly = next(p for p in debrief.turning_points if p.entry == RIGGED_ENTRY)
    assert costly.effect_text.startswith("−") and costly.effect_text.endswith("points of score")
    noise = dataclasses.replace(costly, entry=5, weight=0.2, effect_text="")
    both = dataclasses.replace(debrief, turning_points=(costly, noise))
    page = report_html(both)
    assert f'<span class="tag">Costly: {costly.effect_text}</span> (entry {RIGGED_ENTRY})' in page
    assert '<span class="tag">Good call</span> (entry 5)' in page

    path = tmp_path / "game.json"
    path.write_text(rigged.to_json(), encoding="utf-8")
    monkeypatch.setattr("moneyboard.debrief.command.build_debrief", lambda *a, **k: both)
    out = io.StringIO()
    run_debrief(path, Console(file=out, width=400), budget=0.1, out=tmp_path / "report.html")
    lines = out.getvalue().splitlines()
    assert any(
        line.startswith(f"Costly: {costly.effect_text} (entry {RIGGED_ENTRY}): ") for line in lines
    )
    assert any(line.startswith("Good call (entry 5): ") for line in lines)
