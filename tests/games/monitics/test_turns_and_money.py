"""The turn and the money rules: two actions, savings, the loan ladder, tax, Crash, assets."""

from __future__ import annotations

import pytest

from moneyboard.engine.actions import Action
from moneyboard.engine.errors import IllegalActionError
from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import (
    BORROW,
    END_TURN,
    KEEP_ROLL,
    PAY_TAX,
    REPAY,
    ROLL,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTIONS,
    Buy,
    BuyCard,
    Save,
    Sell,
    Withdraw,
)
from tests.games.monitics.driver import (
    COMPANY_BOX,
    CRASH_BOX,
    STOCK_BOX,
    TAX_BOX,
    act,
    end_turn,
    events,
    give,
    kind,
    roll_to,
    set_money,
    skip_turns,
    start,
    value,
)


def reason(state: MoniticsState, seat: int, action: Action) -> str:
    """The message key of the reason ``action`` is refused (it must be refused)."""
    why = state.why_not(seat, action)
    assert why is not None
    return str(why.key)


# ----- the turn ---------------------------------------------------------------------------
def test_a_turn_is_roll_move_resolve_then_at_most_two_actions() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    act(state, Save(50))
    act(state, Withdraw(20))
    assert kind(state) == "turn"
    assert reason(state, 0, Save(10)) == "why.no_actions_left"
    assert set(state.legal_actions(0)) == {END_TURN, PAY_TAX}
    end_turn(state)
    assert state.to_move() == (1,) and kind(state) == "roll"
    assert (state.cash(0), state.savings(0)) == (370, 30)


def test_moving_money_either_way_is_an_action_and_earns_no_interest() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    act(state, Save(100))
    assert state.turn.actions_left == 1
    act(state, END_TURN)
    skip_turns(state, [1, 0, 1])
    assert state.savings(0) == 100


def test_the_voluntary_tax_is_not_one_of_the_two_actions_and_may_be_paid_before_rolling() -> None:
    state = start()
    act(state, PAY_TAX)
    assert kind(state) == "roll" and state.players[0].tax_card
    assert state.cash(0) == 375
    act(state, ROLL)
    assert state.turn.actions_left == 2


def test_the_tax_may_count_as_an_action_under_the_option() -> None:
    state = start(tax_counts_as_action=True)
    roll_to(state, STOCK_BOX, 2)
    act(state, PAY_TAX)
    assert state.turn.actions_left == 1
    state = start(tax_counts_as_action=True)
    act(state, PAY_TAX)  # before rolling: still one of this turn's two
    act(state, ROLL)
    assert state.turn.actions_left == 1


def test_the_board_is_complete_when_a_roll_reaches_or_passes_the_last_box() -> None:
    state = start(final_turns_grant="never")
    state.players[0].position = 50
    state.force("die", [6])
    act(state, ROLL)
    assert state.players[0].position == 52 and state.finisher == 0
    assert kind(state) == "turn"  # the finisher still takes that turn's actions
    end_turn(state)
    assert state.terminal


# ----- assets -----------------------------------------------------------------------------
def test_an_asset_box_opens_the_bank_market_for_its_kind_only() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    assert state.can(0, Buy("bank_shares"))
    assert reason(state, 0, Buy("food_kiosk")) == "why.wrong_market"
    act(state, Buy("bank_shares"))
    assert state.cash(0) == 400 - value("bank_shares", "purchase")
    assert state.owners["bank_shares"] == 0
    assert reason(state, 0, Sell("bank_shares")) == "why.too_soon_to_sell"
    end_turn(state)
    assert reason(state, 1, Buy("bank_shares")) == "why.not_this_decision"  # asked to roll


def test_assets_are_bought_only_after_landing_on_an_asset_box_by_default() -> None:
    state = start()
    roll_to(state, TAX_BOX, 6)
    assert reason(state, 0, Buy("bank_shares")) == "why.no_market"


@pytest.mark.parametrize("market", ["any_asset_box", "any_time"])
def test_the_asset_market_options(market: str) -> None:
    state = start(asset_market=market)
    roll_to(state, COMPANY_BOX if market == "any_asset_box" else TAX_BOX, 1)
    assert state.can(0, Buy("duplex"))


def test_an_asset_is_sold_at_market_value_from_the_next_turn() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    act(state, Buy("bank_shares"))
    end_turn(state)
    skip_turns(state, [1])
    roll_to(state, STOCK_BOX, 2)
    act(state, Sell("bank_shares"))
    assert state.cash(0) == 400 - value("bank_shares", "purchase") + value("bank_shares")
    assert "bank_shares" not in state.owners


def test_net_worth_counts_cash_savings_assets_at_market_value_less_liabilities() -> None:
    state = start()
    set_money(state, 0, 100, 50)
    give(state, 0, "duplex")
    state.players[0].loan = 0
    state.players[0].tax_debt = 60
    assert state.net_worth(0) == 100 + 50 + value("duplex") - 240 - 60


# ----- the loan ladder --------------------------------------------------------------------
def borrow_and_repay(state: MoniticsState, rounds: int) -> list[tuple[int, int]]:
    """Borrow on one turn, repay on the next, ``rounds`` times: (borrowed, repaid) each."""
    seen = []
    for _ in range(rounds):
        roll_to(state, STOCK_BOX, 2)
        before = state.cash(0)
        act(state, BORROW)
        borrowed = state.cash(0) - before
        assert reason(state, 0, REPAY) == "why.loan_same_turn"
        assert reason(state, 0, BORROW) == "why.loan_outstanding"
        end_turn(state)
        skip_turns(state, [1])
        roll_to(state, STOCK_BOX, 2)
        before = state.cash(0)
        act(state, REPAY)
        seen.append((borrowed, before - state.cash(0)))
        end_turn(state)
        skip_turns(state, [1])
    return seen


def test_loans_climb_the_ladder_200_300_500_and_stay_at_the_top() -> None:
    state = start(start_cash=1000)
    assert borrow_and_repay(state, 4) == [(200, 240), (300, 350), (500, 600), (500, 600)]


def test_after_the_top_loan_the_ladder_may_restart() -> None:
    state = start(start_cash=1000, after_top_loan="restart")
    assert borrow_and_repay(state, 4)[3] == (200, 240)


def test_the_loan_card_is_a_liability_until_repaid() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    worth = state.net_worth(0)
    act(state, BORROW)
    assert state.liabilities(0) == 240 and state.net_worth(0) == worth - 40


def test_repaying_needs_the_whole_amount_in_cash() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    act(state, BORROW)
    end_turn(state)
    skip_turns(state, [1])
    set_money(state, 0, 239, 500)
    roll_to(state, STOCK_BOX, 2)
    assert reason(state, 0, REPAY) == "why.short_of_cash"


# ----- tax --------------------------------------------------------------------------------
def test_voluntary_tax_makes_the_tax_box_harmless() -> None:
    state = start()
    act(state, PAY_TAX)
    state.force("die", [6])
    act(state, ROLL)
    assert state.cash(0) == 375 and "tax.exempt" in events(state)
    assert reason(state, 0, PAY_TAX) == "why.tax_card_held"


def test_caught_by_the_taxman_pays_50_and_gets_the_tax_card() -> None:
    state = start()
    roll_to(state, TAX_BOX, 6)
    assert state.cash(0) == 350 and state.players[0].tax_card


def test_caught_without_the_money_owes_50_plus_10_at_the_end() -> None:
    state = start(final_turns_grant="never")
    set_money(state, 0, 20, 20)
    roll_to(state, TAX_BOX, 6)
    assert state.players[0].tax_debt == 60 and state.players[0].tax_card
    assert (state.cash(0), state.savings(0)) == (20, 20)
    assert state.liabilities(0) == 60
    end_turn(state)
    skip_turns(state, [1])
    set_money(state, 0, 100)
    state.players[0].position = 50
    state.force("die", [6])
    act(state, ROLL)
    end_turn(state)
    assert state.terminal
    assert state.cash(0) == 40 and state.players[0].tax_debt == 0
    assert "end.tax_paid" in events(state)


# ----- crash ------------------------------------------------------------------------------
def test_a_crash_without_assets_takes_60_percent_of_cash_and_spares_savings() -> None:
    state = start()
    set_money(state, 0, 255, 100)
    roll_to(state, CRASH_BOX, 5)
    assert (state.cash(0), state.savings(0)) == (255 - 153, 100)


def test_a_crash_sells_every_asset_at_distress_value() -> None:
    state = start()
    set_money(state, 0, 100, 100)
    set_money(state, 1, 0)  # nobody can bid
    give(state, 0, "duplex", "gold", "palm_oil")
    roll_to(state, CRASH_BOX, 5)
    assert state.players[0].assets == {}
    sold = sum(value(a, "distress") for a in ("duplex", "gold", "palm_oil"))
    assert state.cash(0) == 100 + sold and state.savings(0) == 100


def test_insurance_prevents_a_crash() -> None:
    state = start()
    state.players[0].insurance = 1
    give(state, 0, "duplex")
    roll_to(state, CRASH_BOX, 5)
    assert kind(state) == "protect"
    act(state, USE_INSURANCE)
    assert "duplex" in state.players[0].assets and state.cash(0) == 400
    assert kind(state) == "roll" and state.to_move() == (1,)


def test_two_options_prevent_a_crash_and_go_back_to_the_bank() -> None:
    state = start()
    state.players[0].options = 2
    state.stock["option"] -= 2
    roll_to(state, CRASH_BOX, 5)
    act(state, KEEP_ROLL)
    act(state, USE_OPTIONS)
    assert state.cash(0) == 400 and state.players[0].options == 0
    assert state.stock["option"] == 6
    assert kind(state) == "turn"  # options do not end the turn's moves


def test_one_option_is_not_enough_against_a_crash() -> None:
    state = start()
    state.players[0].options = 1
    state.players[0].position = CRASH_BOX - 5
    state.force("die", [5])
    act(state, ROLL)
    assert kind(state) == "reroll"
    act(state, KEEP_ROLL)
    assert state.cash(0) == 400 - 240  # no protect question: 60% of cash lost


def test_a_crash_may_be_taken_while_keeping_the_insurance() -> None:
    state = start()
    state.players[0].insurance = 1
    roll_to(state, CRASH_BOX, 5)
    act(state, TAKE_HIT)
    assert state.cash(0) == 160 and state.players[0].insurance == 1


# ----- cards from the bank ----------------------------------------------------------------
def test_options_and_insurance_are_bought_from_the_bank_within_the_limits() -> None:
    state = start(bank_insurance=1)
    roll_to(state, STOCK_BOX, 2)
    act(state, BuyCard("insurance"))
    assert state.cash(0) == 340 and state.stock["insurance"] == 0
    assert reason(state, 0, BuyCard("insurance")) == "why.bank_out_of"
    act(state, BuyCard("option"))
    assert state.players[0].options == 1


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    before = (state.cash(0), len(state.log), len(state.moves))
    with pytest.raises(IllegalActionError, match="loan"):
        state.apply(0, REPAY)
    assert (state.cash(0), len(state.log), len(state.moves)) == before


def test_taking_money_out_of_savings_shows_as_one_button_whatever_the_sum() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    set_money(state, 0, 200, savings=0)
    buttons = state.seat_actions(0)
    withdraw = [e for e in buttons["refused"] if e["action"]["type"] == "withdraw"]
    # One greyed button for the whole ladder ($10 to $200), with its smallest sum's reason.
    assert [(e["text"], e["reason"]) for e in withdraw] == [
        ("Take money out of savings", "You have nothing in savings.")
    ]

    set_money(state, 0, 200, savings=30)
    buttons = state.seat_actions(0)
    # $10 and $20 are open: one button with the range, and no greyed $50, $100 or $200.
    assert [e["amount"] for e in buttons["legal"] if e["action"]["type"] == "withdraw"] == [
        {"field": "amount", "min": 1, "max": 30, "step": 1, "money": True}
    ]
    assert not [e for e in buttons["refused"] if e["action"]["type"] == "withdraw"]
