"""Circumstances 1-6, each branch as the rulebook writes it, chosen by the die that moved."""

from __future__ import annotations

import pytest

from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import (
    KEEP_ROLL,
    PASS,
    ROLL,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTION,
    USE_SAVINGS,
    Bid,
    ForcedSale,
)
from tests.games.monitics.driver import (
    CIRCUMSTANCES_BOXES,
    act,
    events,
    give,
    kind,
    roll_to,
    set_money,
    start,
    value,
)

BOX = CIRCUMSTANCES_BOXES[2]  # box 11: far enough from the start for every die


def player_with(cash: int = 200, savings: int = 0) -> MoniticsState:
    """A two-player game where seat 0, about to roll, has this cash and savings."""
    state = start()
    set_money(state, 0, cash, savings)
    return state


def test_the_die_that_moved_the_player_picks_the_circumstance() -> None:
    for number in range(1, 7):
        state = start()
        set_money(state, 0, 200)
        roll_to(state, BOX, number)
        drawn = [p["number"] for k, p in state.log if k == "circumstance.drawn"]
        assert drawn == [number]
        assert events(state).count("chance.drawn") == 1  # no second roll for it


def test_the_circumstance_is_told_by_its_card_title() -> None:
    state = start()
    set_money(state, 0, 200)
    roll_to(state, BOX, 5)
    told = [state.explain(e) for e in state.log if e[0] == "circumstance.drawn"]
    assert told == [
        "Circumstance 5 for Ada: the roll that brought them here decides (Wahala Pro Max)."
    ]


def test_after_an_option_replay_the_last_roll_decides() -> None:
    state = start()
    set_money(state, 0, 200)
    state.players[0].options = 1
    state.players[0].position = BOX - 4
    state.force("die", [2, 4])
    act(state, ROLL)
    assert kind(state) == "reroll"
    act(state, USE_OPTION)
    drawn = [p["number"] for k, p in state.log if k == "circumstance.drawn"]
    assert drawn == [4]
    assert state.players[0].position == BOX
    assert state.players[0].options == 0 and state.stock["option"] == 7


def test_keeping_the_roll_moves_by_it() -> None:
    state = start()
    state.players[0].options = 1
    state.force("die", [2])
    act(state, ROLL)
    act(state, KEEP_ROLL)
    assert state.players[0].position == 2 and state.players[0].options == 1


# ----- 1 Major Expense --------------------------------------------------------------------
def test_major_expense_costs_40_without_insurance() -> None:
    state = player_with()
    roll_to(state, BOX, 1)
    assert state.cash(0) == 160


def test_major_expense_is_avoided_with_insurance_which_goes_back_and_ends_the_moves() -> None:
    state = player_with()
    state.players[0].insurance = 1
    state.stock["insurance"] -= 1
    roll_to(state, BOX, 1)
    assert kind(state) == "protect"
    act(state, USE_INSURANCE)
    assert state.cash(0) == 200
    assert state.players[0].insurance == 0 and state.stock["insurance"] == 4
    assert "turn.insurance_stop" in events(state)
    assert state.to_move() == (1,) and kind(state) == "roll"


def test_major_expense_may_be_taken_while_keeping_the_insurance() -> None:
    state = player_with()
    state.players[0].insurance = 1
    roll_to(state, BOX, 1)
    act(state, TAKE_HIT)
    assert state.cash(0) == 160 and state.players[0].insurance == 1
    assert kind(state) == "turn"


def test_major_expense_comes_out_of_savings_when_cash_is_short() -> None:
    state = player_with(cash=15, savings=100)
    roll_to(state, BOX, 1)
    act(state, USE_SAVINGS)
    assert (state.cash(0), state.savings(0)) == (0, 75)


# ----- 2 Forced Sale ----------------------------------------------------------------------
def test_forced_sale_sells_the_only_asset_over_30_at_distress_value() -> None:
    state = player_with(cash=100)
    give(state, 0, "bank_shares", "palm_oil")  # palm oil's market value is 28: not over 30
    set_money(state, 1, 0)  # the other player cannot bid
    roll_to(state, BOX, 2)
    assert "bank_shares" not in state.players[0].assets
    assert "palm_oil" in state.players[0].assets
    assert state.cash(0) == 100 + value("bank_shares", "distress")
    assert "bank_shares" not in state.owners


def test_forced_sale_lets_the_player_choose_among_several_assets() -> None:
    state = player_with(cash=100)
    give(state, 0, "bank_shares", "duplex")
    set_money(state, 1, 0)
    roll_to(state, BOX, 2)
    assert kind(state) == "forced_sale"
    assert set(state.legal_actions(0)) == {ForcedSale("bank_shares"), ForcedSale("duplex")}
    act(state, ForcedSale("duplex"))
    assert list(state.players[0].assets) == ["bank_shares"]
    assert state.cash(0) == 100 + state.content.asset["duplex"].distress


def test_forced_sale_without_such_an_asset_takes_30_percent_of_cash_and_savings() -> None:
    state = player_with(cash=70, savings=30)
    give(state, 0, "palm_oil")
    roll_to(state, BOX, 2)
    assert (state.cash(0), state.savings(0)) == (40, 30)  # $30, from cash first


def test_forced_sale_loss_reaches_savings_when_cash_runs_out() -> None:
    state = player_with(cash=10, savings=90)
    roll_to(state, BOX, 2)
    assert (state.cash(0), state.savings(0)) == (0, 70)


def test_forced_sale_does_nothing_with_no_cash_and_no_savings() -> None:
    state = player_with(cash=0)
    roll_to(state, BOX, 2)
    assert "circumstance.nothing" in events(state)
    assert kind(state) == "turn"


def test_forced_sale_is_prevented_by_insurance() -> None:
    state = player_with(cash=100)
    give(state, 0, "bank_shares")
    state.players[0].insurance = 1
    roll_to(state, BOX, 2)
    act(state, USE_INSURANCE)
    assert "bank_shares" in state.players[0].assets and state.cash(0) == 100


def test_another_player_may_buy_the_distressed_asset_and_the_seller_must_accept() -> None:
    state = player_with(cash=100)
    give(state, 0, "bank_shares")
    roll_to(state, BOX, 2)
    assert kind(state) == "bid" and state.to_move() == (1,)
    low, high = value("bank_shares", "distress"), value("bank_shares")
    middle = (low + high) // 2
    assert set(state.legal_actions(1)) == {Bid(low), Bid(middle), Bid(high), PASS}
    act(state, Bid(middle))
    assert state.owners["bank_shares"] == 1
    assert state.cash(0) == 100 + middle and state.cash(1) == 400 - middle
    # Not resold before the buyer's second turn from now.
    assert state.players[1].assets["bank_shares"] == state.players[1].turns + 2


def test_a_pass_sends_the_distressed_asset_to_the_bank() -> None:
    state = player_with(cash=100)
    give(state, 0, "bank_shares")
    roll_to(state, BOX, 2)
    act(state, PASS)
    assert "bank_shares" not in state.owners
    assert state.cash(0) == 100 + value("bank_shares", "distress")


# ----- 3 Good Money Habits ----------------------------------------------------------------
@pytest.mark.parametrize(("savings", "cash_after"), [(20, 220), (100, 220), (19, 190), (0, 190)])
def test_good_money_habits(savings: int, cash_after: int) -> None:
    state = player_with(cash=200, savings=savings)
    roll_to(state, BOX, 3)
    assert state.cash(0) == cash_after and state.savings(0) == savings


# ----- 4 Ownership Pays -------------------------------------------------------------------
def test_ownership_pays_an_owner_50() -> None:
    state = player_with()
    give(state, 0, "palm_oil")
    roll_to(state, BOX, 4)
    assert state.cash(0) == 250


def test_ownership_costs_20_to_a_player_who_owns_nothing() -> None:
    state = player_with()
    roll_to(state, BOX, 4)
    assert state.cash(0) == 180


# ----- 5 Wahala Pro Max -------------------------------------------------------------------
def test_wahala_takes_40_percent_of_cash_without_insurance_or_savings() -> None:
    state = player_with(cash=205)
    roll_to(state, BOX, 5)
    assert state.cash(0) == 205 - 82  # 40% of 205 is 82 (rounded down)


def test_wahala_spares_a_player_with_savings() -> None:
    state = player_with(cash=200, savings=10)
    roll_to(state, BOX, 5)
    assert state.cash(0) == 200 and "circumstance.wahala_safe" in events(state)


def test_wahala_spares_a_player_with_insurance_without_using_it() -> None:
    state = player_with(cash=200)
    state.players[0].insurance = 1
    roll_to(state, BOX, 5)
    assert state.cash(0) == 200 and state.players[0].insurance == 1
    assert kind(state) == "turn"


# ----- 6 Business Gain --------------------------------------------------------------------
def test_business_gain_grants_100_to_a_company_owner() -> None:
    state = player_with()
    give(state, 0, "food_kiosk")
    roll_to(state, BOX, 6)
    assert state.cash(0) == 300


def test_business_gain_costs_20_without_a_company_even_with_other_assets() -> None:
    state = player_with()
    give(state, 0, "gold", "duplex")
    roll_to(state, BOX, 6)
    assert state.cash(0) == 180


def test_every_circumstance_is_explained() -> None:
    for number in range(1, 7):
        state = player_with()
        roll_to(state, BOX, number)
        for entry in state.log:
            assert entry[0] in state.catalogue, entry[0]
