"""Content is validated data; options are typed, documented and checked."""

from __future__ import annotations

from typing import Any

import pytest

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_options
from moneyboard.engine.state import Seat
from moneyboard.games.financity import GAME, FinanCityOptions
from moneyboard.games.financity.content import FILES, _read, load_content, parse_content


def files() -> dict[str, dict[str, Any]]:
    return {name: _read(name) for name in FILES}


def test_the_content_meets_the_issue_s_counts() -> None:
    c = load_content()
    assert len(c.homes) >= 6 and len(c.investments) >= 14
    assert len(c.shopping) >= 20 and len(c.events) >= 16
    assert {x.kind for x in c.investments} == {"business", "education"}
    assert {x.kind for x in c.shopping} == {"product", "service", "activity"}
    assert any(x.every_year for x in c.shopping) and not all(x.every_year for x in c.shopping)
    assert any(x.expenses < 0 for x in c.shopping)
    assert any(not e.harmful for e in c.events)
    assert [s.value for s in c.savings] == [100, 500, 1000]


def test_a_duplicate_id_is_named() -> None:
    data = files()
    data["events.toml"]["card"].append(dict(data["events.toml"]["card"][0]))
    with pytest.raises(OptionsError, match="duplicate event id"):
        parse_content(data)


def test_a_bad_field_is_named() -> None:
    data = files()
    data["homes.toml"]["home"][0]["income"] = -5
    with pytest.raises(OptionsError, match=r"homes\.0\.income"):
        parse_content(data)


def test_every_option_has_a_meaning() -> None:
    rows = describe_options(FinanCityOptions)
    assert all(row["meaning"] for row in rows), [r["name"] for r in rows if not r["meaning"]]


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"homes": ["castle"]}, "unknown home"),
        ({"manual_claims": ["pay_day"]}, "unknown claim"),
        ({"loan_zone_cards": 7}, "loan_zone_cards"),
        ({"years": 0}, "years"),
        ({"savings_step": 150}, "savings_step"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_named(overrides: dict[str, Any], expected: str) -> None:
    with pytest.raises(OptionsError, match=expected):
        GAME.options(overrides)


def test_a_home_per_seat_and_a_first_player_at_the_table() -> None:
    seats = [Seat("A"), Seat("B")]
    with pytest.raises(OptionsError, match="homes names 1 home, but the game has 2 seats"):
        GAME.new_state(seats, 1, {"homes": ["farmhouse"]})
    with pytest.raises(
        OptionsError,
        match=r"first_seat is 3, but the game has 2 seats: write 1 for Seat 1 up to 2 for Seat 2",
    ):
        GAME.new_state(seats, 1, {"first_seat": 3})


def test_the_trainer_reads_that_sales_have_no_limit_and_loan_cards_count_against_scores() -> None:
    """The rules list says what the defaults mean: no cap on Product offers (the rulebook),
    and loan cards a class lets winners keep still cost the champion's score (R22, R23)."""
    rows = {row["name"]: row for row in describe_options(FinanCityOptions)}
    assert rows["sales_per_year"]["default"] is None
    assert "no limit" in rows["sales_per_year"]["meaning"]
    assert "champion's too" in rows["win_loan_cards"]["meaning"]
