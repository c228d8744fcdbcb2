"""A learner's phone and its controls: a seat the trainer hands to a bot says so first and
offers no buttons until it is given back; a count of shares is chosen as a number, not as
dollars, and the shares bought are the number typed."""

from __future__ import annotations

import time
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PHONE, join, new_page


def _room(base: str, game: str, seats: list[dict[str, str]], seed: int = 4) -> tuple[str, str]:
    reply = httpx2.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": seed})
    reply.raise_for_status()
    return reply.json()["code"], reply.json()["trainer_token"]


def _direct(base: str, code: str, token: str, directive: dict[str, Any]) -> None:
    reply = httpx2.post(
        f"{base}/api/rooms/{code}/directives",
        json={"directive": directive},
        headers={"Authorization": f"Bearer {token}"},
    )
    reply.raise_for_status()


def test_a_phone_whose_seat_a_bot_plays_says_so_and_offers_no_buttons(
    browser: Any, server: ServerProcess
) -> None:
    code, token = _room(server.base, "financialit", [{"kind": "learner"}] * 3)
    phones = [new_page(browser, PHONE) for _ in range(3)]
    for phone, name in zip(phones, ["Ana", "Ben", "Cy"], strict=True):
        join(phone, server.base, code, name)
    ben = phones[1]
    _direct(server.base, code, token, {"type": "start"})
    # Ben has buttons of his own (his move, the class vote or a loan at any time).
    ben.wait_for_selector("#seat button:not([disabled])")
    assert ben.locator("#seat .bot-plays").count() == 0

    _direct(server.base, code, token, {"type": "pause"})  # the bot waits: the seat stays his
    _direct(server.base, code, token, {"type": "seat", "seat": 1, "bot": "saver"})
    ben.wait_for_selector("#seat .bot-plays")
    said = ben.inner_text("#seat .bot-plays")
    assert said.startswith("A saver bot is playing your seat now"), said
    assert "trainer can give the seat back" in said, said
    # Said first, and nothing to press: no move, no vote, no loan.
    first = ben.evaluate("() => document.querySelector('#seat').firstElementChild.className")
    assert first == "bot-plays"
    assert ben.locator("#seat button, #seat input").count() == 0
    assert "Not your turn" not in ben.inner_text("#seat")
    _direct(server.base, code, token, {"type": "resume"})
    ben.wait_for_selector("#seat .turn:not(:has-text('Paused'))")
    assert ben.locator("#seat button, #seat input").count() == 0
    assert ben.locator("#seat .bot-plays").count() == 1

    # Given back, the phone is as before.
    _direct(server.base, code, token, {"type": "seat", "seat": 1, "bot": None})
    ben.wait_for_selector("#seat .bot-plays", state="detached")
    ben.wait_for_selector("#seat button:not([disabled])")
    for phone in phones:
        assert phone.errors == [], phone.url


def _seat_update(base: str, code: str, token: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    update: dict[str, Any] = httpx2.get(
        f"{base}/api/rooms/{code}/view", headers=headers, timeout=5
    ).json()
    return update


def test_shares_are_chosen_as_a_number_and_bought_as_typed(
    browser: Any, server: ServerProcess
) -> None:
    code, trainer = _room(server.base, "rut-to-riches", [{"kind": "learner"}] * 2, seed=4)
    tokens = []
    for name in ["Ana", "Ben"]:
        joined = httpx2.post(f"{server.base}/api/rooms/{code}/join", json={"name": name}).json()
        tokens.append(joined["token"])
    _direct(server.base, code, trainer, {"type": "start"})
    # The families play through the API, always picking the shares deck on a Deal square,
    # until one of them may buy shares.
    buyer = None
    for _ in range(200):
        updates = [_seat_update(server.base, code, token) for token in tokens]
        offered = [
            seat
            for seat, update in enumerate(updates)
            if any(e["action"]["type"] == "buy_shares" for e in update["legal"])
        ]
        if offered:
            buyer = offered[0]
            break
        seat = next(s for s, u in enumerate(updates) if s in u["view"]["to_move"])
        legal = updates[seat]["legal"]
        deals = [e for e in legal if e["action"]["type"] == "deal" and "shares" in e["text"]]
        entry = (deals or legal)[0]
        httpx2.post(
            f"{server.base}/api/rooms/{code}/actions",
            json={"action": entry["action"], "version": updates[seat]["version"]},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        ).raise_for_status()
    assert buyer is not None, "nobody was offered shares"
    entry = next(
        e
        for e in _seat_update(server.base, code, tokens[buyer])["legal"]
        if e["action"]["type"] == "buy_shares"
    )
    assert entry["amount"]["money"] is False

    phone = new_page(browser, PHONE)
    phone.goto(f"{server.base}/play/{code}#{tokens[buyer]}")
    row = phone.locator("#seat .actions li.amount:has(button[data-action=buy_shares])")
    row.wait_for()
    label = row.locator("label").inner_text()
    # A number of shares, never dollars, and no "…" where a word should be.
    most = f"{entry['amount']['max']:,}"  # as many as the family can pay for
    assert label == f"Buy 10 shares (how many: 10 to {most}, in tens)", label
    assert "$" not in label and "…" not in label
    row.locator("input").fill("20")
    assert row.locator("label").inner_text().startswith("Buy 20 shares (")
    row.locator("input").fill("")
    assert row.locator("label").inner_text().startswith("Buy shares (")
    row.locator("input").fill("20")
    # In guided mode the preview names the shares as typed, and claims nothing about money.
    phone.check("#guided")
    row.locator("button").click()
    preview = phone.locator("#seat .preview")
    preview.wait_for()
    assert "Buy 20 shares." in preview.inner_text(), preview.inner_text()
    assert "does not cost money" not in preview.inner_text()
    preview.locator("[data-confirm]").click()
    family: dict[str, Any] = {}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view = _seat_update(server.base, code, tokens[buyer])["view"]
        family = view["players"][buyer]
        if family["score_sheet"]["shares"]:
            break
        phone.wait_for_timeout(100)
    held = family["score_sheet"]["shares"]
    assert sum(h["count"] if isinstance(h, dict) else h for h in held.values()) == 20, held
    assert phone.errors == []


def test_the_guided_preview_of_an_amount_tells_its_own_cost(
    browser: Any, server: ServerProcess
) -> None:
    """A loan's amount is money coming in: the preview says it costs nothing now (it read
    "costs $1,000: cash goes down"); a deposit costs the amount typed, not the lowest one."""
    code, trainer = _room(server.base, "monitics", [{"kind": "learner"}] * 2)
    tokens = []
    for name in ["Ana", "Ben"]:
        joined = httpx2.post(f"{server.base}/api/rooms/{code}/join", json={"name": name}).json()
        tokens.append(joined["token"])
    _direct(server.base, code, trainer, {"type": "start"})
    updates = [_seat_update(server.base, code, token) for token in tokens]
    seat = next(s for s, u in enumerate(updates) if s in u["view"]["to_move"])
    while not any(e["action"]["type"] == "save" for e in updates[seat]["legal"]):
        roll = updates[seat]["legal"][0]  # the roll that starts the turn
        httpx2.post(
            f"{server.base}/api/rooms/{code}/actions",
            json={"action": roll["action"], "version": updates[seat]["version"]},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        ).raise_for_status()
        updates[seat] = _seat_update(server.base, code, tokens[seat])
    save = next(e for e in updates[seat]["legal"] if e["action"]["type"] == "save")
    assert save["amount"]["cost"] == "amount" and save["amount"]["max"] >= 50

    phone = new_page(browser, PHONE)
    phone.goto(f"{server.base}/play/{code}#{tokens[seat]}")
    phone.check("#guided")
    row = phone.locator("#seat .actions li.amount:has(button[data-action=save])")
    row.wait_for()
    row.locator("input").fill("50")
    row.locator("button").click()
    preview = phone.locator("#seat .preview")
    preview.wait_for()
    assert "costs $50" in preview.inner_text(), preview.inner_text()
    preview.locator("button:not([data-confirm])").click()
    loan = phone.locator("#seat .actions li:has(button[data-action=borrow]) button").first
    loan.click()
    preview.wait_for()
    said = preview.inner_text()
    assert "costs" not in said and "does not cost money now" in said, said
    assert phone.errors == []
