"""Rule options and content files: every option documented, bad values and files named."""

from __future__ import annotations

import copy
import tomllib
from importlib import resources
from typing import Any

import pytest

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_options
from moneyboard.games.monitics import GAME, MoniticsOptions
from moneyboard.games.monitics.content import FILES, load_content, parse_content
from tests.games.monitics.driver import start


def shipped() -> dict[str, dict[str, Any]]:
    """The content files as parsed TOML, keyed by file name."""
    package = "moneyboard.games.monitics"
    return {
        name: tomllib.loads(resources.files(package).joinpath("data", name).read_text())
        for name in FILES
    }


def test_every_option_has_a_meaning_and_the_rulebook_figures_are_defaults() -> None:
    rows = describe_options(MoniticsOptions)
    assert all(row["meaning"] for row in rows)
    o = MoniticsOptions()
    assert (o.actions_per_turn, o.voluntary_tax, o.tax_penalty) == (2, 25, 50)
    assert o.turn_seconds is None  # the two minutes are a variant (R23)
    assert o.tax_debt_surcharge == 10 and o.crash_cash_loss_pct == 60
    assert o.loan_ladder == ((200, 240), (300, 350), (500, 600))
    assert (o.major_expense, o.forced_sale_min_value, o.forced_sale_loss_pct) == (40, 30, 30)
    assert (o.habits_savings_min, o.habits_reward, o.habits_penalty) == (20, 20, 10)
    assert (o.ownership_reward, o.ownership_penalty, o.wahala_loss_pct) == (50, 20, 40)
    assert (o.business_grant, o.business_penalty, o.crash_options_needed) == (100, 20, 2)
    assert (o.final_turns, o.did_well, o.transactions_per_turn) == (2, 1000, 1)


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"start_cash": -5}, "start_cash"),
        ({"loan_ladder": [[200, 100]]}, "repay at least"),
        ({"loan_ladder": []}, "at least one loan"),
        ({"amount_steps": [10, 10]}, "twice"),
        ({"amount_steps": [0]}, "positive"),
        ({"asset_market": "bazaar"}, "asset_market"),
        ({"final_turns_grant": "sometimes"}, "final_turns_grant"),
        ({"ownership_counts_cards": "maybe"}, "ownership_counts_cards"),
        ({"taxman_catches_on": 7}, "taxman_catches_on"),
        ({"crash_reach": "everyone"}, "crash_reach' must be 'lander' or 'asset_holders'"),
        ({"no_such_rule": 1}, "no_such_rule"),
    ],
)
def test_bad_options_are_refused_with_their_name(overrides: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        GAME.options(overrides)


def test_the_first_player_says_which_number_is_which_player() -> None:
    """Players are called Player 1, Player 2...: the option counts them the same way (1 is
    Player 1, the default), and so does its error; the old 0-based name is not listed."""
    rows = {r["name"]: r for r in describe_options(MoniticsOptions)}
    row = rows["first_seat"]
    assert "1 for Player 1" in row["meaning"] and "2 for Player 2" in row["meaning"]
    assert row["default"] == 1 and row["accepts"] == "a whole number from 1 to 6"
    assert "first_player" not in rows
    with pytest.raises(OptionsError) as caught:
        start(2, first_seat=3)
    assert str(caught.value) == (
        "first_seat is 3, but the game has 2 players: write 1 for Player 1 up to 2 for Player 2"
    )


def test_the_shipped_content_has_four_kinds_of_at_least_16_assets() -> None:
    content = load_content()
    assert len(content.assets) >= 16
    assert {a.kind for a in content.assets} == {"property", "stock", "company", "commodity"}
    assert {b.id for b in content.bills} == {"rent", "food", "transport", "utilities"}
    for box in content.boxes:
        assert box.type in ("bill", "asset", "circumstances", "tax", "crash", "finish")


def broken(change: Any) -> str:
    files = copy.deepcopy(shipped())
    change(files)
    with pytest.raises(OptionsError) as caught:
        parse_content(files)
    return str(caught.value)


def test_broken_content_is_refused_with_a_message_naming_the_problem() -> None:
    def unknown_bill(f: dict[str, Any]) -> None:
        f["board.toml"]["boxes"][0] = "bill:school_fees"

    def no_finish(f: dict[str, Any]) -> None:
        f["board.toml"]["boxes"][-1] = "tax"

    def early_finish(f: dict[str, Any]) -> None:
        f["board.toml"]["boxes"][3] = "finish"

    def distress_above_market(f: dict[str, Any]) -> None:
        f["assets.toml"]["asset"][0]["distress"] = 10_000

    def duplicate_asset(f: dict[str, Any]) -> None:
        f["assets.toml"]["asset"].append(dict(f["assets.toml"]["asset"][0]))

    def bad_kind(f: dict[str, Any]) -> None:
        f["board.toml"]["boxes"][1] = "asset:crypto"

    def negative_bill(f: dict[str, Any]) -> None:
        f["bills.toml"]["bill"][0]["amount"] = -1

    assert "school_fees" in broken(unknown_bill)
    assert "last box must be the finish" in broken(no_finish)
    assert "box 4" in broken(early_finish)
    assert "distress value" in broken(distress_above_market)
    assert "duplicate asset" in broken(duplicate_asset)
    assert "crypto" in broken(bad_kind)
    assert "amount" in broken(negative_bill)


def test_action_space_is_finite_and_without_repeats() -> None:
    for players in (2, 6):
        space = GAME.action_space(GAME.options(), players)
        assert len(space) == len(set(space))


def test_the_turn_clock_option_says_it_departs_from_the_rulebook_s_two_minutes() -> None:
    """``moneyboard rules monitics`` tells a trainer that no clock is not the rulebook's way."""
    rows = {r["name"]: r for r in describe_options(MoniticsOptions)}
    meaning = " ".join(rows["turn_seconds"]["meaning"].split())
    assert "departs from the rulebook" in meaning and "two minutes" in meaning
