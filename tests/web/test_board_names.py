"""The names on a board's boxes, on the projector: a word ("Circumstances") is never broken
in the middle; a name too long for its box is drawn smaller until it fits."""

from __future__ import annotations

from typing import Any

import httpx2
import pytest

from tests.server.process import ServerProcess
from tests.web.browser import new_page
from tests.web.test_long_names import BROKEN_WORDS, SPILLS

#: The smallest text a box's name may shrink to, in CSS pixels (still readable on a
#: projector at 1280 pixels wide).
SMALLEST = 7.0

#: The font size of each box's name, in pixels.
SIZES = """() => [...document.querySelectorAll('#board .cell-name')]
  .map((el) => parseFloat(getComputedStyle(el).fontSize))"""


@pytest.mark.parametrize(
    "screen",
    [(1280, 720), (1920, 1080), (1000, 700), (999, 700), (390, 844)],
    ids=lambda s: f"{s[0]}x{s[1]}",
)
def test_monitics_box_names_break_between_words_only(
    browser: Any, server: ServerProcess, screen: tuple[int, int]
) -> None:
    seats = [{"kind": "bot", "bot": "random"}] * 2
    room = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "monitics", "seats": seats, "seed": 4}
    ).json()
    httpx2.post(
        f"{server.base}/api/rooms/{room['code']}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {room['trainer_token']}"},
    ).raise_for_status()
    width, height = screen
    projector = new_page(browser, {"width": width, "height": height})
    projector.goto(f"{server.base}/projector/{room['code']}")
    projector.wait_for_selector("#board .cell-name:has-text('Circumstances')")

    assert projector.evaluate(BROKEN_WORDS, "#board") == []
    assert projector.evaluate(SPILLS, "#board .cell-name") == []
    assert min(projector.evaluate(SIZES)) >= SMALLEST
    # A narrower window draws the board again: its names still fit, unbroken.
    projector.set_viewport_size({"width": width - 100, "height": height})
    projector.wait_for_timeout(200)
    assert projector.evaluate(BROKEN_WORDS, "#board") == []
    assert projector.evaluate(SPILLS, "#board .cell-name") == []
    assert projector.errors == []


def test_rut_to_riches_squares_are_named_on_the_projector_as_on_the_phones(
    browser: Any, server: ServerProcess
) -> None:
    """The Rut and the Inner Circle showed only numbers; the phones say "5 · Choose A Deal".
    (Learners' seats, so that the game waits at the Dreams, before the first round.)"""
    seats = [{"kind": "learner"}] * 2
    room = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "rut-to-riches", "seats": seats, "seed": 4}
    ).json()
    for name in ("Ana", "Ben"):
        join = {"name": name}
        httpx2.post(f"{server.base}/api/rooms/{room['code']}/join", json=join).raise_for_status()
    httpx2.post(
        f"{server.base}/api/rooms/{room['code']}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {room['trainer_token']}"},
    ).raise_for_status()
    projector = new_page(browser, {"width": 1280, "height": 720})
    projector.goto(f"{server.base}/projector/{room['code']}")
    projector.wait_for_selector("#board .cell-name")
    tracks = projector.locator("#board .track")
    assert tracks.count() == 2
    rut = tracks.nth(0).locator(".cell-name").all_inner_texts()
    inner = tracks.nth(1).locator(".cell-name").all_inner_texts()
    assert len(rut) == 24 and len(inner) == 18
    assert rut[0].strip() == "Pay Day" and rut[1].strip() == "Choose A Deal", rut[:3]
    assert all(name.strip() and "_" not in name for name in rut + inner)
    assert projector.evaluate(SPILLS, "#board .cell-name") == []
    # The round has not begun while the Dreams are chosen: not "Round: 0".
    headline = projector.inner_text("#turn .headline")
    assert headline == "Round: not started yet (40 in all)", headline
    assert projector.errors == []
