"""The class vote in real headless Chromium: a learner whose family is not deciding sees the
deciding family's choices on the phone, votes with a reason (by keyboard), sees "vote sent";
once the family has moved, the projector and the trainer show the split and what was done."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.server.process import ServerProcess
from tests.web.browser import (
    LAPTOP,
    PHONE,
    PROJECTOR,
    create_room,
    join,
    my_turn,
    new_page,
    serious_violations,
)
from tests.web.conftest import screenshot


def seat_update(base: str, code: str, page: Any) -> dict[str, Any]:
    """What the server sends the learner on ``page`` now (its token from the page's storage)."""
    token = page.evaluate("code => localStorage.getItem(`moneyboard.seat.${code}`)", code)
    reply = httpx.get(
        f"{base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"}
    )
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def test_a_learner_not_on_turn_votes_and_the_projector_shows_the_split(
    browser: Any, server: ServerProcess
) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "monitics", learners=2, bots=0, seed=1)
    first, second = new_page(browser, PHONE), new_page(browser, PHONE)
    join(first, server.base, code, "Anna")
    join(second, server.base, code, "Bilal")
    projector = new_page(browser, PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('Done: Start')")
    first.wait_for_selector("#seat .family.yours")
    second.wait_for_selector("#seat .family.yours")
    mover, voter = (first, second) if my_turn(first) else (second, first)
    mover_name = "Anna" if mover is first else "Bilal"
    if "vote" not in seat_update(server.base, code, voter):
        pytest.skip("this server does not send the open class vote to learners yet")

    # The voter's phone: the deciding family's choices, a button each, and a "why".
    box = voter.locator("#seat .class-vote")
    box.wait_for()
    assert f"{mover_name}'s family decides" in box.inner_text()
    assert "What would you do, and why?" in box.inner_text()
    choices = box.locator("button[data-vote]")
    assert choices.count() >= 1
    assert voter.locator("#seat button[data-action]").count() == 0
    assert serious_violations(voter) == []
    assert voter.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert mover.locator("#seat .class-vote").count() == 0  # the decider plays, not votes

    # By keyboard: type the reason, Tab to the first choice, Enter.
    voter.fill("#vote-why", "it costs nothing to find out")
    voter.focus("#vote-why")
    voter.keyboard.press("Tab")
    chosen = voter.evaluate("document.activeElement.dataset.text")
    assert voter.evaluate("document.activeElement.hasAttribute('data-vote')")
    screenshot(voter, "monitics-phone-vote")
    voter.keyboard.press("Enter")
    voter.wait_for_selector("#seat .vote-sent:has-text('Vote sent')")
    assert box.locator("button[data-vote]").count() == 0
    projector.wait_for_selector("#vote:has-text('1 voted so far')")
    trainer.wait_for_selector("#vote:has-text('1 voted so far')")

    # The decider moves: the split appears on the projector with what the family did.
    version = mover.get_attribute("#seat", "data-version")
    mover.locator("#seat button[data-action]:not([disabled])").first.click()
    mover.wait_for_function(
        "v => document.querySelector('#seat').dataset.version !== v", arg=version
    )
    split = projector.locator("#vote .votes li")
    split.first.wait_for()
    text = projector.inner_text("#vote")
    assert f"The class vote on {mover_name}'s decision" in text
    assert "1 vote (100%)" in text
    assert f"{mover_name}'s family chose:" in text
    assert "“it costs nothing to find out”" in text
    assert f"{chosen.replace('_', ' ').lower()}: 1 vote" in text.lower()
    assert "Bilal" not in text if voter is second else "Anna" not in text  # reasons unnamed
    trainer.wait_for_selector("#vote .vote-reasons:has-text('it costs nothing to find out')")
    voter_name = "Bilal" if voter is second else "Anna"
    assert voter_name in trainer.inner_text("#vote .vote-reasons")  # the trainer sees who
    assert serious_violations(projector) == []
    screenshot(projector, "monitics-projector-vote")
    assert projector.evaluate("document.documentElement.scrollWidth") <= PROJECTOR["width"]
    # The voter's phone has its vote box back only for the next decision, not this one.
    voter.wait_for_selector("#seat .vote-sent", state="detached")
    for page in [trainer, projector, first, second]:
        assert page.errors == [], page.url
