"""The effect a page's badge shows beside a turning point, written by the debrief in the
game's words (Rut to Riches' score in percentage points, Monitics' in money), so the page
never shows a bare ratio ("a good call: +7.4") or a difference that rounds to nothing."""

from __future__ import annotations

import pytest

from moneyboard.debrief import build_debrief
from moneyboard.debrief.turning_points import effect_text
from tests.debrief.conftest import BUDGET, cached_record
from tests.debrief.test_sentences import point


@pytest.mark.parametrize(
    ("effect", "share", "money", "words"),
    [
        (0.074, True, False, "+7.4 percentage points"),
        (-0.25, True, False, "−25 percentage points"),
        (0.01, True, False, "+1 percentage point"),
        (0.0004, True, False, ""),
        (-243.4, False, True, "−$243"),
        (0.47, False, False, "+0.47"),
        (12.6, False, False, "+13"),
        (0.001, False, False, ""),
    ],
)
def test_the_effect_is_written_in_the_games_words(
    effect: float, share: bool, money: bool, words: str
) -> None:
    p = point(effect=effect)
    assert effect_text(p, money_is_score=money, money_text="${:,}".format, share=share) == words


def test_a_real_rut_to_riches_debrief_gives_its_effects_in_percentage_points() -> None:
    debrief = build_debrief(cached_record("rut-to-riches"), budget_seconds=BUDGET)
    points = debrief.to_json()["turning_points"]
    assert points
    for p in points:
        text = p["effect_text"]
        assert text == "" or text.endswith(("percentage points", "percentage point")), text
    assert any(p["effect_text"] for p in points), points
