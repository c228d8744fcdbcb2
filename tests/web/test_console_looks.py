"""The console tells a refusal from a success at a glance (a refusal in the page's problem
colour, not the bold green of "Done"), offers no control the game does not have (Call time
for a game without a class period, a die for a game without dice), labels the take-back
button with what it does, and shows no internal words (room status ids, a bot's seat said
twice)."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page


def _console(browser: Any, server: ServerProcess, game: str, seats: list[Any]) -> Any:
    """The console of a new room whose learner seats are joined over the API (so a game
    with bots stops for them), not started."""
    reply = httpx2.post(f"{server.base}/api/rooms", json={"game": game, "seats": seats, "seed": 4})
    reply.raise_for_status()
    code, token = reply.json()["code"], reply.json()["trainer_token"]
    for i, seat in enumerate(seats):
        if seat["kind"] == "learner":
            joined = httpx2.post(f"{server.base}/api/rooms/{code}/join", json={"name": f"L{i}"})
            joined.raise_for_status()
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.wait_for_selector("#console:not([hidden])")
    return trainer


def _colour(page: Any, selector: str) -> str:
    colour: str = page.eval_on_selector(selector, "e => getComputedStyle(e).color")
    return colour


def test_a_refusal_looks_like_a_problem_and_a_success_does_not(
    browser: Any, server: ServerProcess
) -> None:
    bots = [{"kind": "bot", "bot": "saver"}, {"kind": "bot", "bot": "spender"}]
    trainer = _console(browser, server, "financialit", [{"kind": "learner"}, *bots])
    trainer.wait_for_selector("#turn:has-text('Room status: waiting to start')")
    assert "lobby" not in trainer.inner_text("#turn")
    seats = trainer.inner_text("#seats")
    assert "Spender bot" in seats and "(bot, spender bot)" not in seats, seats
    assert seats.lower().count("spender") == 1, seats

    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    trainer.wait_for_selector("#turn:has-text('Room status: playing')")
    good = _colour(trainer, "#said")
    problem = _colour(trainer, "#problem")

    trainer.click("[data-directive=pause]")
    trainer.wait_for_selector("#said:has-text('The game is paused')")
    trainer.click("[data-directive=pause]")  # paused already: refused
    trainer.wait_for_selector("#said:has-text('Not done')")
    assert _colour(trainer, "#said") == problem != good

    trainer.fill("#undo-count", "0")  # the console's own refusal, beside the control
    trainer.click("[data-directive=undo]")
    trainer.wait_for_selector("#undo-said:has-text('Not done')")
    assert _colour(trainer, "#undo-said") == problem
    trainer.click("[data-directive=resume]")
    trainer.wait_for_selector("#said:has-text('The game goes on.')")
    assert _colour(trainer, "#said") == good
    assert trainer.errors == []


def test_the_console_offers_only_the_controls_the_game_has(
    browser: Any, server: ServerProcess
) -> None:
    bots = [{"kind": "bot", "bot": "saver"}, {"kind": "bot", "bot": "saver"}]
    trainer = _console(browser, server, "financialit", [{"kind": "learner"}, *bots])
    assert trainer.locator("[data-directive=call_time]").count() == 0
    assert trainer.inner_text("[data-directive=undo]") == "Take back"
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    trainer.wait_for_function(
        "() => document.querySelector('#force-stream').placeholder.includes('events deck')"
    )
    for field in ("#force-stream", "#force-outcomes"):
        hint = trainer.get_attribute(field, "placeholder") or ""
        assert "die" not in hint and "6" not in hint, hint

    rut = _console(browser, server, "rut-to-riches", [{"kind": "learner"}] * 3)
    assert rut.locator("[data-directive=call_time]").count() == 1
