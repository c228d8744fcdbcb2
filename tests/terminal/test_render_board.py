"""The board table: only entries marked as per-seat are labelled with seat names."""

from __future__ import annotations

import io

from rich.console import Console

from moneyboard.engine import Seat
from moneyboard.registry import get_game
from moneyboard.terminal.render import board_table


def _text(state_view: dict[str, object], seats: int = 4) -> str:
    state = get_game("financialit").new_state([Seat(f"S{i}") for i in range(seats)], seed=1)
    table = board_table(state, state_view)
    assert table is not None
    out = io.StringIO()
    Console(file=out, width=120).print(table)
    return out.getvalue()


def test_a_market_with_one_card_per_seat_is_not_shown_as_per_seat() -> None:
    text = _text({"market": ["tv", "car", "gym", "sofa"]})
    assert "tv, car, gym, sofa" in text
    assert "S0 tv" not in text


def test_an_entry_marked_by_seat_is_labelled_with_seat_names() -> None:
    text = _text({"cash_by_seat": [1, 2, 3, 4]})
    assert "S0 1, S1 2, S2 3, S3 4" in text
