"""A game's sentence worded by the page as the server words it: several seats named in one
placeholder (``{champions:seats}``)."""

from __future__ import annotations

from typing import Any

import httpx2

from moneyboard.engine.messages import msg
from moneyboard.registry import get_game
from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page


def test_the_page_names_several_seats_as_the_server_does(
    browser: Any, server: ServerProcess
) -> None:
    """FinanCity's co-champions: "Ana, Ben and Cy tie ..." on the page, as in the terminal
    (the reason had one sentence for each number of tied families)."""
    seats = [{"kind": "learner"}] * 3
    code = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "financity", "seats": seats}
    ).json()["code"]
    projector = new_page(browser, LAPTOP)
    projector.goto(f"{server.base}/projector/{code}")
    names = ["Ana", "Ben", "Cy"]
    update = {"room": {"seats": [{"name": n} for n in names]}}
    params = {"champions": [0, 2, 1], "champion": 0}
    said = projector.evaluate(
        """async ([update, params]) => (await import('/static/render.js'))
              .explain(update, 'end.co_champions', params)""",
        [update, params],
    )
    catalogue = get_game("financity").state_class.catalogue
    expected = catalogue.render(msg("end.co_champions", **params), names.__getitem__)
    assert said == expected
    assert said.startswith("Met all four winner criteria; Ana, Cy and Ben tie on champion")
    assert projector.errors == []
