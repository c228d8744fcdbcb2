"""The hotseat page (one device passed round a class): each family's lines shown once, and
what the device says before the start and to a device that comes too late."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import httpx2

from tests.server.process import ServerProcess
from tests.web.browser import PHONE, new_page

#: Every message each seat's WebSocket receives, kept by the page for the test to read.
RECORD_MESSAGES = """
(() => {
  window.__seatLines = {};
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const update = JSON.parse(event.data);
        if (typeof update.you !== "number") return;
        const lines = (window.__seatLines[update.you] ||= []);
        for (const e of update.events || []) lines.push(e.text);
        for (const line of update.announcements || []) lines.push(line);
      });
    }
  };
})();
"""


def new_room(base: str, game: str, seats: list[dict[str, Any]], seed: int = 3) -> dict[str, Any]:
    """A room made over the API (the form has its own tests)."""
    reply = httpx2.post(
        f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": seed}, timeout=10
    )
    assert reply.status_code == 201, reply.text
    room: dict[str, Any] = reply.json()
    return room


def start(base: str, room: dict[str, Any]) -> None:
    reply = httpx2.post(
        f"{base}/api/rooms/{room['code']}/directives",
        json={"directive": {"type": "start"}},
        headers={"authorization": f"Bearer {room['trainer_token']}"},
        timeout=10,
    )
    assert reply.status_code == 200, reply.text


def take_seats(device: Any, names: list[str]) -> None:
    for seat, name in enumerate(names):
        device.fill(f"#name-{seat}", name)
    device.click("#names button[type=submit]")
    device.wait_for_selector("#names", state="hidden")


def test_each_line_of_what_happened_shows_once(browser: Any, server: ServerProcess) -> None:
    room = new_room(server.base, "rut-to-riches", [{"kind": "learner"}] * 3)
    code = room["code"]
    device = new_page(browser, PHONE)
    device.add_init_script(RECORD_MESSAGES)
    device.goto(f"{server.base}/hotseat/{code}")
    take_seats(device, ["Ana", "Ben", "Cleo"])
    start(server.base, room)
    rng = random.Random(1)
    checked = 0
    for _ in range(14):
        device.wait_for_selector("#pass:not([hidden]), #seat button[data-action]")
        if device.locator("#pass").is_visible():
            device.click("#ready")
            device.wait_for_selector("#seat[data-version]:not(:empty)")
        seat = device.get_attribute("#seat", "data-seat")
        shown = Counter(device.locator("#seat .events li").all_inner_texts())
        happened = Counter(device.evaluate("s => window.__seatLines[s] || []", int(seat or 0)))
        for line, times in shown.items():
            assert times <= happened[line], (line, times, happened[line])
        checked += sum(shown.values())
        buttons = device.locator("#seat button[data-action]:not([disabled])")
        if not buttons.count():
            continue
        version = device.get_attribute("#seat", "data-version")
        buttons.nth(rng.randrange(buttons.count())).click()
        device.wait_for_function(
            "v => document.querySelector('#seat').dataset.version !== v"
            " || !document.querySelector('#pass').hidden",
            arg=version,
        )
    assert checked > 5  # lines were shown and compared
    assert device.errors == []


def test_before_the_start_the_device_says_who_starts_the_game(
    browser: Any, server: ServerProcess
) -> None:
    seats = [{"kind": "learner"}, {"kind": "team", "name": "Blue"}, {"kind": "bot", "bot": "saver"}]
    room = new_room(server.base, "monitics", seats)
    code = room["code"]
    device = new_page(browser, PHONE)
    device.goto(f"{server.base}/hotseat/{code}")
    device.wait_for_selector("#names:not([hidden])")
    # A team's seat is asked by its team's name.
    assert device.inner_text("label[for=name-1]") == "Name for seat 2, the team Blue"
    assert device.input_value("#name-1") == "Blue"
    device.fill("#name-0", "Ana")
    device.click("#names button[type=submit]")
    device.wait_for_selector("#lobby:not([hidden])")
    said = device.inner_text("#lobby")
    assert "The seats are taken on this device: Ana and Blue." in said
    assert "The trainer starts the game with Start the game on the console" in said
    # The console opens the hotseat page in a tab of its own, not over itself.
    console = httpx2.get(f"{server.base}/trainer/{code}", timeout=5).text
    assert f'<a href="/hotseat/{code}" target="_blank">' in console
    start(server.base, room)
    device.wait_for_selector("#pass:not([hidden])")
    assert device.is_hidden("#lobby")
    # The game's own word for a family: Monitics has players.
    assert device.inner_text("#ready").endswith(": show my player")
    assert device.errors == []


def test_a_device_that_comes_after_the_start_is_told_where_play_goes_on(
    browser: Any, server: ServerProcess
) -> None:
    room = new_room(server.base, "financity", [{"kind": "learner"}] * 2)
    first = new_page(browser, PHONE)
    first.goto(f"{server.base}/hotseat/{room['code']}")
    take_seats(first, ["Kemi", "Lars"])
    start(server.base, room)
    first.wait_for_selector("#pass:not([hidden])")
    assert first.inner_text("#ready").endswith(": show my family")
    late = new_page(browser, PHONE)
    late.goto(f"{server.base}/hotseat/{room['code']}")
    late.wait_for_selector("#elsewhere:not([hidden])")
    assert late.is_hidden("#names")
    said = late.inner_text("#elsewhere")
    assert "goes on on the device where the names were typed" in said
    assert "Move to another device" in said and "rejoin" not in said
    assert late.errors == [] and first.errors == []
