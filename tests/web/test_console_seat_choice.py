"""The console's seat list is drawn again on every update (a bot's move): a choice of who
plays a seat, made and not applied yet, stays chosen until Apply sends it."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page
from tests.web.test_console_fields import monitics_room_ana_joined


def test_a_seat_choice_not_applied_yet_survives_an_update(
    browser: Any, server: ServerProcess
) -> None:
    code, token = monitics_room_ana_joined(server)
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    ana = trainer.locator("#seats li").nth(0)
    ana.locator("select").select_option("saver")
    # An update draws the list again (here a timer set over the API, as a bot's move would).
    ana.evaluate("li => { li.dataset.before = 'yes' }")
    httpx2.post(
        f"{server.base}/api/rooms/{code}/directives",
        json={"directive": {"type": "timer", "seconds": 600}},
        headers={"Authorization": f"Bearer {token}"},
    ).raise_for_status()
    trainer.wait_for_selector("#seats li:nth-child(1):not([data-before])")
    assert ana.locator("select").input_value() == "saver"
    ana.locator("button:has-text('Apply')").click()
    trainer.wait_for_selector("#said:has-text('played by')")
    view = httpx2.get(
        f"{server.base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert view["room"]["seats"][0]["bot"] == "saver"
    # Applied, the list shows what the server says again, update after update.
    ana.evaluate("li => { li.dataset.before = 'yes' }")
    httpx2.post(
        f"{server.base}/api/rooms/{code}/directives",
        json={"directive": {"type": "timer", "seconds": 0}},
        headers={"Authorization": f"Bearer {token}"},
    ).raise_for_status()
    trainer.wait_for_selector("#seats li:nth-child(1):not([data-before])")
    assert ana.locator("select").input_value() == "saver"
    assert trainer.errors == []
