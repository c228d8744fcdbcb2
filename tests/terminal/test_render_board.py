"""The board table: only entries marked as per-seat are labelled with seat names, and cards
show by their names."""

from __future__ import annotations

import io

from rich.console import Console

from moneyboard.engine import Seat
from moneyboard.registry import get_game
from moneyboard.terminal.render import board_table, families_table


def _text(state_view: dict[str, object], seats: int = 4) -> str:
    state = get_game("financialit").new_state([Seat(f"S{i}") for i in range(seats)], seed=1)
    table = board_table(state, state_view)
    assert table is not None
    out = io.StringIO()
    Console(file=out, width=120).print(table)
    return out.getvalue()


def test_a_market_with_one_card_per_seat_is_not_shown_as_per_seat() -> None:
    text = _text({"market": ["tv", "car", "gym", "sofa"]})
    # Each card by the game's name for it.
    assert "Flat-screen TV, Family Car, Gym Membership, Comfortable Sofa" in text
    assert "S0 Flat-screen TV" not in text


def test_an_entry_marked_by_seat_is_labelled_with_seat_names() -> None:
    text = _text({"cash_by_seat": [1, 2, 3, 4]})
    assert "S0 1, S1 2, S2 3, S3 4" in text


def test_the_families_table_shows_money_in_the_currency_and_things_by_name() -> None:
    state = get_game("financity").new_state([Seat("Ana"), Seat("Ben")], seed=3)
    out = io.StringIO()
    Console(file=out, width=160).print(families_table(state, state.view(None)))
    text = out.getvalue()
    home = state.view(None)["players"][0]["home"]
    income = state.metrics(0)["income"]
    assert f"${income:,.0f}" in text  # income is money: "$1,100", not "1100"
    assert state.catalogue.word(home) in text and home not in text
