"""A learner not on turn sees the actions they may take at any time (a loan) under a heading
of their own, in a look apart from the class vote's buttons."""

from __future__ import annotations

from typing import Any

from tests.server.process import ServerProcess
from tests.web.browser import my_turn, start_class


def test_anytime_actions_are_set_apart_from_the_class_vote(
    browser: Any, server: ServerProcess
) -> None:
    room = start_class(browser, server.base, "financialit", ["Ana", "Ben", "Cy"], seed=3)
    for phone in room.phones:
        phone.wait_for_selector("#seat .family.yours")
    waiting = next(p for p in room.phones if not my_turn(p))
    waiting.wait_for_selector("#seat .class-vote")
    section = waiting.locator("#seat section.actions.anytime")
    assert section.locator("h2").inner_text() == "Any time: your own money"
    assert "not a vote" in section.inner_text()
    loan = section.locator("button[data-action]").first
    assert "anytime" in (loan.get_attribute("class") or "")
    assert "primary" not in (loan.get_attribute("class") or "")
    assert "Your move" not in waiting.inner_text("#seat")
    mover = next(p for p in room.phones if my_turn(p))
    assert mover.locator("#seat section.actions h2").first.inner_text() == "Your move"
    for page in room.phones:
        assert page.errors == []
