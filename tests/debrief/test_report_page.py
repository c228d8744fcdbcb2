"""The HTML report in a real browser: axe-core finds nothing serious, and it fits a projector
and a phone without sideways scrolling."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from moneyboard.debrief import build_debrief, what_if
from moneyboard.debrief.report import report_html
from moneyboard.engine.record import ActionMove
from tests.debrief.conftest import cached_record

CHROMIUM = "/usr/bin/chromium"
AXE = Path(__file__).parents[1] / "web" / "vendor" / "axe.min.js"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_sync = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM) or not AXE.exists():
        pytest.skip(f"needs {CHROMIUM} and axe-core ({AXE})")
    with playwright_sync.sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            yield browser
        finally:
            browser.close()


PROJECTOR = {"width": 1920, "height": 1080}
PHONE = {"width": 360, "height": 740}


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
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    serious = [
        f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v.get("impact") in ("serious", "critical")
    ]
    assert serious == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.locator("svg[role=img]").count() == len(debrief.metrics)
