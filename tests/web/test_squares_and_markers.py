"""The projector's board and family cards as a class reads them: Rut to Riches' squares
counted from 1 as its moves say them (ruling R34), each asset listed once on a family card,
and every marker on a board naming its family in full ("Random bot 3", not "Rand…")."""

from __future__ import annotations

import random
import re
import time
from typing import Any

import httpx2
import pytest

from moneyboard.registry import game_ids, get_game
from tests.server.process import ServerProcess
from tests.web.browser import LAPTOP, new_page

LOW_PROJECTOR = {"width": 1280, "height": 720}


def open_room(base: str, game: str, learners: int, bots: int, seed: int) -> tuple[str, list[str]]:
    """A started room: its code and the learners' tokens (seats 0 up; bots after them)."""
    seats = [{"kind": "learner"}] * learners + [{"kind": "bot", "bot": "random"}] * bots
    room = httpx2.post(f"{base}/api/rooms", json={"game": game, "seats": seats, "seed": seed})
    room.raise_for_status()
    code, trainer = room.json()["code"], room.json()["trainer_token"]
    tokens = []
    for i in range(learners):
        joined = httpx2.post(f"{base}/api/rooms/{code}/join", json={"name": f"Learner {i + 1}"})
        tokens.append(joined.json()["token"])
    httpx2.post(
        f"{base}/api/rooms/{code}/directives",
        json={"directive": {"type": "start"}},
        headers={"Authorization": f"Bearer {trainer}"},
    ).raise_for_status()
    return code, tokens


def play_until(base: str, code: str, tokens: list[str], done: Any, seconds: float = 30) -> None:
    """The learners play at random (the bots by themselves) until ``done(public view)``."""
    rng = random.Random(2)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done(httpx2.get(f"{base}/api/rooms/{code}/view").json()):
            return
        for token in tokens:
            auth = {"Authorization": f"Bearer {token}"}
            update = httpx2.get(f"{base}/api/rooms/{code}/view", headers=auth).json()
            if update["you"] not in update["view"]["to_move"] or not update["legal"]:
                continue
            entry = rng.choice(update["legal"])
            action = dict(entry["action"])
            if "amount" in entry:
                action[entry["amount"]["field"]] = entry["amount"]["min"]
            body = {"action": action, "version": update["version"]}
            httpx2.post(f"{base}/api/rooms/{code}/actions", json=body, headers=auth)
        time.sleep(0.05)
    raise AssertionError("the game did not get there in time")


#: Each track's squares as the projector draws them: number, name and the markers on it.
CELLS = """() => [...document.querySelectorAll('#board .track')].map((track) =>
  [...track.querySelectorAll('.cell')].map((cell) => ({
    no: cell.querySelector('.cell-no').textContent,
    name: (cell.querySelector('.cell-name') || {}).textContent || '',
    pawns: [...cell.querySelectorAll('.pawn')].map((p) => p.textContent),
  })))"""


def test_rut_to_riches_squares_read_from_1_as_the_moves_say(
    browser: Any, server: ServerProcess
) -> None:
    code, tokens = open_room(server.base, "rut-to-riches", 2, 1, seed=3)
    moved = re.compile(r"^(.+) moves to square (\d+) of (the Rut|the Inner Circle) \((.+)\)\.$")
    projector = new_page(browser, LOW_PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}")
    play_until(server.base, code, tokens, lambda u: u["view"]["round"] >= 2)
    view = httpx2.get(f"{server.base}/api/rooms/{code}/view").json()
    projector.wait_for_selector(
        f"body:has(#turn .headline:has-text('Round {view['view']['round']} of'))"
    )
    projector.wait_for_selector("#events li")

    rut, inner = projector.evaluate(CELLS)
    assert [c["no"] for c in rut] == [str(n) for n in range(1, 25)]
    assert [c["no"] for c in inner] == [str(n) for n in range(1, 19)]
    # Each family's marker sits on the square its view gives, one further on in number.
    now = httpx2.get(f"{server.base}/api/rooms/{code}/view").json()
    if now["version"] == view["version"]:
        for family in view["view"]["players"]:
            track = rut if family["circle"] == "rut" else inner
            cell = track[family["square"]]
            assert cell["no"] == str(family["square"] + 1)
            assert any(family["name"] in pawn for pawn in cell["pawns"]), (family, cell)
    # A move's line names the square numbered so on the board, with its name.
    lines = [*projector.locator("#events li").all_inner_texts(), projector.inner_text("#moment")]
    moves = [m for m in (moved.match(line.strip()) for line in lines) if m]
    assert moves, lines
    for move in moves:
        track = rut if move.group(3) == "the Rut" else inner
        square = track[int(move.group(2)) - 1]
        assert square["no"] == move.group(2) and square["name"].strip() == move.group(4), move
    # Where a family is, as a phone says it: "Where you are: 11 · Choose A Deal".
    family = view["view"]["players"][0]
    where = projector.evaluate(
        "async (f) => (await import('/static/render.js')).placeText(f)", family
    )
    assert where.startswith(f"{family['square'] + 1} · "), where
    assert projector.errors == []


def test_rut_to_riches_family_card_lists_each_asset_once(
    browser: Any, server: ServerProcess
) -> None:
    """An asset bought is a card in hand too: the card listed it under "Assets" and again
    under "Cards"."""
    code, _ = open_room(server.base, "rut-to-riches", 0, 2, seed=3)
    projector = new_page(browser, LOW_PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}")
    projector.wait_for_selector("#families .family")
    words = get_game("rut-to-riches").state_class.catalogue.words()
    family = {
        "seat": 0,
        "score_sheet": {
            "assets": [{"card": "pe_bakery", "title": "Small bakery for sale", "cost": 30000}],
            "cards": ["pe_bakery", "pe_income_protect"],
        },
    }
    text = projector.evaluate(
        "async (f) => (await import('/static/render.js')).cardList(f).innerText", family
    )
    assert text.count("Small bakery for sale") == 1, text
    assert words["pe_income_protect"] in text and "Other cards" in text, text
    # Only assets: no second list at all.
    family["score_sheet"]["cards"] = ["pe_bakery"]  # type: ignore[index]
    text = projector.evaluate(
        "async (f) => (await import('/static/render.js')).cardList(f).innerText", family
    )
    assert text.count("Small bakery for sale") == 1 and "Other cards" not in text, text
    assert projector.errors == []


def test_the_console_full_view_numbers_a_square_as_the_board_does(
    browser: Any, server: ServerProcess
) -> None:
    """The trainer's "Everything" list of a family said the view's square, counted from 0
    (one less than the board's number for it); it now says the board's number."""
    seats = [{"kind": "bot", "bot": "random"}] * 2
    created = httpx2.post(
        f"{server.base}/api/rooms", json={"game": "rut-to-riches", "seats": seats, "seed": 3}
    ).json()
    code, token = created["code"], created["trainer_token"]
    trainer = new_page(browser, LAPTOP)
    trainer.goto(f"{server.base}/trainer/{code}#{token}")
    trainer.click("[data-directive=start]")
    # The bots play the short game to its end, so the view stays as read.
    play_until(server.base, code, [], lambda u: u["room"]["status"] == "finished", seconds=60)
    trainer.wait_for_selector("#families .family")
    trainer.wait_for_timeout(300)
    players = httpx2.get(f"{server.base}/api/rooms/{code}/view").json()["view"]["players"]
    full = trainer.evaluate(
        """() => [...document.querySelectorAll('#families .family dl.everything')].map((dl) =>
          Object.fromEntries([...dl.children].map((row) =>
            [row.querySelector('dt').textContent, row.querySelector('dd').textContent])))"""
    )
    assert len(full) == len(players)
    for family, shown in zip(players, full, strict=True):
        assert shown["Square"] == str(family["square"] + 1), (family["square"], shown)
        # An empty table within a field (a score sheet with no shares) says "none", not
        # "Shares: ;".
        assert not any(re.search(r":\s*(;|$)", text) for text in shown.values()), shown
    assert any(family["score_sheet"]["shares"] == {} for family in players)
    assert trainer.errors == []


@pytest.mark.parametrize("game", game_ids())
def test_every_marker_on_a_board_names_its_family_in_full(
    browser: Any, server: ServerProcess, game: str
) -> None:
    """A bot's marker read "Rand…" on the projector's squares: no one could tell whose it
    was. Every marker shows its whole name (it wraps between words in a narrow square)."""
    players = max(3, get_game(game).min_players)
    code, tokens = open_room(server.base, game, 1, players - 1, seed=5)
    projector = new_page(browser, LOW_PROJECTOR)
    projector.goto(f"{server.base}/projector/{code}")
    # On a board of zones a family shows once it has gone to one: play until some have.
    on_board = projector.locator("#board .pawn")
    play_until(server.base, code, tokens, lambda _: on_board.count() >= 2, seconds=60)
    projector.wait_for_timeout(300)
    pawns = projector.evaluate(
        """() => [...document.querySelectorAll('#board .pawn')].map((pawn) => {
          const box = pawn.parentElement.getBoundingClientRect();
          return {
            name: pawn.getAttribute('title'), text: pawn.textContent,
            cut: pawn.scrollWidth > pawn.clientWidth + 1
              || pawn.scrollHeight > pawn.clientHeight + 1,
            inside: pawn.getBoundingClientRect().right <= box.right + 1,
          };
        })"""
    )
    assert any(p["name"].startswith("Random bot") for p in pawns), pawns
    for pawn in pawns:
        assert pawn["text"] == pawn["name"] and not pawn["cut"] and pawn["inside"], pawn
    assert projector.errors == []
