"""What the console says a control did: a sentence a trainer reads ("Ben's seat is now played
by a saver bot."), never the directive's bare name ("Done: Seat.")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, PHONE, apply_seat, join, new_page


def _room(base: str, game: str, seats: list[dict[str, str]]) -> tuple[str, str]:
    reply = httpx2.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": 4})
    reply.raise_for_status()
    return reply.json()["code"], reply.json()["trainer_token"]


def _said_after(trainer: Any, press: str | Callable[[], None], expected: str) -> None:
    """Press a control (a CSS selector, or what presses it) and wait until the console says
    ``expected``."""
    trainer.evaluate("() => { document.querySelector('#said').textContent = '' }")
    if callable(press):
        press()
    else:
        trainer.click(press)
    trainer.wait_for_function("() => document.querySelector('#said').textContent !== ''")
    said = trainer.inner_text("#said")
    assert said == expected, said


def test_each_control_says_what_it_did_in_words(browser: Any, server: ServerProcess) -> None:
    code, token = _room(server.base, "rut-to-riches", [{"kind": "learner"}] * 3)
    phones = [new_page(browser, PHONE) for _ in range(3)]
    for phone, name in zip(phones, ["Ana", "Ben", "Cy"], strict=True):
        join(phone, server.base, code, name)
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.wait_for_selector("#console:not([hidden])")

    _said_after(trainer, "[data-directive=start]", "The game has started.")
    _said_after(
        trainer, "[data-directive=pause]", "The game is paused: no moves until you resume it."
    )
    _said_after(trainer, "[data-directive=resume]", "The game goes on.")

    row = trainer.locator("#seats li", has_text="Ben")
    row.locator("select").select_option("saver")
    _said_after(
        trainer,
        "#seats li:has-text('Ben') button:has-text('Apply')",
        "Ben's seat is now played by a saver bot.",
    )
    trainer.wait_for_selector("#seats li:has-text('saver bot')")
    # Ben's bot may be moving now: each choice goes with its Apply in one step.
    row = trainer.locator("#seats li", has_text="Ben")
    _said_after(
        trainer,
        lambda: apply_seat(row, "risk-taker"),
        "Ben's seat is now played by a risk-taker bot.",
    )
    _said_after(trainer, lambda: apply_seat(row, ""), "Ben's seat is now played by a person again.")

    _said_after(
        trainer, "[data-directive=call_time]", "Time is called: the game ends as its rules say."
    )
    trainer.on("dialog", lambda dialog: dialog.accept())
    _said_after(trainer, "[data-directive=end]", "The game has ended: it takes no more moves.")
    assert trainer.errors == []


def test_queued_cards_are_listed_until_drawn_and_the_list_is_asked_again(
    browser: Any, server: ServerProcess
) -> None:
    code, token = _room(server.base, "financialit", [{"kind": "learner"}] * 3)
    seats = {}
    for name in ["Ana", "Ben", "Cy"]:
        joined = httpx2.post(f"{server.base}/api/rooms/{code}/join", json={"name": name})
        seats[joined.json()["seat"]] = joined.json()["token"]
    trainer = new_page(browser, LAPTOP)
    asked: list[str] = []
    trainer.on("request", lambda r: asked.append(r.url) if r.url.endswith("/chance") else None)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.wait_for_selector("#console:not([hidden])")
    _said_after(trainer, "[data-directive=start]", "The game has started.")
    trainer.wait_for_selector("#streams option[value='events deck']", state="attached")
    before = len(asked)

    trainer.fill("#force-stream", "Events deck")
    trainer.fill("#force-outcomes", "fire")
    trainer.click("[data-directive=force]")
    trainer.wait_for_selector("#force-said:has-text('Queued: Fire Disaster next')")
    # A card is checked against the whole deck: the console says what happens if it has left.
    assert trainer.inner_text("#force-said") == (
        "Queued: Fire Disaster next on the events deck."
        " If it has left the deck by then, that draw is left to chance."
    )
    trainer.wait_for_selector(
        "#force-queued:has-text('Queued, not drawn yet: Fire Disaster on the events deck.')"
    )
    # The deck holds one Fire Disaster, queued already: a second is refused at once, in words.
    trainer.fill("#force-outcomes", "Fire Disaster, flu")
    trainer.click("[data-directive=force]")
    trainer.wait_for_selector(
        "#force-said:has-text('Not done: Fire Disaster is already chosen as often as the"
        " events deck holds it.')"
    )
    # What is queued stays in sight, and grows with what the deck can still give.
    trainer.fill("#force-outcomes", "flu")
    trainer.click("[data-directive=force]")
    trainer.wait_for_selector(
        "#force-queued:has-text('Queued, not drawn yet: Fire Disaster, then Flu Season"
        " on the events deck.')"
    )
    # What chance may still give is asked for again after a change to it, not once for all.
    assert len(asked) > before, asked
    # What was queued left the field, and once the game moves on the control's answer goes
    # (it is old news); what is still queued stays listed.
    assert trainer.input_value("#force-outcomes") == ""
    assert trainer.inner_text("#force-said").startswith("Queued: Flu Season next")
    view = httpx2.get(f"{server.base}/api/rooms/{code}/view").json()
    mover = view["view"]["to_move"][0]
    mine = httpx2.get(
        f"{server.base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {seats[mover]}"}
    ).json()
    httpx2.post(
        f"{server.base}/api/rooms/{code}/actions",
        json={"action": mine["legal"][0]["action"], "version": mine["version"]},
        headers={"Authorization": f"Bearer {seats[mover]}"},
    ).raise_for_status()
    trainer.wait_for_function("() => document.querySelector('#force-said').textContent === ''")
    assert "Queued, not drawn yet:" in trainer.inner_text("#force-queued")
    assert trainer.errors == []
