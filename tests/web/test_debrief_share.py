"""Rut to Riches' score on the web debrief page, as the debrief says it everywhere else: a
percentage of expenses covered by passive income (a difference in percentage points), never
the bare ratio ("a good call: +7.4", "1.65")."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page, serious_violations

#: A score cell of the what-if table: "48%", or "160% (84% to 280%)".
PERCENT_CELL = re.compile(r"[\d,.]+%( \([\d,.]+% to [\d,.]+%\))?")


def finished_room(base: str, seconds: float = 120.0) -> tuple[str, str]:
    """A short Rut to Riches game of three bots, played to its end; its code and trainer key."""
    seats = [{"kind": "bot", "bot": kind} for kind in ("saver", "random", "spender")]
    body = {"game": "rut-to-riches", "seats": seats, "seed": 3, "options": {"turn_limit": 3}}
    reply = httpx2.post(f"{base}/api/rooms", json=body)
    reply.raise_for_status()
    code, token = reply.json()["code"], reply.json()["trainer_token"]
    headers = {"Authorization": f"Bearer {token}"}
    started = httpx2.post(
        f"{base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers=headers,
    )
    started.raise_for_status()
    deadline = time.monotonic() + seconds
    public = f"{base}/api/rooms/{code}/debrief/public"  # built once over: the page has it
    while httpx2.get(public, timeout=seconds).status_code == 409:
        assert time.monotonic() < deadline, f"the bots did not end the game in {seconds} s"
        time.sleep(0.2)
    return code, token


def test_the_page_gives_rut_to_riches_score_as_a_percentage(
    browser: Any, server: ServerProcess
) -> None:
    code, token = finished_room(server.base)
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/debrief/{code}#{token}")
    trainer.wait_for_selector("#debrief:not([hidden])", timeout=120000)

    badges = trainer.locator("#turning-points .effect").all_inner_texts()
    assert badges, "this game should have a decision that mattered"
    # A figure, where a badge shows one, is in percentage points, never a bare ratio.
    shape = r" \((costly|a good call)(: [+−][\d,.]+ percentage points?)?\)"
    for badge in badges:
        assert re.fullmatch(shape, badge), badge

    trainer.select_option("#point", index=1)
    trainer.wait_for_selector("#alternative:not([disabled])")
    trainer.fill("#games", "3")
    trainer.click("#run-what-if")
    answer = trainer.locator("#what-if-result .what-if-answer")
    answer.wait_for(timeout=60000)
    assert "% of expenses covered by passive income" in answer.inner_text()
    # The range is the middle 80% of the games, as the sentence says, not lowest to highest.
    assert "middle 80%" in answer.locator("caption").inner_text()
    rows = answer.locator("tbody tr")
    assert rows.count() == 3
    for row in range(rows.count()):
        cells = rows.nth(row).locator("td").all_inner_texts()
        real, mine, mine_won, other, other_won = cells
        for score in (real, mine, other):
            assert PERCENT_CELL.fullmatch(score), cells
        assert mine_won.endswith("%") and other_won.endswith("%")
    assert serious_violations(trainer) == []
    assert trainer.errors == []
