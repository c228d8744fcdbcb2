"""The console's fields: a value the server would refuse is told beside its control and the
console stays; the timer can be set, turned off, or given back to the game's own rules."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, PHONE, apply_seat, new_page


def monitics_room_ana_joined(server: ServerProcess) -> tuple[str, str]:
    """A Monitics room of a learner seat (Ana has joined it) and a bot: its code and the
    trainer's token."""
    seats = [{"kind": "learner"}, {"kind": "bot", "bot": "random"}]
    created = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "monitics", "seats": seats, "seed": 2}
    ).json()
    code, token = created["code"], created["trainer_token"]
    httpx2.post(f"{server.base}/api/rooms/{code}/join", json={"name": "Ana"})
    return str(code), str(token)


def started_console(browser: Any, server: ServerProcess) -> tuple[str, str, Any]:
    """A Monitics room (Ana and a bot) started from its console: code, token, console page."""
    code, token = monitics_room_ana_joined(server)
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    return code, token, trainer


def redraw_seats(server: ServerProcess, code: str, token: str, trainer: Any, row: int) -> None:
    """Cause an update (a timer set over the API, as a bot's move would) and wait until the
    console has drawn seat ``row`` (from 1) again."""
    trainer.locator(f"#seats li:nth-child({row})").evaluate("li => { li.dataset.before = 'yes' }")
    httpx2.post(
        f"{server.base}/api/rooms/{code}/directives",
        json={"directive": {"type": "timer", "seconds": 600}},
        headers={"Authorization": f"Bearer {token}"},
    ).raise_for_status()
    trainer.wait_for_selector(f"#seats li:nth-child({row}):not([data-before])")


def test_a_refused_control_says_why_beside_it_and_the_console_stays(
    browser: Any, server: ServerProcess
) -> None:
    code, token = monitics_room_ana_joined(server)
    auth = {"Authorization": f"Bearer {token}"}
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")

    def timer() -> Any:
        return httpx2.get(f"{server.base}/api/rooms/{code}/view", headers=auth).json()["room"][
            "timer"
        ]

    rules = timer()  # None: Monitics' own clock, two minutes a turn
    for typed in ["", "-5", "4000", "2.5"]:
        trainer.fill("#timer", typed)
        trainer.click("[data-directive=timer]")
        trainer.wait_for_selector("#timer-said:has-text('a whole number from 1 to 3600')")
        assert trainer.is_visible("#console")
        trainer.evaluate("() => { document.querySelector('#timer-said').textContent = '' }")
    assert timer() == rules
    trainer.fill("#undo-count", "0")
    trainer.click("[data-directive=undo]")
    trainer.wait_for_selector("#undo-said:has-text('from 1 to 50')")
    trainer.click("[data-directive=force]")
    trainer.wait_for_selector("#force-said:has-text('Choose the deck or the die')")
    assert trainer.is_visible("#console")
    assert "field" not in trainer.inner_text("#console")

    trainer.fill("#timer", "45")
    trainer.click("[data-directive=timer]")
    trainer.wait_for_selector("#timer-said:has-text('Done: each decision now has 45 seconds.')")
    assert timer() == 45
    trainer.click("[data-directive=timer_off]")
    trainer.wait_for_selector("#timer-said:has-text('Done: timers are off.')")
    trainer.wait_for_selector("#events li:has-text('Turn timers are off')")
    trainer.click("[data-directive=timer_rules]")
    trainer.wait_for_selector('#timer-said:has-text("Done: back to the game\'s own timers.")')
    trainer.wait_for_selector('#events li:has-text("Turn timers follow the game\'s rules again")')
    assert timer() == rules

    trainer.fill("#force-stream", "die")
    trainer.fill("#force-outcomes", "6")
    trainer.click("[data-directive=force]")
    trainer.wait_for_selector("#force-said:has-text('Queued: 6 next on the')")
    assert trainer.errors == []


def test_a_bot_seat_given_to_a_person_can_be_moved_to_a_device(
    browser: Any, server: ServerProcess
) -> None:
    code, token, trainer = started_console(browser, server)
    # The server gives a bot's seat to a person only once it is on a device: so the seat
    # gets its link first, then "a person".
    row = trainer.locator("#seats li").nth(1)
    row.locator("button:has-text('Move to another device')").click()
    trainer.wait_for_selector("#seats li .rejoin:has-text('New link:')")
    # The next update (here, a timer set over the API) draws the list again: the link stays.
    redraw_seats(server, code, token, trainer, 2)
    shown = row.locator(".rejoin").inner_text()
    link = shown.split("New link: ", 1)[1].strip()
    # The bot may be moving meanwhile: the choice and its Apply go in one step.
    apply_seat(row, "")
    trainer.wait_for_selector("#said:has-text('is now played by a person.')")
    phone = new_page(browser, PHONE)
    phone.goto(link)
    phone.wait_for_selector("#seat .family.yours")
    assert trainer.errors == [] and phone.errors == []
