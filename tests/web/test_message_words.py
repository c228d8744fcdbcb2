"""A game's sentence worded by the page as the server words it: several seats named in one
placeholder (``{champions:seats}``)."""

from __future__ import annotations

import json
from typing import Any

import httpx2

from moneyboard.engine.messages import msg
from moneyboard.engine.offers import Propose
from moneyboard.registry import get_game
from moneyboard.terminal.render import decision_line
from tests.games.rut_to_riches.helpers import act, set_cash
from tests.games.rut_to_riches.test_rulings import opportunity
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


def test_the_page_words_a_free_offer_as_the_server_does(
    browser: Any, server: ServerProcess
) -> None:
    """Rut to Riches: the headline of the other seats and the projector read a card offered
    for no commission as "... for a $0 commission" while the buyer's own prompt read it
    without one; both now read the game's sentence for a free offer, and a priced offer
    still names its commission."""
    seats = [{"kind": "learner"}] * 2
    code = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "rut-to-riches", "seats": seats}
    ).json()["code"]
    projector = new_page(browser, LAPTOP)
    projector.goto(f"{server.base}/projector/{code}")
    for commission in (0, 500):
        state = opportunity("re_condo_2br")
        set_cash(state, 1, 10_000)
        act(state, 0, Propose(1, "sell", "re_condo_2br", commission))
        update = json.loads(json.dumps({"view": state.view(None)}))
        said = projector.evaluate(
            """async (update) => (await import('/static/render.js'))
                  .decisionSentence(update, [1])""",
            update,
        )
        assert said == decision_line(state, 1)
        assert ("$0" in said, "no commission" in said) == (False, commission == 0), said
    assert projector.errors == []
