"""A class vote the game leaves behind, in real headless Chromium: the trainer's take-back
withdraws the open vote and the projector and the voter's phone say so (never "None"); a
vote sent just as the family on turn chose is told "Too late: Anna has already chosen"
above the choices, and nothing else changes."""

from __future__ import annotations

import time
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import HeldUpdates, my_turn, start_class


def token_of(page: Any, code: str, kind: str = "seat") -> str:
    """The token a page keeps for the room (a seat's, or the console's: ``trainer``)."""
    script = "([kind, code]) => localStorage.getItem(`moneyboard.${kind}.${code}`)"
    return str(page.evaluate(script, [kind, code]))


def update_of(base: str, code: str, token: str) -> dict[str, Any]:
    reply = httpx2.get(
        f"{base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {token}"}
    )
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def play(base: str, code: str, token: str) -> None:
    """The seat of ``token`` plays its first choice."""
    update = update_of(base, code, token)
    body = {"action": update["legal"][0]["action"], "version": update["version"]}
    reply = httpx2.post(
        f"{base}/api/rooms/{code}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    reply.raise_for_status()


def movers(phones: list[Any]) -> list[int]:
    """The phones whose family is asked now, once one shows it."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        found = [i for i, phone in enumerate(phones) if my_turn(phone)]
        if found:
            return found
        phones[0].wait_for_timeout(100)
    raise AssertionError("no phone shows its family to move")


def test_a_take_back_withdraws_the_vote_in_words(browser: Any, server: ServerProcess) -> None:
    names = ["Anna", "Bilal", "Chioma"]
    room = start_class(browser, server.base, "monitics", names, seed=1)
    base, code, phones, projector = server.base, room.code, room.phones, room.projector
    for phone in phones:
        phone.wait_for_selector("#seat .family.yours")
    first = movers(phones)[0]
    play(base, code, token_of(phones[first], code))  # a move the trainer can take back
    version = update_of(base, code, token_of(phones[first], code))["version"]
    for phone in phones:
        phone.wait_for_selector(f"#seat[data-version='{version}']")
    mover = movers(phones)[0]
    voter = phones[(mover + 1) % 3]
    voter.locator("#seat .class-vote button[data-vote]").first.click()
    voter.wait_for_selector("#seat .vote-sent")
    projector.wait_for_selector("#vote:has-text('1 voted so far')")

    trainer = {"Authorization": f"Bearer {token_of(room.trainer, code, 'trainer')}"}
    directive = {"directive": {"type": "undo", "count": 1}}
    httpx2.post(
        f"{base}/api/rooms/{code}/directives", json=directive, headers=trainer
    ).raise_for_status()

    said = (
        f"Withdrawn: the trainer took back a move before {names[mover]}'s family decided, "
        "so this vote no longer counts."
    )
    for page, where in ((projector, "#vote"), (voter, "#seat .vote")):
        page.wait_for_selector(f"{where} .vote-closed")
        text = page.inner_text(where)
        assert said in text, text
        assert "None" not in text and "chose:" not in text, text
    for page in [room.trainer, projector, *phones]:
        assert page.errors == [], page.url


def test_a_vote_sent_as_the_family_chooses_is_too_late(browser: Any, server: ServerProcess) -> None:
    names = ["Anna", "Bilal", "Chioma"]
    room = start_class(browser, server.base, "monitics", names, seed=1)
    base, code, phones = server.base, room.code, room.phones
    for phone in phones:
        phone.wait_for_selector("#seat .family.yours")
    mover = movers(phones)[0]
    voter = phones[(mover + 1) % 3]
    # The voter's phone hears nothing from the server for a moment (a slow network): it
    # still shows the vote on the decision the family is about to take.
    updates = HeldUpdates(voter, holding=True)
    voter.reload()
    updates.holding = False
    voter.wait_for_selector("#seat .class-vote button[data-vote]")
    updates.holding = True

    play(base, code, token_of(phones[mover], code))  # the family chooses first
    after = update_of(base, code, token_of(voter, code))
    voter.locator("#seat .class-vote button[data-vote]").first.click()
    voter.wait_for_selector("#seat .problem")
    assert updates.held, "the phone was to miss an update"
    updates.release()  # the updates arrive at last
    voter.wait_for_selector(f"#seat[data-version='{after['version']}']")

    problem = voter.inner_text("#seat .problem")
    assert problem == f"Too late: {names[mover]} has already chosen.", problem
    assert "stale" not in problem.lower() and "version" not in problem.lower()
    # Said above the choices, not beside a button of the next decision that reads the same.
    assert voter.locator("#seat .class-vote .problem").count() == 0
    assert update_of(base, code, token_of(voter, code))["version"] == after["version"]
    assert httpx2.get(f"{base}/api/rooms/{code}").json()["votes"] == 0  # nothing changed
    assert voter.errors == []
