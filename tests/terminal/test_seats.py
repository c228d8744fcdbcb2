"""Seat lists typed by a person."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from moneyboard.engine.errors import MalformedInputError
from moneyboard.engine.state import Seat
from moneyboard.terminal import parse_seats


def test_people_and_bots() -> None:
    assert parse_seats("Ana,Ben,bot:saver,bot:random") == [
        Seat("Ana"),
        Seat("Ben"),
        Seat("Saver", "saver"),
        Seat("Random", "random"),
    ]


def test_bot_names_stay_unique_even_next_to_a_person_of_that_name() -> None:
    seats = parse_seats("Saver, BOT:Saver , bot:saver")
    assert [s.name for s in seats] == ["Saver", "Saver 2", "Saver 3"]
    assert [s.bot for s in seats] == [None, "saver", "saver"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "bad seats"),
        ("Ana,", "bad seats"),
        ("Ana,bot:", "unknown bot kind ''"),
        ("Ana,bot:wizard", "unknown bot kind 'wizard'; known kinds: random"),
        ("Ana,ana", "'ana' is used twice"),
        ("A" * 41, "longer than 40 characters"),
    ],
)
def test_bad_seat_lists_say_what_is_wrong(text: str, expected: str) -> None:
    with pytest.raises(MalformedInputError, match=expected):
        parse_seats(text)


@given(st.text(max_size=60))
def test_any_text_gives_seats_or_a_clear_error(text: str) -> None:
    try:
        seats = parse_seats(text)
    except MalformedInputError as exc:
        assert str(exc).startswith("bad seats")
    else:
        assert len({s.name.casefold() for s in seats}) == len(seats)
        assert all(s.name.strip() and len(s.name) <= 40 for s in seats)


def test_a_search_bot_may_carry_a_budget_in_simulations_or_milliseconds() -> None:
    seats = parse_seats("Ana, bot:search:200, BOT:Search:50ms, bot:search")
    assert [(s.name, s.bot) for s in seats] == [
        ("Ana", None),
        ("Search", "search:200"),
        ("Search 2", "search:50ms"),
        ("Search 3", "search"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ana,bot:search:0", "bad search budget in 'search:0'"),
        ("Ana,bot:search:lots", "bad search budget"),
        ("Ana,bot:search:-5ms", "bad search budget"),
        ("Ana,bot:search:", "bad search budget"),
        ("Ana,bot:saver:10", "takes no budget"),
    ],
)
def test_a_bad_search_budget_is_named(text: str, expected: str) -> None:
    with pytest.raises(MalformedInputError, match=expected):
        parse_seats(text)
