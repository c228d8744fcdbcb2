"""Joining and coming back from the pages: a class fills its own seats and then its teams,
the phone and the projector's lobby say who has joined, a link that opens no seat is dropped
(with the join form offered again), the join page checks the code, and a room the trainer
ended says so on pages opened later."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, PHONE, join, new_page


def _room(base: str, game: str, seats: list[dict[str, str]]) -> tuple[str, str]:
    reply = httpx2.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": 4})
    reply.raise_for_status()
    return reply.json()["code"], reply.json()["trainer_token"]


def test_learners_join_a_team_once_their_own_seats_are_taken(
    browser: Any, server: ServerProcess
) -> None:
    seats = [{"kind": "learner"}, {"kind": "team", "name": "Blue"}, {"kind": "learner"}]
    code, trainer_token = _room(server.base, "financialit", seats)
    projector = new_page(browser, LAPTOP)
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector("#turn:has-text('Nobody yet.')")
    phones = [new_page(browser, PHONE) for _ in range(4)]
    for phone, name in zip(phones, ["Ana", "Ben", "Cy", "Dee"], strict=True):
        join(phone, server.base, code, name)
    phones[0].wait_for_selector("#seat .joined:has-text('You joined as Ana.')")
    for phone, name in [(phones[2], "Cy"), (phones[3], "Dee")]:
        phone.wait_for_selector(
            f"#seat .joined:has-text('You joined as {name}, in the team Blue.')"
        )
    projector.wait_for_selector("#turn:has-text('Ana and Ben.')")
    assert "Teams to join: Blue." in projector.inner_text("#turn")
    started = httpx2.post(
        f"{server.base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {trainer_token}"},
    )
    assert started.status_code == 200, started.text
    for phone in (phones[2], phones[3]):
        phone.wait_for_selector("#seat .family.yours h3:has-text('Blue')")
    for page in [projector, *phones]:
        assert page.errors == [], page.url


def test_a_link_that_opens_no_seat_is_dropped_and_the_join_form_comes_back(
    browser: Any, server: ServerProcess
) -> None:
    code, _ = _room(server.base, "financialit", [{"kind": "learner"}] * 3)
    phone = new_page(browser, PHONE)
    phone.goto(f"{server.base}/play/{code}#garbage")
    phone.wait_for_selector("#problem:has-text('This seat is now on another device')")
    text = phone.inner_text("#problem")
    assert "token" not in text.lower() and ".." not in text and "ask the trainer" in text
    phone.wait_for_selector("#join:not([hidden])")
    stored = phone.evaluate("c => localStorage.getItem(`moneyboard.seat.${c}`)", code)
    assert stored is None and "#" not in phone.url
    phone.fill("#name", "Ana")
    phone.click("#join button[type=submit]")
    phone.wait_for_selector("#seat .joined:has-text('You joined as Ana.')")
    # Reloaded, the new seat's link is the one kept.
    phone.goto(f"{server.base}/play/{code}")
    phone.wait_for_selector("#seat .joined:has-text('You joined as Ana.')")
    assert phone.errors == []


def test_a_phone_whose_seat_moved_loses_its_buttons(browser: Any, server: ServerProcess) -> None:
    code, trainer_token = _room(server.base, "financialit", [{"kind": "learner"}] * 3)
    phones = [new_page(browser, PHONE) for _ in range(3)]
    for phone, name in zip(phones, ["Ana", "Ben", "Cy"], strict=True):
        join(phone, server.base, code, name)
    auth = {"Authorization": f"Bearer {trainer_token}"}
    start = {"directive": {"type": "start"}}
    httpx2.post(f"{server.base}/api/rooms/{code}/directives", json=start, headers=auth)
    phones[0].wait_for_selector("#seat button[data-action]")
    moved = httpx2.post(f"{server.base}/api/rooms/{code}/seats/0/device", headers=auth)
    assert moved.status_code == 200
    phones[0].wait_for_selector("#problem:has-text('This seat is now on another device')")
    assert phones[0].locator("#seat button").count() == 0
    assert phones[0].locator("#join:not([hidden])").count() == 0  # the game has started
    assert phones[0].errors == []


def test_the_join_page_checks_the_code_before_asking(browser: Any, server: ServerProcess) -> None:
    phone = new_page(browser, PHONE)
    phone.goto(f"{server.base}/play")
    asked: list[str] = []
    phone.on("request", lambda r: asked.append(r.url) if "/api/" in r.url else None)
    phone.fill("#name", "Ana")
    phone.click("#join button[type=submit]")
    phone.wait_for_selector("#problem:has-text('Type the join code')")
    phone.fill("#code", "../../api/rooms")
    phone.click("#join button[type=submit]")
    phone.wait_for_selector("#problem:has-text('only letters and digits')")
    assert asked == []
    assert "team" in phone.inner_text("#seating")
    assert phone.errors == []


def test_a_room_the_trainer_ended_says_so_on_pages_opened_later(
    browser: Any, server: ServerProcess
) -> None:
    trainer = new_page(browser, LAPTOP)
    code, trainer_token = _room(server.base, "financialit", [{"kind": "learner"}] * 3)
    phones = [new_page(browser, PHONE) for _ in range(3)]
    for phone, name in zip(phones, ["Ana", "Ben", "Cy"], strict=True):
        join(phone, server.base, code, name)
    trainer.goto(f"{server.base}/trainer/{code}#{trainer_token}")
    trainer.click("[data-directive=start]")
    trainer.wait_for_selector("#said:has-text('The game has started.')")
    # "End the game" asks first; dismissed, nothing happens.
    answers = iter([False, True])
    trainer.on("dialog", lambda d: d.accept() if next(answers) else d.dismiss())
    trainer.click("[data-directive=end]")
    trainer.wait_for_timeout(300)
    assert "Room status: playing" in trainer.inner_text("#turn")
    trainer.click("[data-directive=end]")
    trainer.wait_for_selector("#turn:has-text('Room status: ended by the trainer')")
    for page in (phones[0], new_page(browser, PHONE)):
        token = phones[0].evaluate("c => localStorage.getItem(`moneyboard.seat.${c}`)", code)
        page.goto(f"{server.base}/play/{code}#{token}")
        page.wait_for_selector("#seat .turn:has-text('The trainer has ended the game')")
        assert page.locator("#seat button[data-action], #seat button[data-vote]").count() == 0
        assert page.locator("#seat .badge").count() == 0
        assert page.locator("#seat a[href$='/debrief']").count() == 1
    projector = new_page(browser, LAPTOP)
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector("#turn:has-text('The trainer has ended the game')")
    for page in [trainer, projector, *phones]:
        assert page.errors == [], page.url
