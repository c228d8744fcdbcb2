"""The trainer's form for a new room: a seat asks for a name only when it is a team's."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page


def test_only_a_team_seat_asks_for_a_team_name(browser: Any, server: ServerProcess) -> None:
    page = new_page(browser, LAPTOP)
    page.goto(f"{server.base}/trainer")
    page.select_option("#game", "monitics")
    while page.locator("#seats li").count() < 3:
        page.click("#add-seat")
    rows = page.locator("#seats li")
    names = page.locator("#seats li .team-name")
    # Learners' seats take the names they join with: no field for them.
    assert [names.nth(i).is_visible() for i in range(3)] == [False, False, False]
    rows.nth(1).locator(".seat-kind").select_option("team")
    rows.nth(2).locator(".seat-kind").select_option("bot:saver")
    assert [names.nth(i).is_visible() for i in range(3)] == [False, True, False]
    rows.nth(1).locator(".seat-name").fill("Blue")
    # A seat changed back from a team hides its field again.
    rows.nth(1).locator(".seat-kind").select_option("learner")
    assert not names.nth(1).is_visible()
    rows.nth(1).locator(".seat-kind").select_option("team")
    assert names.nth(1).is_visible()
    page.click("#create button[type=submit]")
    page.wait_for_url("**/trainer/*")
    code = page.url.rsplit("/", 1)[1]
    seats = httpx2.get(f"{server.base}/api/rooms/{code}", timeout=5).json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats][1] == ("team", "Blue")
    assert [s["kind"] for s in seats] == ["learner", "team", "bot"]
    assert page.errors == []
