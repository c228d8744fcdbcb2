"""Long names and long words on the classroom pages: a name of 40 letters without a space
(the longest a learner may type) wraps or is cut inside its box on a 390-pixel phone and on
the projector, and an ordinary word that fits on a line ("Circumstances") is never broken."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx2
import pytest

from moneyboard.registry import game_ids, get_game
from moneyboard.web.art import game_art
from tests.server.process import ServerProcess
from tests.web.browser import join, my_turn, new_page, play_one

LONG = "Bo" + "W" * 38
#: The phone of the review: an ordinary phone, held upright.
PHONE = {"width": 390, "height": 844}
LOW_PROJECTOR = {"width": 1280, "height": 720}

#: How far the page reaches to the right beyond the screen (0: no sideways scrolling).
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"

#: Elements whose content runs out of them to the right, by their text.
SPILLS = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .map((el) => `${el.className}: ${el.textContent.slice(0, 60)}`)"""

#: The words (up to 16 letters, short enough to fit on any line here) drawn on two lines
#: under ``selector``.
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.textContent.matchAll(/[^\\s\\-\\u2010/]+/g)) {
        if (m[0].length > 16) continue;
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const tops = new Set(rects.map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


def _room(base: str, game: str, learners: int, bots: int) -> tuple[str, str]:
    seats: list[dict[str, str]] = [{"kind": "learner"}] * learners
    seats = seats + [{"kind": "bot", "bot": "random"}] * bots
    reply = httpx2.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": 5})
    reply.raise_for_status()
    return reply.json()["code"], reply.json()["trainer_token"]


def _longest_word(game: str) -> str:
    """The longest single word among the game's words for places and squares (Monitics'
    "Circumstances"), as a family card may show it."""
    words = get_game(game).state_class.catalogue.words().values()
    return max((w for w in words if " " not in w and len(w) <= 16), key=len)


def _figures_in_words(game: str, view: dict[str, Any]) -> list[str]:
    """The figures of a family card that are words, not numbers (Monitics' box)."""
    art = game_art(game)
    family = view[art["families"]][1]
    out = []
    for figure in art["figures"]:
        value: Any = family
        for key in figure["path"].split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if not figure.get("money") and not isinstance(value, int | float | bool):
            out.append(figure["label"])
    return out


@pytest.mark.parametrize("game", game_ids())
def test_a_long_name_stays_inside_the_screen_and_its_boxes(
    browser: Any, server: ServerProcess, game: str
) -> None:
    bots = max(0, get_game(game).min_players - 2)
    code, token = _room(server.base, game, learners=2, bots=bots)
    phones = [new_page(browser, PHONE) for _ in range(2)]
    for phone, name in zip(phones, [LONG, "Ben"], strict=True):
        join(phone, server.base, code, name)
    projector = new_page(browser, LOW_PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector(f"#turn:has-text('{LONG[:10]}')")
    lobby = [phone.evaluate(SIDEWAYS) for phone in phones]
    httpx2.post(
        f"{server.base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {token}"},
    ).raise_for_status()
    for phone in phones:
        phone.wait_for_selector("#seat .family.yours")
    # A few moves, so that the log, the board and the class vote name the families.
    rng = random.Random(3)
    deadline = time.monotonic() + 20
    made = 0
    while made < 4 and time.monotonic() < deadline:
        movers = [p for p in phones if my_turn(p)]
        if movers and play_one(movers[0], rng):
            made += 1
        else:
            time.sleep(0.05)
    projector.wait_for_selector(f"#families .family h3:has-text('{LONG[:10]}')")

    assert lobby == [0, 0], lobby
    for phone in phones:
        assert phone.evaluate(SIDEWAYS) == 0, phone.inner_text("#seat")[:300]
        assert phone.evaluate(SPILLS, "#seat h2, #seat h3, #seat p, #seat li") == []
    assert projector.evaluate(SIDEWAYS) == 0
    assert projector.evaluate(SPILLS, "#families .family, #families h3, #events li") == []
    # A pawn on the board is cut with an ellipsis inside its square (its full name is its
    # tooltip).
    pawns = projector.evaluate(
        """() => [...document.querySelectorAll('#board .pawn')].map((pawn) => {
          const right = pawn.parentElement.getBoundingClientRect().right;
          return pawn.getBoundingClientRect().right <= right + 1;
        })"""
    )
    assert pawns and all(pawns), pawns
    # Each family card stays in its own column: the name does not run over the next card.
    cards = projector.evaluate(
        """() => [...document.querySelectorAll('#families .family')].map((card) => {
          const box = card.getBoundingClientRect();
          const inside = (el) => el.getBoundingClientRect().right <= box.right + 1;
          return [...card.querySelectorAll('*')].every(inside);
        })"""
    )
    assert cards and all(cards), cards
    # Ordinary words are not broken in the middle, on the phones or the projector.
    for page, where in [(phones[0], "#seat"), (phones[1], "#seat"), (projector, "#families")]:
        assert page.evaluate(BROKEN_WORDS, where) == [], page.url

    # The longest word a family card shows for a place ("Circumstances") fits unbroken,
    # in each text figure of the card on the phone.
    word = _longest_word(game)
    phone = phones[1]
    shown = phone.evaluate(
        """(word) => {
          const figures = document.querySelectorAll('#seat .family.yours .figure.text dd');
          for (const dd of figures) dd.textContent = word;
          return figures.length;
        }""",
        word,
    )
    view = httpx2.get(f"{server.base}/api/rooms/{code}/view", timeout=5).json()["view"]
    assert shown == len(_figures_in_words(game, view)), shown
    assert phone.evaluate(BROKEN_WORDS, "#seat .family.yours") == [], word
    for page in [*phones, projector]:
        assert page.errors == [], page.url
