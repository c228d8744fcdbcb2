"""The console's seat list is drawn again on every update (a bot's move): a choice of who
plays a seat, made and not applied yet, stays chosen until Apply sends it."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.test_console_fields import redraw_seats, started_console


def test_a_seat_choice_not_applied_yet_survives_an_update(
    browser: Any, server: ServerProcess
) -> None:
    code, token, trainer = started_console(browser, server)
    ana = trainer.locator("#seats li").nth(0)
    ana.locator("select").select_option("saver")
    redraw_seats(server, code, token, trainer, 1)
    assert ana.locator("select").input_value() == "saver"
    ana.locator("button:has-text('Apply')").click()
    trainer.wait_for_selector("#said:has-text('played by')")
    view = httpx2.get(
        f"{server.base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()
    assert view["room"]["seats"][0]["bot"] == "saver"
    # Applied, the list shows what the server says again, update after update.
    redraw_seats(server, code, token, trainer, 1)
    assert ana.locator("select").input_value() == "saver"
    assert trainer.errors == []
