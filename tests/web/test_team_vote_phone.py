"""A team's seat has one class vote: once one member has voted, a teammate's phone says the
team has voted, not "Vote sent." (that teammate sent nothing); the member who voted is still
told "Vote sent." after the trainer pauses and resumes the game."""

from __future__ import annotations

from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PHONE, expect, new_page


def test_a_teammate_s_phone_says_the_team_has_voted(browser: Any, server: ServerProcess) -> None:
    base = server.base
    seats = [{"kind": "learner"}, {"kind": "team", "name": "Blue"}]
    created = httpx2.post(
        f"{base}/api/rooms", json={"game": "monitics", "seats": seats, "seed": 1}
    ).json()
    code, trainer = created["code"], created["trainer_token"]
    tokens = {}
    for name, seat in (("Ana", 0), ("Ben", 1), ("Cy", 1)):
        joined = httpx2.post(f"{base}/api/rooms/{code}/join", json={"name": name, "seat": seat})
        tokens[name] = joined.json()["token"]
    httpx2.post(
        f"{base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {trainer}"},
    ).raise_for_status()
    for _ in range(20):  # while the team decides, it plays its first choice: Ana must decide
        update = httpx2.get(
            f"{base}/api/rooms/{code}/view", headers={"Authorization": f"Bearer {tokens['Ben']}"}
        ).json()
        if update["vote"] is not None:
            break
        httpx2.post(
            f"{base}/api/rooms/{code}/actions",
            json={"action": update["legal"][0]["action"], "version": update["version"]},
            headers={"Authorization": f"Bearer {tokens['Ben']}"},
        ).raise_for_status()
    assert update["vote"] is not None and update["vote"]["seat"] == 0
    ben, cy = new_page(browser, PHONE), new_page(browser, PHONE)
    for page, name in ((ben, "Ben"), (cy, "Cy")):
        page.goto(f"{base}/play/{code}#{tokens[name]}")
        page.locator("#seat .class-vote button[data-vote]").first.wait_for()
    ben.locator("#seat .class-vote button[data-vote]").first.click()
    expect(ben.locator("#seat .vote-sent")).to_have_text(
        "Vote sent. The result shows when they have decided."
    )
    expect(cy.locator("#seat .vote-sent")).to_have_text(
        "Your team has voted (each family has one vote). The result shows when they have decided."
    )
    for directive in ("pause", "resume"):  # each a new version of the room; the vote stays
        done = httpx2.post(
            f"{base}/api/rooms/{code}/directives",
            json={"directive": {"type": directive}},
            headers={"Authorization": f"Bearer {trainer}"},
        )
        done.raise_for_status()
        for page in (ben, cy):
            expect(page.locator("#seat")).to_have_attribute(
                "data-version", str(done.json()["version"])
            )
    expect(ben.locator("#seat .vote-sent")).to_have_text(
        "Vote sent. The result shows when they have decided."
    )
    expect(cy.locator("#seat .vote-sent")).to_have_text(
        "Your team has voted (each family has one vote). The result shows when they have decided."
    )
    assert ben.errors == [] and cy.errors == []
