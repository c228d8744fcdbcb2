"""The zones of FinanciaLit's and FinanCity's boards on the projector: each name in whole
words ("Investments", never "Investment" and "s" on two lines), smaller where it must be, and
FinanciaLit's locations by the names its buttons and moves give them ("Payable Bills")."""

from __future__ import annotations

from typing import Any

import pytest

from moneyboard.registry import get_game
from moneyboard.web.art import game_art
from tests.server.process import ServerProcess
from tests.web.browser import new_page, started_room
from tests.web.test_long_names import BROKEN_WORDS, SPILLS


def test_financialit_zones_are_named_as_the_buttons_name_them() -> None:
    zones = {z["id"]: z["label"] for z in game_art("financialit")["board"]["zones"]}
    content = get_game("financialit").state_class.content  # type: ignore[attr-defined]
    assert zones == {loc.id: loc.name for loc in content.locations}
    assert zones["pay_bills"] == "Payable Bills"


@pytest.mark.parametrize("game", ["financialit", "financity"])
@pytest.mark.parametrize("screen", [(1280, 720), (1366, 768), (390, 844)], ids=str)
def test_zone_names_break_between_words_only(
    browser: Any, server: ServerProcess, game: str, screen: tuple[int, int]
) -> None:
    code = started_room(server.base, game, [f"Learner {seat + 1}" for seat in range(3)])
    projector = new_page(browser, {"width": screen[0], "height": screen[1]})
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector("#board .zone-name")
    projector.wait_for_timeout(100)  # fitted once the board is drawn
    assert projector.evaluate(BROKEN_WORDS, "#board .zone-name") == []
    assert projector.evaluate(SPILLS, "#board .zone-name") == []
    assert projector.errors == []
