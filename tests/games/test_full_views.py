"""Every game's full view without its history is the full view less the log and postings.

The classroom server sends the trainer the full view after every move; the history goes out
as events, a move at a time, so the view it sends must not carry (nor build) it again.
"""

from __future__ import annotations

import random

import pytest

from moneyboard.engine import Seat
from moneyboard.registry import game_ids, get_game
from tests.games.test_outlook import random_moves


@pytest.mark.parametrize("game_id", game_ids())
def test_without_history_the_full_view_is_the_same_less_the_log_and_postings(
    game_id: str,
) -> None:
    game = get_game(game_id)
    state = game.new_state([Seat(f"P{i}") for i in range(3)], 11, game.options())
    random_moves(state, random.Random(11), 60)
    whole = state.full_view()
    assert whole["log"] and whole["postings"]  # there is a history to leave out
    short = state.full_view(history=False)
    assert short == {k: v for k, v in whole.items() if k not in ("log", "postings")}
