"""What a Monitics class sees: every box of the board by its name and kind, the projector's
players and "What is happening" on one 1280x720 screen, where a roll the player may replay
would land, and a player waiting on their own offer told so instead of asked to vote."""

from __future__ import annotations

from typing import Any

import httpx2

from moneyboard.games.monitics.state import MoniticsState
from tests.server.process import ServerProcess
from tests.web.browser import PHONE, expect, join, new_page

SCREEN = {"width": 1280, "height": 720}


class Table:
    """A Monitics room of two learners, played through the API (the trainer sets the die)."""

    def __init__(self, base: str) -> None:
        self.base = base
        seats = [{"kind": "learner"}, {"kind": "learner"}]
        created = httpx2.post(
            f"{base}/api/rooms", json={"game": "monitics", "seats": seats, "seed": 4}
        ).json()
        self.code = created["code"]
        self.trainer = {"Authorization": f"Bearer {created['trainer_token']}"}
        self.tokens: list[str] = []

    def direct(self, directive: dict[str, Any]) -> None:
        reply = httpx2.post(
            f"{self.base}/api/rooms/{self.code}/directives",
            json={"directive": directive},
            headers=self.trainer,
        )
        assert reply.status_code == 200, reply.text

    def act(self, seat: int, kind: str, **fields: Any) -> None:
        """Play the seat's legal action of this kind (with these fields)."""
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        view = httpx2.get(f"{self.base}/api/rooms/{self.code}/view", headers=headers).json()
        for entry in view["legal"]:
            action = dict(entry["action"])
            if action["type"] == kind and all(action.get(k) == v for k, v in fields.items()):
                reply = httpx2.post(
                    f"{self.base}/api/rooms/{self.code}/actions",
                    json={"action": action, "version": view["version"]},
                    headers=headers,
                )
                assert reply.status_code == 200, reply.text
                return
        raise AssertionError(f"{kind} {fields} is not legal for seat {seat}")

    def roll(self, seat: int, face: int) -> None:
        self.direct({"type": "force", "stream": "die", "outcomes": [face]})
        self.act(seat, "roll")


def test_the_projector_names_each_box_and_fits_one_screen(
    browser: Any, server: ServerProcess
) -> None:
    table = Table(server.base)
    phones = [new_page(browser, PHONE) for _ in range(2)]
    for phone, name in zip(phones, ["Ana", "Ben"], strict=True):
        join(phone, server.base, table.code, name)
    table.direct({"type": "start"})
    projector = new_page(browser, SCREEN)
    projector.goto(f"{server.base}/projector/{table.code}")
    projector.wait_for_selector("#families .family")
    boxes = MoniticsState.content.boxes
    cells = projector.locator("#board .cell")
    assert cells.count() == len(boxes) + 1
    crashes = [i for i, box in enumerate(boxes, start=1) if box.type == "crash"]
    for number in crashes:
        cell = cells.nth(number)
        assert "Market crash" in cell.inner_text()
        assert "kind-crash" in (cell.get_attribute("class") or "")
    assert "Tax authority" in projector.inner_text("#board")
    assert "Bill: Food" in cells.nth(1).inner_text()
    # The players' money and what is happening, on the one screen the class sees.
    for selector in ["#families-box", "section.happening h2", "#moment", "#vote"]:
        box = projector.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] + box["height"] <= SCREEN["height"], (selector, box)
    assert projector.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
    assert projector.errors == []


def test_the_replay_prompt_says_where_the_roll_lands_and_an_offerer_waits(
    browser: Any, server: ServerProcess
) -> None:
    table = Table(server.base)
    ana, ben = new_page(browser, PHONE), new_page(browser, PHONE)
    for phone, name in [(ana, "Ana"), (ben, "Ben")]:
        join(phone, server.base, table.code, name)
        table.tokens.append(
            phone.evaluate("c => localStorage.getItem(`moneyboard.seat.${c}`)", table.code)
        )
    table.direct({"type": "start"})
    projector = new_page(browser, SCREEN)
    projector.goto(f"{server.base}/projector/{table.code}")
    table.direct({"type": "force", "stream": "die", "outcomes": [1]})
    # Ben votes with a reason that starts with a right-to-left override: shown without it.
    headers = {"Authorization": f"Bearer {table.tokens[1]}"}
    view = httpx2.get(f"{server.base}/api/rooms/{table.code}/view", headers=headers).json()
    voted = httpx2.post(
        f"{server.base}/api/rooms/{table.code}/votes",
        json={"action": {"type": "roll"}, "version": view["version"], "why": "\u202eevil\x07 move"},
        headers=headers,
    )
    assert voted.status_code == 200, voted.text
    table.act(0, "roll")
    projector.wait_for_selector("#vote .vote-reasons li")
    assert "“evil move”" in projector.inner_text("#vote .vote-reasons")
    table.act(0, "buy_card", card="option")
    table.act(0, "end_turn")
    table.roll(1, 2)
    table.act(1, "buy_card", card="insurance")
    table.act(1, "end_turn")
    table.roll(0, 6)  # Ana holds an Option: keep the 6, or roll again?
    ana.wait_for_selector("#seat .prompt:has-text('A 6 takes you to box 7 (Company market).')")
    ben.wait_for_selector("#seat .turn:has-text('A 6 takes Ana to box 7 (Company market).')")
    table.direct({"type": "timer", "seconds": 60})
    table.act(0, "keep_roll")
    # The time left sits right above Ana's buttons, where she is looking.
    ana.wait_for_selector("#seat .time-left + section.actions button[data-action]")
    table.act(0, "propose", to=1, item="insurance")
    ana.wait_for_selector("#seat .waiting:has-text('Waiting for Ben to answer you')")
    assert ana.locator("#seat .class-vote").count() == 0
    assert "Not your turn" not in ana.inner_text("#seat")
    # Ben may have had buttons before (a loan at any time): wait for his move's heading.
    expect(ben.locator("#seat .actions h2").first).to_have_text("Your move")
    for page in (ana, ben, projector):
        assert page.errors == []
