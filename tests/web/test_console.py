"""The trainer's controls through the console, the hotseat page, and what learners see of
them: pause and resume, take back, a bot in a seat, a seat moved to a new device, a refused
forced outcome, deleting the room."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import (
    LAPTOP,
    PHONE,
    PROJECTOR,
    apply_seat,
    create_room,
    join,
    mover_of,
    new_page,
    serious_violations,
)


def said(trainer: Any, text: str) -> str:
    trainer.wait_for_selector(f"#said:has-text('{text}')")
    return str(trainer.inner_text("#said"))


def test_the_trainers_controls_reach_the_learners(browser: Any, server: ServerProcess) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "financity", learners=2, bots=0, seed=2)
    assert serious_violations(trainer) == []
    ada, bola = new_page(browser, PHONE), new_page(browser, PHONE)
    join(ada, server.base, code, "Ada")
    join(bola, server.base, code, "Bola")
    trainer.click("[data-directive=start]")
    said(trainer, "The game has started.")
    ada.wait_for_selector("#seat button[data-action]")

    trainer.click("[data-directive=pause]")
    said(trainer, "The game is paused")
    ada.wait_for_selector("#seat .turn:has-text('Paused by the trainer')")
    assert ada.locator("#seat button[data-action]").count() == 0
    trainer.click("[data-directive=resume]")
    said(trainer, "The game goes on.")
    ada.wait_for_selector("#seat button[data-action]")

    version = ada.get_attribute("#seat", "data-version")
    ada.locator("#seat button[data-action]").first.click()
    ada.wait_for_function("v => document.querySelector('#seat').dataset.version !== v", arg=version)
    trainer.click("[data-directive=undo]")
    said(trainer, "Done: took back 1 move")
    ada.wait_for_selector("#seat .turn:has-text('Paused by the trainer')")
    trainer.click("[data-directive=resume]")
    ada.wait_for_selector("#seat button[data-action]")

    # Every deck the game still draws from is offered, and each of its cards, by their names
    # (a suggestion fills the field with its value, and Chromium shows the value large).
    trainer.wait_for_selector("#streams option[value='events deck']", state="attached")
    # Typed by their identifiers, then by their names as the lists show them: the same deck
    # and card. The deck holds one Broken Leg: another card the list offers is typed by name.
    trainer.fill("#force-stream", "deck:events")
    trainer.wait_for_selector("#outcomes option[value='Broken Leg']", state="attached")
    other = trainer.eval_on_selector_all(
        "#outcomes option:not([value='Broken Leg'])", "os => os[0].value"
    )
    typed = [("deck:events", "hospital", "Broken Leg"), ("Events deck", other.lower(), other)]
    for stream, outcome, name in typed:
        trainer.fill("#force-stream", stream)
        trainer.wait_for_selector("#outcomes option[value='Broken Leg']", state="attached")
        trainer.fill("#force-outcomes", outcome)
        trainer.click("[data-directive=force]")
        said(trainer, f"Queued: {name} next on the events deck")
        trainer.evaluate("() => { document.querySelector('#said').textContent = '' }")
    token = trainer.evaluate("code => localStorage.getItem(`moneyboard.trainer.${code}`)", code)
    forced = httpx2.get(
        f"{server.base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"}
    ).json()["view"]["forced"]
    assert forced["deck:events"][0] == "hospital" and len(forced["deck:events"]) == 2, forced
    assert "hospital" not in forced["deck:events"][1:] and " " not in forced["deck:events"][1]

    trainer.fill("#force-stream", "no-such-stream")
    trainer.fill("#force-outcomes", "1")
    trainer.click("[data-directive=force]")
    assert "no-such-stream" in said(trainer, "Not done")

    # Bola's seat goes to a bot, then back to Bola.
    row = trainer.locator("#seats li", has_text="Bola")
    row.locator("select").select_option("saver")
    row.locator("button:has-text('Apply')").click()
    said(trainer, "seat is now played by a saver bot.")
    assert trainer.inner_text("#said") == "Bola's seat is now played by a saver bot."
    trainer.wait_for_selector("#seats li:has-text('saver bot')")
    # The bot may be moving meanwhile: the choice and its Apply go in one step.
    apply_seat(trainer.locator("#seats li", has_text="Bola"), "")
    trainer.wait_for_selector("#seats li:has-text('Bola'):not(:has-text('saver bot'))")

    # Ada moves to another device: the old phone is shut out, the new link plays her seat.
    row = trainer.locator("#seats li", has_text="Ada")
    row.locator("button:has-text('Move to another device')").click()
    link = row.locator(".rejoin")
    link.wait_for()
    trainer.wait_for_function("() => document.querySelector('.rejoin').textContent.includes('/')")
    url = link.inner_text().split("New link: ", 1)[1].strip()
    ada.wait_for_selector("#problem:not(:empty)")
    phone = new_page(browser, PHONE)
    phone.goto(url)
    phone.wait_for_selector("#seat .family.yours h3:has-text('Ada')")

    trainer.on("dialog", lambda dialog: dialog.accept())
    trainer.click("#delete")
    trainer.wait_for_url(f"{server.base}/trainer")
    phone.wait_for_selector("#problem:has-text('deleted')")
    assert phone.inner_text("#problem") == "The trainer deleted this room."
    assert phone.inner_text("#connection") == "room deleted"
    for page in [trainer, bola, phone]:
        assert page.errors == [], page.url


def test_hotseat_passes_one_device_round(browser: Any, server: ServerProcess) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "financity", learners=2, bots=1, seed=4)
    device = new_page(browser, PHONE)
    device.goto(f"{server.base}/hotseat/{code}")
    device.fill("#name-0", "Kemi")
    device.fill("#name-1", "Lars")
    device.click("#names button[type=submit]")
    device.wait_for_selector("#names", state="hidden")
    trainer.click("[data-directive=start]")
    said(trainer, "The game has started.")
    names = {"0": "Kemi", "1": "Lars"}
    device.wait_for_selector("#pass:not([hidden])")
    passes = 0
    for move in range(6):
        device.wait_for_selector("#pass:not([hidden]), #seat .family.yours.moving")
        if device.locator("#pass").is_visible():
            passes += 1
            who = device.inner_text("#pass-name")
            assert device.locator("#seat button").count() == 0  # hidden until they say so
            device.click("#ready")
            device.wait_for_selector("#seat .family.yours.moving")
            assert names[device.get_attribute("#seat", "data-seat") or ""] == who
        if move == 0:
            assert serious_violations(device) == []
        version = device.get_attribute("#seat", "data-version")
        device.locator("#seat button[data-action]").first.click()
        device.wait_for_function(
            "v => document.querySelector('#seat').dataset.version !== v"
            " || !document.querySelector('#pass').hidden",
            arg=version,
        )
    assert passes >= 2
    assert device.errors == []


def test_the_learner_asked_sees_the_time_left_count_down(
    browser: Any, server: ServerProcess
) -> None:
    trainer = new_page(browser, LAPTOP)
    code = create_room(trainer, server.base, "monitics", learners=2, bots=0, seed=3)
    phones = [new_page(browser, PHONE), new_page(browser, PHONE)]
    for phone, name in zip(phones, ["Ife", "Jo"], strict=True):
        join(phone, server.base, code, name)
    trainer.click("[data-directive=start]")
    said(trainer, "The game has started.")
    trainer.fill("#timer", "40")
    trainer.click("[data-directive=timer]")
    said(trainer, "Done: each decision now has 40 seconds")
    asked = mover_of(phones)
    waiting = next(p for p in phones if p is not asked)
    asked.wait_for_selector("#seat .time-left:has-text('Time left:')")
    first = int(asked.inner_text("#seat .time-left").split(":")[1].split()[0])
    assert 30 <= first <= 40
    asked.wait_for_function(
        "n => parseInt(document.querySelector('#seat .time-left').textContent.split(':')[1]) < n",
        arg=first,
    )
    assert waiting.locator("#seat .time-left").count() == 0
    # The projector shows the class who is on the clock.
    name = (asked.get_attribute("#seat .family.yours", "aria-label") or "").split(" ·")[0]
    projector = new_page(browser, PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector(f"#turn .time-left:has-text('{name} has ')")
    trainer.wait_for_selector(f"#turn .time-left:has-text('{name} has ')")
    assert asked.errors == [] and waiting.errors == [] and projector.errors == []
    assert trainer.errors == []
