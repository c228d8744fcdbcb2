"""A class in real headless Chromium: the trainer creates a room, three learners join from
their own browser contexts, a bot takes the fourth seat, and a whole game of every
registered game is played to its end through the pages, with a reload and a server restart
on the way, axe-core on every page, and the screenshots taken when they are asked for
(``MONEYBOARD_SCREENSHOTS=1``, see docs/screenshots/README.md)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from moneyboard.registry import game_ids
from tests.server.process import ServerProcess
from tests.web.browser import (
    LAPTOP,
    PHONE,
    PROJECTOR,
    create_room,
    held_drawn,
    join,
    new_page,
    play,
    serious_violations,
    start_class,
    table_drawn,
)
from tests.web.conftest import screenshot

NAMES = ["Ada", "Bola", "Chen"]


@pytest.mark.parametrize("game", game_ids())
def test_a_whole_game_through_the_pages(
    browser: Any, server: ServerProcess, tmp_path: Path, game: str
) -> None:
    rng = random.Random(7)
    room = start_class(browser, server.base, game, NAMES, bots=1, seed=3)
    code, trainer, learners, projector = room.code, room.trainer, room.phones, room.projector
    for page in learners:
        page.wait_for_selector("#seat .family.yours")
    assert play(learners, rng, moves=6, seconds=60) == 6

    # Every page mid-game: no serious or critical accessibility problem, and a screenshot.
    for page in [trainer, projector, *learners]:
        assert serious_violations(page) == [], page.url
    screenshot(trainer, f"{game}-trainer")
    screenshot(projector, f"{game}-projector")
    screenshot(learners[0], f"{game}-phone")
    # What lies on the table (a market, the face-up cards, the card drawn) is drawn for the
    # class and on each phone, named as the game names it.
    table_drawn(projector, "#table", server.base, code, game)
    table_drawn(learners[0], "#seat", server.base, code, game)
    # And what the families hold, by name too.
    held_drawn(projector, server.base, code, game)
    for page, width in [(projector, PROJECTOR["width"]), *((p, PHONE["width"]) for p in learners)]:
        assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url

    # The trainer deals a chosen outcome on a stream the game has drawn from.
    stream = trainer.locator("#streams option").first.get_attribute("value")
    assert stream
    trainer.fill("#force-stream", stream)
    outcome = trainer.locator("#outcomes option").first.get_attribute("value")
    assert outcome
    trainer.fill("#force-outcomes", outcome)
    trainer.click("[data-directive=force]")
    trainer.wait_for_selector("#said:has-text('Queued:')")

    # A learner reloads: the same seat, the same family.
    seat = learners[1].get_attribute("#seat", "data-seat")
    learners[1].reload()
    learners[1].wait_for_selector("#seat[data-version]")
    assert learners[1].get_attribute("#seat", "data-seat") == seat
    assert NAMES[1] in learners[1].inner_text("#seat .family.yours h3")
    assert learners[1].locator("#join").is_hidden()

    # The server dies and comes back on the same database: every page carries on.
    version = int(learners[0].get_attribute("#seat", "data-version") or 0)
    server.kill()
    for page in learners:
        page.wait_for_selector("#connection:has-text('reconnecting')")
    restarted = ServerProcess(server.db_url, port=server.port)
    restarted.start()
    try:
        for page in [*learners, trainer, projector]:
            page.wait_for_selector("#connection:has-text('live')")
        assert int(learners[0].get_attribute("#seat", "data-version") or 0) >= version
        play(learners, rng, moves=None, seconds=240)
        for page in learners:
            page.wait_for_selector("#seat .result")
        projector.wait_for_selector("#turn .result")
        projector.wait_for_selector(f"#after:not([hidden]) a[href='/projector/{code}/debrief']")
        trainer.wait_for_selector("#turn .result")
    finally:
        restarted.stop()
    for page in [trainer, projector, *learners]:
        assert page.errors == [], page.url


def test_a_learner_cannot_reach_the_trainer_console(browser: Any, server: ServerProcess) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "financity", learners=2, bots=0, seed=1)
    learner = new_page(browser, PHONE)
    join(learner, server.base, code, "Dee")
    token = learner.evaluate("code => localStorage.getItem(`moneyboard.seat.${code}`)", code)
    assert token

    learner.goto(f"{server.base}/trainer/{code}")
    learner.wait_for_selector("#problem:has-text('trainer')")
    assert learner.locator("#console").is_hidden()

    # Even holding a seat's token, the console stays shut: the server says it is not the trainer.
    learner.goto("about:blank")
    learner.goto(f"{server.base}/trainer/{code}#{token}")
    learner.wait_for_selector("#problem:has-text('Only the trainer')")
    assert learner.locator("#console").is_hidden()
    assert learner.locator("[data-directive=start]").is_hidden()
    trainer.reload()
    trainer.wait_for_selector("#console:not([hidden])")
    trainer.wait_for_selector("#turn:has-text('Room status: waiting to start')")


def test_guided_mode_previews_the_money_and_explains_a_new_rule(
    browser: Any, server: ServerProcess
) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "monitics", learners=2, bots=0, seed=1)
    first, second = new_page(browser, PHONE), new_page(browser, PHONE)
    join(first, server.base, code, "Eve")
    join(second, server.base, code, "Femi")
    trainer.click("[data-directive=start]")
    first.wait_for_selector("#seat .family.yours.moving")
    first.check("#guided")
    version = first.get_attribute("#seat", "data-version")
    first.click("#seat button[data-action=pay_tax]")
    preview = first.locator("#seat .preview")
    preview.wait_for()
    assert "goes from $500 to $475" in preview.inner_text()
    assert first.locator("#seat .mechanic").count() == 1
    assert first.get_attribute("#seat", "data-version") == version  # nothing played yet
    first.click("#seat .preview button:has-text('Cancel')")
    first.click("#seat button[data-action=pay_tax]")
    assert first.locator("#seat .mechanic").count() == 0  # explained once only
    first.click("#seat [data-confirm]")
    first.wait_for_function(
        "v => document.querySelector('#seat').dataset.version !== v", arg=version
    )
    assert serious_violations(first) == []

    # Keyboard only: Tab to a choice, Enter to preview, Enter to confirm; the focus stays on
    # the seat's next choice after each redraw.
    first.uncheck("#guided")
    first.check("#guided")
    version = first.get_attribute("#seat", "data-version")
    for _ in range(12):
        first.keyboard.press("Tab")
        if first.evaluate("!!document.activeElement.dataset.action"):
            break
    assert first.evaluate("!!document.activeElement.dataset.action")
    first.keyboard.press("Enter")
    assert first.evaluate("document.activeElement.hasAttribute('data-confirm')")
    first.keyboard.press("Enter")
    first.wait_for_function(
        "v => document.querySelector('#seat').dataset.version !== v", arg=version
    )
    assert first.evaluate("!!document.activeElement.closest('#seat')")


def test_pages_without_a_room_and_the_forms_are_accessible(
    browser: Any, server: ServerProcess
) -> None:
    page = new_page(browser, PHONE)
    for path in ["/", "/play", "/trainer"]:
        page.goto(server.base + path)
        assert serious_violations(page) == [], path
    response = page.goto(f"{server.base}/play/NOPE99")
    assert response is not None and response.status == 404
    assert "There is no room with the code NOPE99." in page.inner_text("main")
    page.goto(f"{server.base}/play")
    page.fill("#code", "zzzzzz")
    page.fill("#name", "Gus")
    page.click("#join button[type=submit]")
    page.wait_for_selector("#problem:has-text('no room')")
    # The server's message, as a sentence on the page.
    assert page.inner_text("#problem") == "There is no room with the code ZZZZZZ."
    assert page.errors == []
