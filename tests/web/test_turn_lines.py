"""The turn line reads as a sentence on every page, in real headless Chromium: "Round 1 of 3
· Action phase", "Year 1 of 3", "Round 1 of 12", never "Rounds: 3" or "Turn limit: 12";
once the game is over, no phase chip repeats "The game is over."."""

from __future__ import annotations

import re
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PROJECTOR, new_page

#: Each game, its rule options for a short game, and how its turn line's chip reads at first.
HEADLINES = {
    "financialit": ({"rounds": 3}, r"Round 1 of 3 · [A-Z][a-z&\- ]+(phase|scoring|up)"),
    "financity": ({"years": 3}, r"Year 1 of 3"),
    "rut-to-riches": ({"turn_limit": 12}, r"Round: not started yet \(12 in all\)|Round \d+ of 12"),
}


def new_room(base: str, game: str, options: dict[str, Any], seats: list[dict[str, Any]]) -> str:
    """A started room of ``seats``; its code."""
    body = {"game": game, "seats": seats, "seed": 2, "options": options}
    created = httpx2.post(f"{base}/api/rooms", json=body).json()
    code = str(created["code"])
    for seat, spec in enumerate(seats):
        if spec["kind"] == "learner":
            join = {"name": f"Learner {seat + 1}", "seat": seat}
            httpx2.post(f"{base}/api/rooms/{code}/join", json=join).raise_for_status()
    httpx2.post(
        f"{base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {created['trainer_token']}"},
    ).raise_for_status()
    return code


def test_the_turn_line_counts_rounds_and_years_out_of_their_total(
    browser: Any, server: ServerProcess
) -> None:
    page = new_page(browser, PROJECTOR)
    for game, (options, expected) in HEADLINES.items():
        code = new_room(server.base, game, options, [{"kind": "learner"}] * 3)
        page.goto(f"{server.base}/projector/{code}")
        page.wait_for_selector("#turn .headline")
        headline = page.inner_text("#turn .headline")
        assert re.fullmatch(expected, headline), (game, headline)
        assert ":" not in headline or "not started" in headline, (game, headline)
    assert page.errors == []


def test_a_game_that_is_over_says_so_once(browser: Any, server: ServerProcess) -> None:
    code = new_room(server.base, "monitics", {}, [{"kind": "bot", "bot": "random"}] * 2)
    page = new_page(browser, PROJECTOR)
    page.goto(f"{server.base}/projector/{code}")
    page.wait_for_selector("#turn .result", timeout=60_000)
    turn = page.inner_text("#turn .turn")
    assert turn.strip() == "The game is over.", turn
    assert page.locator("#turn .headline").count() == 0
    assert page.errors == []
