"""Two phones of one team tap at the same moment, in real headless Chromium: the second is
told which teammate chose first and what, above its choices, and the line goes once the
choices it was about have changed (never left beside a button that works again)."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PHONE, HeldUpdates, expect, new_page


def test_a_teammate_s_phone_is_told_who_chose_first(browser: Any, server: ServerProcess) -> None:
    base = server.base
    seats = [{"kind": "team", "name": "Blue"}, {"kind": "learner"}, {"kind": "learner"}]
    created = httpx2.post(
        f"{base}/api/rooms", json={"game": "financialit", "seats": seats, "seed": 1}
    ).json()
    code, trainer = created["code"], created["trainer_token"]
    tokens = {}
    for name, seat in (("Cleo", 0), ("Dev", 0), ("Ana", 1), ("Bo", 2)):
        joined = httpx2.post(f"{base}/api/rooms/{code}/join", json={"name": name, "seat": seat})
        tokens[name] = joined.json()["token"]
    httpx2.post(
        f"{base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {trainer}"},
    ).raise_for_status()

    def update_of(name: str) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {tokens[name]}"}
        data: dict[str, Any] = httpx2.get(f"{base}/api/rooms/{code}/view", headers=headers).json()
        return data

    def play(name: str, entry: dict[str, Any], version: int) -> None:
        httpx2.post(
            f"{base}/api/rooms/{code}/actions",
            json={"action": entry["action"], "version": version},
            headers={"Authorization": f"Bearer {tokens[name]}"},
        ).raise_for_status()

    update = update_of("Cleo")
    assert 0 in update["view"]["to_move"]
    dev = new_page(browser, PHONE)
    # Dev's phone hears nothing from the server for a moment, as when both tap at once.
    updates = HeldUpdates(dev)
    dev.goto(f"{base}/play/{code}#{tokens['Dev']}")
    dev.wait_for_selector("#seat button[data-action]")
    updates.holding = True
    chosen = update["legal"][0]
    play("Cleo", chosen, update["version"])
    dev.locator("#seat button[data-action]").last.click()
    dev.wait_for_selector("#seat .problem")
    updates.release()
    now = update_of("Dev")
    dev.wait_for_selector(f"#seat[data-version='{now['version']}']")
    said = f"Cleo (your team) has already chosen: {chosen['text']}."
    expect(dev.locator("#seat .problem")).to_have_text(said)
    # Above the choices, not under a button that may work again.
    assert dev.locator("#seat .action .problem").count() == 0
    # The next move changes what Dev's phone offers: the refusal has had its day.
    mover = next(n for n, s in (("Cleo", 0), ("Ana", 1), ("Bo", 2)) if s in now["view"]["to_move"])
    ahead = update_of(mover)
    play(mover, ahead["legal"][0], ahead["version"])
    expect(dev.locator("#seat .problem")).to_have_count(0)
    assert dev.errors == []
