"""The debrief's HTML report in a real browser: axe-core finds nothing serious, and it fits
a projector and a phone without sideways scrolling."""

from __future__ import annotations

from typing import Any

import pytest

from moneyboard.debrief import build_debrief, what_if
from moneyboard.debrief.report import report_html
from moneyboard.engine.record import ActionMove
from tests.debrief.conftest import cached_record
from tests.web.browser import PHONE, PROJECTOR, serious_violations


@pytest.mark.parametrize("viewport", [PROJECTOR, PHONE])
def test_the_report_passes_axe_and_fits_the_screen(browser: Any, viewport: dict[str, int]) -> None:
    record = cached_record("financity")
    debrief = build_debrief(record, budget_seconds=0.3)
    entry = next(i for i, m in enumerate(record.moves) if isinstance(m, ActionMove))
    move = record.moves[entry]
    assert isinstance(move, ActionMove)
    extra = what_if(record, entry, move.action, games=3, bots="random")
    page = browser.new_context(viewport=viewport).new_page()
    page.set_content(report_html(debrief, [extra]))
    assert serious_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    # One chart per metric shows: the narrow one on a phone, its small print readable.
    assert page.locator("svg[role=img]:visible").count() == len(debrief.metrics)
    narrow = viewport is PHONE
    assert page.locator(".narrow-chart svg:visible").count() == (len(debrief.metrics) * narrow)
    if narrow:
        heights = page.evaluate(
            "() => [...document.querySelectorAll('svg[role=img] text')]"
            ".map(t => t.getBoundingClientRect().height).filter(h => h > 0)"
        )
        assert min(heights) >= 15, min(heights)
