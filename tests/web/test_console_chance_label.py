"""The console's chance control says what it does in each game: never a die in a game
without one, never a card in a game without decks."""

from __future__ import annotations

import re

import httpx2
import pytest

from tests.server.process import ServerProcess

LABELS = {
    "financialit": "Deal a chosen card or choose a draw",
    "financity": "Deal a chosen card",
    "rut-to-riches": "Deal a chosen card or set the die",
    "monitics": "Set the die",
}


@pytest.mark.parametrize("game", sorted(LABELS))
def test_the_chance_control_names_what_the_game_has(server: ServerProcess, game: str) -> None:
    seats = [{"kind": "bot", "bot": "random"}] * 4
    created = httpx2.post(f"{server.base}/api/rooms", json={"game": game, "seats": seats})
    code = created.json()["code"]
    page = httpx2.get(f"{server.base}/trainer/{code}").text
    label = re.search(r'<label for="force-stream">([^<]*)</label>', page)
    assert label is not None and label.group(1) == LABELS[game]
