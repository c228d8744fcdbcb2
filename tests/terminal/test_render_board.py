"""The board table: only entries marked as per-seat are labelled with seat names, and cards
show by their names."""

from __future__ import annotations

import io

from rich.console import Console

from moneyboard.engine import Seat
from moneyboard.registry import get_game
from moneyboard.terminal.render import board_rows, board_table, families_table, table_rows


def _text(state_view: dict[str, object], seats: int = 4) -> str:
    state = get_game("financialit").new_state([Seat(f"S{i}") for i in range(seats)], seed=1)
    table = board_table(state, state_view)
    assert table is not None
    out = io.StringIO()
    Console(file=out, width=120).print(table)
    return out.getvalue()


def test_a_market_with_one_card_per_seat_is_not_shown_as_per_seat() -> None:
    text = _text({"market": ["tv", "car", "gym", "sofa"]})
    # Each card by the game's name for it, in its slot as the buttons count them.
    assert "Slot 1: Flat-screen TV; Slot 2: Family Car; Slot 3: Gym Membership" in text
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


def test_the_board_shows_what_lies_on_the_table_as_the_pages_do() -> None:
    state = get_game("financity").new_state([Seat("Ana"), Seat("Ben")], seed=3)
    view = state.view(None)
    rows = dict(table_rows(state, view))
    first = view["investments_face_up"]["card 1"]
    assert rows["Investment cards face up"].startswith(
        f"Card 1: {first['name']} (Cost ${first['cost']:,}, Income ${first['income']:,}"
    )
    # A Rut to Riches card drawn: whose it is, its text and its figures (none that are 0).
    rut = get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], seed=1)
    card = {"title": "Two-bedroom condo", "text": "A starter rental.", "cost": 50000, "tax": 0}
    shown = dict(table_rows(rut, {"table": {"holder": 1, "card": card}}))
    assert shown == {
        "The card on the table (Ben)": "Two-bedroom condo - A starter rental. (Cost $50,000)"
    }


def test_phases_and_counters_read_alike_from_the_start_to_the_end() -> None:
    """FinanciaLit's last phase is named like the others ("Final Scoring", as "Action
    Phase"); a round not yet begun is not "round 0 of 40"."""
    lit = get_game("financialit").new_state([Seat(n) for n in ("Ana", "Ben", "Cy")], seed=1)
    assert dict(board_rows(lit, {"phase": "final"}))["phase"] == "Final Scoring"
    assert dict(board_rows(lit, {"phase": "setup"}))["phase"] == "Set-up"
    rut = get_game("rut-to-riches").new_state([Seat("Ana"), Seat("Ben")], seed=1)
    view = rut.view(None)
    assert view["round"] == 0  # the Dreams are chosen before the first round
    assert dict(board_rows(rut, view))["round"] == "not started yet (40 rounds)"
    assert dict(board_rows(rut, {**view, "round": 1}))["round"] == "1 of 40"
    city = get_game("financity").new_state([Seat("Ana"), Seat("Ben")], seed=3)
    assert dict(board_rows(city, {"year": 0, "years": 10}))["year"] == (
        "not started yet (10 years)"
    )
