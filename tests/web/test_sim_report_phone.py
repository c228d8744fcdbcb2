"""The report on a phone: a 390-pixel screen shows it without sideways scrolling of the page
(a wide table scrolls in its own box) and with chart text large enough to read. Debian's
Chromium, the web tests' one browser (a second Playwright in a test worker would fail)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from moneyboard.registry import get_game
from moneyboard.sim.display import card_words, game_words
from moneyboard.sim.report import render_report
from moneyboard.sim.summary import compare
from tests.sim.test_report import two_rule_sets

#: An iPhone's width in CSS pixels, and the smallest chart text we call readable there.
PHONE = 390
SMALLEST_TEXT = 10.0


def phone_report(tmp_path: Path) -> Path:
    """The report of two rule sets of a game with long starting-card names, as a file."""
    tables = two_rule_sets()
    names = ["dual_earners", "single_parent", "retirees", "shopkeepers"]
    games = tables["games"]
    ids = [f"families: {names[i % 4]}" for i in range(len(games))]
    # games.csv holds each starting card by its name (``start``) and its id (``start_id``).
    words = game_words(get_game("financialit"))
    tables["games"] = games.assign(start=[card_words(i, words) for i in ids], start_id=ids)
    a, b = (tables["games"][tables["games"]["rules"] == r] for r in "AB")
    page = render_report(
        "FinanciaLit: simulation",
        tables,
        compare(a, b),
        notes="400 of 400 games, seats saver, spender, investor, insurer, seeds 0 to 199.",
        words=game_words(get_game("financialit")),
    )
    path = tmp_path / "report.html"
    path.write_text(page, encoding="utf-8")
    return path


def test_the_report_fits_a_phone_with_readable_charts(browser: Any, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": PHONE, "height": 800})
    try:
        page.goto(phone_report(tmp_path).as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE
        boxes = page.evaluate(
            "[...document.querySelectorAll('svg, .table, p, h1, h2')]"
            ".map(e => e.getBoundingClientRect().right)"
        )
        assert boxes and max(boxes) <= PHONE
        sizes = page.evaluate(
            "[...document.querySelectorAll('svg text')].map(t => {"
            " const svg = t.ownerSVGElement;"
            " const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;"
            " return parseFloat(getComputedStyle(t).fontSize) * scale; })"
        )
        assert len(sizes) > 50  # the charts' text is text, not drawn shapes
        assert min(sizes) >= SMALLEST_TEXT, sorted(sizes)[:5]
    finally:
        page.close()
