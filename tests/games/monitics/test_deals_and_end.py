"""Deals between players, paying when short, and the end with and without final turns."""

from __future__ import annotations

from typing import Any

import pytest

from moneyboard.engine.actions import Action
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import (
    BORROW,
    GIVE_UP,
    GRANT,
    LEND,
    PASS,
    REFUSE,
    REFUSE_LOAN,
    ROLL,
    STOP_FINAL,
    TAKE_FINAL,
    USE_SAVINGS,
    AskLoan,
    Bid,
    RepayFriend,
    Save,
    Sell,
)
from moneyboard.terminal.render import decision_line, result_lines
from tests.games.monitics.driver import (
    CRASH_BOX,
    LAST_BOX,
    RENT_BOX,
    STOCK_BOX,
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


# ----- buying a card from another player --------------------------------------------------
def test_a_player_buys_an_option_from_another_who_agrees() -> None:
    state = start(3)
    state.players[1].options = 1
    roll_to(state, STOCK_BOX, 2)
    offer = Propose(1, "buy_card", "option", 45)
    assert offer in state.legal_actions(0)
    act(state, offer)
    assert kind(state) == "offer" and state.to_move() == (1,)
    act(state, ACCEPT)
    assert state.players[0].options == 1 and state.players[1].options == 0
    assert (state.cash(0), state.cash(1)) == (355, 445)
    assert kind(state) == "turn" and state.turn.actions_left == 1
    # One player-to-player transaction per turn.
    state.players[2].insurance = 1
    assert reason(state, 0, Propose(2, "buy_card", "insurance", 60)) == "why.deal_limit"


def test_the_turn_prompt_counts_the_action_an_accepted_offer_used() -> None:
    """The prompt after an offer is settled agrees with the actions left (it was the count
    from before the offer, as the turn was first asked)."""
    state = start(3)
    state.players[1].insurance = 1
    state.players[2].insurance = 1
    state.players[0].tax_card = True  # paying the tax is no action: it would stay on offer
    roll_to(state, STOCK_BOX, 2)
    act(state, Save(10))
    assert decision_line(state, 0).startswith("Ada rolled 2: 1 action left this turn")
    act(state, Propose(1, "buy_card", "insurance", 90))
    act(state, ACCEPT)
    assert kind(state) == "turn" and state.turn.actions_left == 0
    assert decision_line(state, 0).startswith("Ada rolled 2: 0 actions left this turn")
    assert [state.action_label(a) for a in state.legal_actions(0)] == ["End the turn"]
    # A declined offer uses no action: the count stays.
    other = start(3)
    other.players[1].insurance = 1
    roll_to(other, STOCK_BOX, 2)
    act(other, Propose(1, "buy_card", "insurance", 60))
    act(other, DECLINE)
    assert decision_line(other, 0).startswith("Ada rolled 2: 2 actions left this turn")


def test_a_declined_offer_costs_no_action_and_that_player_is_not_asked_again() -> None:
    state = start(3)
    state.players[1].options = 1
    state.players[2].options = 1
    roll_to(state, STOCK_BOX, 2)
    act(state, Propose(1, "buy_card", "option", 30))
    act(state, DECLINE)
    assert state.turn.actions_left == 2 and state.cash(0) == 400
    assert reason(state, 0, Propose(1, "buy_card", "option", 45)) == "why.already_asked"
    refused = state.why_not(0, Propose(1, "buy_card", "option", 45))
    assert refused is not None
    assert state.explain(refused) == f"You have already asked {state.seats[1].name} this turn."
    act(state, Propose(2, "buy_card", "option", 30))
    act(state, ACCEPT)
    assert state.players[0].options == 1


def test_only_cards_are_sold_between_players() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    assert reason(state, 0, Propose(1, "sell", "duplex", 10)) == "why.no_such_deal"
    assert reason(state, 0, Propose(1, "buy_card", "option", 10)) == "why.seller_has_none"


# ----- paying when short ------------------------------------------------------------------
def short_of_rent(players: int = 2, **options: Any) -> MoniticsState:
    """Seat 0 lands on Rent ($60) with $20 cash and $10 savings: $40 short in cash."""
    state = start(players, **options)
    set_money(state, 0, 20, 10)
    roll_to(state, RENT_BOX, 3)
    assert kind(state) == "shortfall"
    assert state.decision is not None and state.decision.data["short"] == 40
    return state


def test_savings_cover_what_cash_lacks_when_the_player_chooses_so() -> None:
    state = start()
    set_money(state, 0, 20, 100)
    roll_to(state, RENT_BOX, 3)
    assert kind(state) == "shortfall"
    assert reason(state, 0, GIVE_UP) == "why.can_use_savings"
    act(state, USE_SAVINGS)
    assert (state.cash(0), state.savings(0)) == (0, 60)
    assert kind(state) == "turn" and state.turn.actions_left == 2


def test_the_option_that_savings_pay_at_once() -> None:
    state = start(savings_pay_automatically=True)
    set_money(state, 0, 20, 100)
    roll_to(state, RENT_BOX, 3)
    assert (state.cash(0), state.savings(0), kind(state)) == (0, 60, "turn")


def test_a_bank_loan_covers_a_bill_without_using_an_action() -> None:
    state = short_of_rent()
    assert reason(state, 0, GIVE_UP) == "why.can_borrow"
    act(state, BORROW)
    assert (state.cash(0), state.savings(0)) == (20 + 200 - 60, 10)
    assert state.players[0].loan == 0
    assert kind(state) == "turn" and state.turn.actions_left == 2


def test_another_player_may_lend_to_cover_a_bill() -> None:
    state = short_of_rent()
    act(state, AskLoan(1))
    assert kind(state) == "lend" and state.to_move() == (1,)
    act(state, LEND)
    assert state.cash(1) == 360
    assert state.players[0].debts == {1: 48}  # $40 and 20%
    assert (state.cash(0), state.savings(0)) == (0, 10)
    assert reason(state, 0, RepayFriend(1)) in ("why.loan_same_turn", "why.short_of_cash")
    end_turn(state)
    skip_turns(state, [1])
    set_money(state, 0, 50)
    roll_to(state, STOCK_BOX, 2)
    act(state, RepayFriend(1))
    assert state.players[0].debts == {} and state.cash(1) == 408


def test_a_refused_loan_leaves_the_other_ways_to_pay() -> None:
    state = short_of_rent()
    act(state, AskLoan(1))
    act(state, REFUSE_LOAN)
    assert kind(state) == "shortfall"
    assert reason(state, 0, AskLoan(1)) == "why.already_asked"
    act(state, BORROW)
    assert kind(state) == "turn"


def test_selling_an_asset_at_market_value_covers_a_bill() -> None:
    state = start()
    set_money(state, 0, 20, 10)
    give(state, 0, "bank_shares")
    state.players[0].loan = 0  # a loan is already out: no bank loan now
    roll_to(state, RENT_BOX, 3)
    assert reason(state, 0, GIVE_UP) == "why.can_sell"
    act(state, Sell("bank_shares"))
    assert state.cash(0) + state.savings(0) == 20 + 10 + value("bank_shares") - 60


def test_a_player_who_cannot_pay_is_out_and_the_last_one_standing_wins() -> None:
    state = short_of_rent()
    state.players[0].loan = 0
    act(state, GIVE_UP)  # $10 of savings cannot cover the $40 either
    assert state.players[0].out
    assert state.terminal and state.result is not None
    assert state.result.winners == (1,)


def test_with_three_players_the_game_can_go_on_without_the_one_who_is_out() -> None:
    state = short_of_rent(3, bankruptcy="player_out")
    state.players[0].loan = 0
    act(state, GIVE_UP)
    assert not state.terminal
    assert state.to_move() == (1,) and kind(state) == "roll"


def test_one_insolvency_ends_the_game_as_the_rulebook_says() -> None:
    state = start(3)  # the default: "they lose, the game ends"
    set_money(state, 0, 20, 10)
    state.players[0].loan = 0
    roll_to(state, RENT_BOX, 3)
    act(state, GIVE_UP)
    assert state.terminal and state.result is not None and 0 not in state.result.winners


def test_a_crash_offers_each_asset_to_others_but_only_one_deal_per_turn() -> None:
    state = start(3)
    give(state, 0, "bank_shares", "gold")
    roll_to(state, CRASH_BOX, 5)
    assert kind(state) == "bid" and state.to_move() == (1,)
    act(state, Bid(value("bank_shares", "distress")))
    assert state.owners["bank_shares"] == 1
    assert "gold" not in state.owners  # no second deal: the bank bought it
    bought = value("bank_shares", "distress")
    assert state.cash(0) == 400 + bought + value("gold", "distress")


def test_a_bid_above_cash_or_outside_distress_to_market_value_is_refused() -> None:
    state = start()
    give(state, 0, "duplex")
    set_money(state, 1, value("duplex") - 1)
    roll_to(state, CRASH_BOX, 5)
    assert kind(state) == "bid"
    assert reason(state, 1, Bid(value("duplex"))) == "why.short_of_cash"
    assert reason(state, 1, Bid(value("duplex", "distress") - 1)) == "why.bid_below_distress"
    assert reason(state, 1, Bid(value("duplex") + 1)) == "why.bid_above_market"
    assert state.can(1, Bid(value("duplex", "distress") + 1))
    act(state, PASS)


# ----- the end ----------------------------------------------------------------------------
def finish_first(state: MoniticsState) -> None:
    """Seat 0 rolls onto the last box and ends its turn."""
    state.players[0].position = LAST_BOX - 2
    state.force("die", [2])
    act(state, ROLL)
    end_turn(state)


def test_the_finisher_may_give_the_others_two_final_turns() -> None:
    state = start(3)
    finish_first(state)
    assert kind(state) == "grant" and state.to_move() == (0,)
    act(state, GRANT)
    asked = []
    while not state.terminal:
        assert kind(state) == "final_turn"
        asked.append(state.to_move()[0])
        act(state, TAKE_FINAL)
        skip_turns(state, [state.to_move()[0]])
    assert asked == [1, 2, 1, 2]


def test_each_player_may_decline_their_final_turns() -> None:
    state = start(3)
    finish_first(state)
    act(state, GRANT)
    act(state, STOP_FINAL)  # seat 1 stops
    act(state, TAKE_FINAL)  # seat 2 plays
    skip_turns(state, [2])
    assert kind(state) == "final_turn" and state.to_move() == (2,)
    act(state, TAKE_FINAL)
    skip_turns(state, [2])
    assert state.terminal
    assert "end.stopped" in events(state)


def test_without_final_turns_the_count_begins_at_once() -> None:
    state = start(3)
    finish_first(state)
    act(state, REFUSE)
    assert state.terminal


@pytest.mark.parametrize(("grant", "final_decisions"), [("always", 4), ("never", 0)])
def test_the_final_turns_options(grant: str, final_decisions: int) -> None:
    state = start(3, final_turns_grant=grant)
    finish_first(state)
    count = 0
    while not state.terminal:
        assert kind(state) == "final_turn"
        act(state, TAKE_FINAL)
        skip_turns(state, [state.to_move()[0]])
        count += 1
    assert count == final_decisions


def test_net_worth_decides_not_speed_and_1000_is_flagged() -> None:
    state = start(final_turns_grant="never")
    set_money(state, 1, 900, 200)
    finish_first(state)
    assert state.result is not None
    assert state.result.winners == (1,)
    assert state.result.scores == (400.0, 1100.0)
    flagged = [p["seat"] for k, p in state.log if k == "end.did_well"]
    assert flagged == [1]


def test_loans_between_players_are_settled_at_the_end() -> None:
    state = start(final_turns_grant="never")
    state.players[0].debts = {1: 100}
    set_money(state, 0, 60, 20)
    finish_first(state)
    assert state.cash(1) == 480 and state.players[0].debts == {1: 20}
    # What is still owed stays a liability of one and counts for the other.
    assert state.result is not None and state.result.scores == (-20.0, 500.0)


def test_net_worth_adds_up_with_money_another_player_still_owes() -> None:
    """The end screen's sum and the metrics (the debrief's figures) both count what another
    player still owes the lender, so each adds up to the net worth that won (R22)."""
    state = start(final_turns_grant="never")
    state.players[1].debts = {0: 100}
    set_money(state, 1, 60, 20)
    finish_first(state)
    assert state.result is not None and state.players[1].debts == {0: 20}
    assert state.result.scores == (500.0, -20.0)
    for seat, score in enumerate(state.result.scores):
        m = state.metrics(seat)
        assert m["cash"] + m["savings"] + m["assets"] - m["debt"] == m["score"] == score
    (line,) = result_lines(state, 0)
    assert line == (
        "cash $480 + savings $0 + asset value $0 + money other players still owe Ada $20"
        " − liabilities $0"
    )
    assert result_lines(state, 1) == ["cash $0 + savings $0 + asset value $0 − liabilities $20"]
    assert state.view(None)["players"][0]["owed_by_others"] == 20
    assert state.view(None)["players"][1]["debts"] == ["$20 to Ada"]  # by name, not seat 0
