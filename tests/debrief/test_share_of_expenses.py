"""Rut to Riches' score (passive income over expenses) as the debrief says it: a percentage of
expenses covered by passive income, as the game's own end sentence does, never a bare ratio
("about 0.25 more progress out of the Rut")."""

from __future__ import annotations

import dataclasses
import re
from xml.etree import ElementTree

import pytest

from moneyboard.debrief import alternatives, build_debrief, charts_svg, what_if
from moneyboard.debrief.charts import NARROW, line_chart, text_width
from moneyboard.debrief.debrief import Debrief
from moneyboard.debrief.report import report_html
from moneyboard.debrief.timeline import score_unit
from moneyboard.debrief.turning_points import sentence
from moneyboard.debrief.what_if import Spread, WhatIf, _figure, _sentence
from moneyboard.debrief.words import share_difference, share_percent
from moneyboard.engine.record import ActionMove
from tests.debrief.conftest import BUDGET, cached_record, point
from tests.debrief.test_sentences import said, what_if_of

NS = "{http://www.w3.org/2000/svg}"
COVERED = "of expenses covered by passive income"
#: A ratio said bare: "0.25 more", "ended with 1.5", "0.75 progress".
BARE_RATIO = re.compile(r"\b\d+\.\d+ (more|less|progress)|ended with \d+(\.\d+)?\.")


@pytest.fixture(scope="module")
def debrief() -> Debrief:
    return build_debrief(cached_record("rut-to-riches"), budget_seconds=BUDGET)


@pytest.mark.parametrize(
    ("share", "words"),
    [(1.5, "150%"), (0.754, "75%"), (20.05, "2,005%"), (0.044, "4.4%"), (0.0, "0%"), (0.1, "10%")],
)
def test_a_share_of_expenses_is_a_percentage_as_the_game_writes_it(
    share: float, words: str
) -> None:
    assert share_percent(share) == words


@pytest.mark.parametrize(
    ("delta", "words"),
    [
        (0.25, f"about 25 percentage points more {COVERED}"),
        (-0.01, f"about 1 percentage point less {COVERED}"),
        (-0.074, f"about 7.4 percentage points less {COVERED}"),
        (12.345, f"about 1,235 percentage points more {COVERED}"),  # 1,234.5: half up
        (0.0004, ""),
    ],
)
def test_a_difference_in_the_share_is_in_percentage_points(delta: float, words: str) -> None:
    assert share_difference(delta, COVERED) == words


def test_a_turning_point_says_the_share_in_percentage_points() -> None:
    p = point(effect=-0.25, money=-300.0)
    text = sentence(p, score_unit("rut-to-riches"), False, "${:,}".format, share=True)
    assert f"about 25 percentage points more {COVERED} and about $300 more net worth" in text
    assert "progress out of the Rut" not in text and "0.25" not in text
    # Other games keep their wording.
    assert "about 4 more happiness points" in said(point())


def shares_what_if() -> WhatIf:
    """A what-if whose chooser ended with 48% of expenses covered by the real choice, 160% by
    the alternative, and 150% in the real game."""
    w = what_if_of(0.25, 0.5)
    return dataclasses.replace(
        w,
        actual=dataclasses.replace(w.actual, scores=(1.5,)),
        chosen_results=(dataclasses.replace(w.chosen_results[0], score=Spread(0.48, 0.22, 1.0)),),
        alternative_results=(
            dataclasses.replace(w.alternative_results[0], score=Spread(1.6, 0.84, 2.8)),
        ),
    )


def test_a_what_if_says_the_shares_as_percentages() -> None:
    w = shares_what_if()
    text = _sentence(w, COVERED, share_percent, share=True)
    assert f"would have ended with 160% {COVERED} on average (84% to 280% in most games)" in text
    assert "about 112 percentage points more than with the real choice on the same dice (48%)" in (
        text
    )
    assert f"In the real game Ana ended with 150% {COVERED}." in text
    same = dataclasses.replace(w, alternative=w.chosen, alternative_text=w.chosen_text)
    text = _sentence(same, COVERED, share_percent, share=True)
    assert f"Ana ended with 48% {COVERED} on average (22% to 100% in most games)" in text
    # Other games keep their wording.
    other = _sentence(w, "happiness points", _figure)
    assert "about 1.1 more than" in other and "ended with 1.5." in other


def test_a_real_debrief_never_says_the_share_as_a_bare_ratio(debrief: Debrief) -> None:
    assert debrief.turning_points, "the record should have a decision that mattered"
    sentences = [*debrief.summary, *(p.sentence for p in debrief.turning_points)]
    for text in sentences:
        assert "progress out of the Rut" not in text, text
        assert not BARE_RATIO.search(text), text
    assert f"judged by the share {COVERED} and net worth" in " ".join(debrief.summary)
    said_score = [p.sentence for p in debrief.turning_points if "percentage point" in p.sentence]
    assert said_score, [p.sentence for p in debrief.turning_points]


def test_the_chart_and_the_tables_give_the_share_as_a_percentage(debrief: Debrief) -> None:
    assert debrief.labels["score"] == "Expenses covered by passive income"
    for layout_charts in (charts_svg(debrief), charts_svg(debrief, NARROW)):
        root = ElementTree.fromstring(layout_charts["score"])
        texts = [t.text or "" for t in root.iter(f"{NS}text") if t.get("text-anchor") == "end"]
        assert texts and all(t.endswith("%") for t in texts), texts
        desc = root.find(f"{NS}desc")
        assert desc is not None and re.search(r"from \d[\d,.]*% to \d[\d,.]*%", desc.text or "")
    page = report_html(debrief)
    last = [row for row in debrief.timeline if row.round == debrief.rounds()[-1]]
    for row in last:
        assert f"<td>{share_percent(row.values['score'])}</td>" in page
    # Other metrics keep their figures: net worth is not a share.
    assert "Net worth" in debrief.labels.values()


def test_a_real_what_if_says_the_share_as_a_percentage() -> None:
    record = cached_record("rut-to-riches")
    entries = [i for i, m in enumerate(record.moves) if isinstance(m, ActionMove)]
    entry, other = next(  # a move half way with another choice open (games then differ)
        (i, a)
        for i in reversed(entries[: len(entries) // 2])
        for a in alternatives(record, i)
        if not a["chosen"]
    )
    w = what_if(record, entry, other["action"], games=3, seed=1, bots="random")
    assert re.search(rf"would have ended with \d[\d,.]*% {COVERED} on average", w.sentence), (
        w.sentence
    )
    compared = r"(about \d[\d,.]* percentage points? (more|less) than|about the same as)"
    same_dice = r" with the real choice on the same dice \(\d[\d,.]*%\)"
    assert re.search(compared + same_dice, w.sentence), w.sentence
    assert re.search(rf"ended with \d[\d,.]*% {COVERED}\.", w.sentence), w.sentence
    assert "progress out of the Rut" not in w.sentence
    page = report_html(build_debrief(record, budget_seconds=0.0), [w])
    table = page[page.index("What if (entry") :]
    assert re.search(r"<td>\d[\d,.]*%</td><td>\d[\d,.]*% \(", table), table[:2000]


def test_a_wide_percentage_tick_fits_on_a_phone() -> None:
    """A tick such as "1,250%" widens a phone chart's margin rather than run off its edge."""
    svg = line_chart(
        "c", "Expenses covered", [0, 1], [("Ana", [0.0, 12.03])], layout=NARROW, share=True
    )
    root = ElementTree.fromstring(svg)
    ticks = [t for t in root.iter(f"{NS}text") if t.get("text-anchor") == "end"]
    assert "1,250%" in [t.text for t in ticks]
    for tick in ticks:
        assert float(tick.get("x") or 0) >= text_width(tick.text or "", NARROW.font), tick.text
