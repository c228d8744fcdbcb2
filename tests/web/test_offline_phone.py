"""A phone that loses the class server, in real headless Chromium: it says plainly that it is
reconnecting and greys its buttons (no tapping into nothing), then gives them back as soon
as the server answers again."""

from __future__ import annotations

import re
from typing import Any

from tests.server.process import ServerProcess
from tests.web.browser import expect, mover_of, start_class

LOST = "Lost contact with the class server: reconnecting…"


def test_a_phone_without_the_server_greys_its_buttons(browser: Any, server: ServerProcess) -> None:
    room = start_class(browser, server.base, "financity", ["Ana", "Ben"], seed=3)
    phone = mover_of(room.phones)
    down = [False]
    routes: list[Any] = []

    def route(ws: Any) -> None:
        if down[0]:
            ws.close()
            return
        routes.append(ws)
        ws.connect_to_server()

    phone.route_web_socket(re.compile(r"/ws/"), route)
    phone.reload()
    phone.wait_for_selector("#seat button[data-action]:not([disabled])")
    down[0] = True
    routes[-1].close()  # the server is gone (a restart, a dropped network)
    expect(phone.locator("#seat .offline")).to_contain_text(LOST)
    buttons = phone.locator("#seat button")
    assert buttons.count() > 0
    assert phone.locator("#seat button:not([disabled])").count() == 0
    down[0] = False  # back: the next try connects
    expect(phone.locator("#seat .offline")).to_have_count(0, timeout=10_000)
    expect(phone.locator("#seat button[data-action]:not([disabled])").first).to_be_visible()
    assert phone.errors == []
