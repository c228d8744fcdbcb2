"""One test per ruling in src/moneyboard/games/monitics/RULINGS.md (R25 is test_balance.py)."""

from __future__ import annotations

import random

import pytest

from moneyboard.engine.actions import Action
from moneyboard.engine.claims import Claim
from moneyboard.engine.errors import IllegalActionError, OptionsError, RecordError
from moneyboard.engine.offers import Propose
from moneyboard.engine.record import record_of, replay
from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import (
    BORROW,
    BUY_OPTION,
    END_TURN,
    GIVE_UP,
    GRANT,
    KEEP_ROLL,
    LEND,
    PASS,
    PAY_TAX,
    REFUSE_LOAN,
    REPAY,
    ROLL,
    STOP_FINAL,
    TAKE_FINAL,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTION,
    USE_SAVINGS,
    AskLoan,
    Bid,
    Buy,
    ForcedSale,
    RepayFriend,
    Save,
    Sell,
    Withdraw,
)
from moneyboard.games.monitics.content import load_content
from moneyboard.games.monitics.options import MoniticsOptions
from moneyboard.registry import get_game
from tests.games.monitics.driver import (
    CIRCUMSTANCES_BOXES,
    CRASH_BOX,
    LAST_BOX,
    RENT_BOX,
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

CONTENT = load_content()
BOX = CIRCUMSTANCES_BOXES[2]


def reason(state: MoniticsState, seat: int, action: Action) -> str:
    """The message key of the reason ``action`` is refused (it must be refused)."""
    why = state.why_not(seat, action)
    assert why is not None
    return str(why.key)


def test_r01_everyone_starts_with_500_in_cash_and_nothing_else() -> None:
    state = start(3, start_cash=500)
    default = get_game("monitics").options()
    assert default.start_cash == 500  # type: ignore[attr-defined]
    for seat in range(3):
        assert (state.cash(seat), state.savings(seat), state.players[seat].assets) == (500, 0, {})
        assert state.net_worth(seat) == 500


def test_r02_the_first_seat_starts_and_turns_go_round_in_seat_order() -> None:
    state = start(3)
    order = []
    for _ in range(4):
        order.append(state.to_move()[0])
        skip_turns(state, [0])
    assert order == [0, 1, 2, 0]
    assert start(3, first_seat=3).to_move() == (2,)  # Player 3 (seats count from 0 inside)
    with pytest.raises(OptionsError, match="first_seat"):
        start(2, first_seat=3)
    # The old name counts from 0, as records and rules files written with it meant.
    assert start(3, first_player=2).to_move() == (2,)
    assert start(3, first_player=2).options.overrides()["first_seat"] == 3


def test_r03_a_52_box_year_completed_by_reaching_or_passing_the_last_box() -> None:
    assert CONTENT.last == 52 == LAST_BOX
    kinds = [b.type for b in CONTENT.boxes]
    assert (kinds.count("bill"), kinds.count("asset"), kinds.count("circumstances")) == (14, 20, 11)
    assert [i + 1 for i, k in enumerate(kinds) if k == "crash"] == [26, 50]
    assert kinds.count("tax") == 4 and kinds[-1] == "finish"
    state = start(final_turns_grant="never")
    state.players[0].position = 49
    state.force("die", [5])  # 49 + 5 passes the end
    act(state, ROLL)
    assert state.players[0].position == 52 and state.finisher == 0


def test_r04_the_finisher_still_takes_the_turns_actions() -> None:
    state = start(final_turns_grant="never")
    roll_to(state, LAST_BOX, 3)
    assert kind(state) == "turn"
    act(state, Save(50))
    act(state, Withdraw(10))
    assert reason(state, 0, Save(10)) == "why.no_actions_left"
    act(state, END_TURN)
    assert state.terminal


def test_r05_the_replayed_roll_picks_the_circumstance() -> None:
    state = start()
    state.players[0].options = 1
    state.players[0].position = BOX - 6
    state.force("die", [3, 6])
    act(state, ROLL)
    act(state, USE_OPTION)
    assert [p["number"] for k, p in state.log if k == "circumstance.drawn"] == [6]
    assert reason(state, 0, USE_OPTION) == "why.not_this_decision"  # one replay a turn


def test_r06_an_asset_box_opens_its_kind_of_market_and_each_card_is_unique() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    stocks = {a.id for a in CONTENT.assets if a.kind == "stock"}
    buys = {a.asset for a in state.legal_actions(0) if isinstance(a, Buy)}
    assert buys == stocks
    act(state, Buy("bank_shares"))
    assert Buy("bank_shares") not in state.legal_actions(0)
    end_turn(state)
    roll_to(state, STOCK_BOX, 2)
    assert reason(state, 1, Buy("bank_shares")) == "why.asset_owned"


def test_r07_assets_count_at_market_value_and_sell_from_the_next_turn() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    before = state.net_worth(0)
    act(state, Buy("index_fund"))
    assert state.net_worth(0) == before - value("index_fund", "purchase") + value("index_fund")
    assert state.players[0].assets["index_fund"] == state.players[0].turns + 1
    kinds: dict[str, list[int]] = {"stock": [], "property": [], "commodity": [], "company": []}
    for a in CONTENT.assets:
        # The rulebook's "reduced gain" in distress: an ordinary sale is a gain.
        assert a.purchase < a.market < 2 * a.purchase
        assert a.distress < a.market
        kinds[a.kind].append(a.distress - a.purchase)
    assert max(kinds["stock"]) < 0  # stocks sell at a loss in distress
    assert all(abs(d) <= 10 for d in kinds["property"])  # properties about break-even
    assert min(kinds["commodity"]) >= 0  # commodities at cost or a small gain
    assert sorted(kinds["company"])[-2] < 0  # most companies at a loss
    # Sold to the bank at the market value it counted for: net worth does not move.
    state.players[0].turns += 1
    worth = state.net_worth(0)
    state.turn.actions_left = 1
    act(state, Sell("index_fund"))
    assert state.net_worth(0) == worth


def test_r07_the_bank_buys_an_asset_back_only_when_its_market_is_open() -> None:
    state = start()
    give(state, 0, "index_fund", "gold")
    roll_to(state, STOCK_BOX, 2)  # the stock market: stocks sell, gold does not
    assert reason(state, 0, Sell("gold")) == "why.market_closed"
    why = state.why_not(0, Sell("gold"))
    assert why is not None and state.explain(why) == (
        "The bank buys Gold coins back only on a turn at the commodity market."
    )
    act(state, Sell("index_fund"))
    assert state.cash(0) == 400 + value("index_fund")
    state = start(bank_buys_back="any_turn")
    give(state, 0, "gold")
    roll_to(state, STOCK_BOX, 2)
    assert state.can(0, Sell("gold"))


def test_r07_a_record_from_before_the_market_rule_replays_as_it_was_played() -> None:
    state = start(bank_buys_back="any_turn")
    for action in (Buy("bank_shares"), None):  # Ada buys at the stock market; Bayo does not
        state.force("die", [2])
        act(state, ROLL)
        if action is not None:
            act(state, action)
        end_turn(state)
    state.force("die", [2])  # Ada's second turn: box 4, the commodity market
    act(state, ROLL)
    act(state, Sell("bank_shares"))
    game = get_game("monitics")
    record = record_of(state)
    assert record.options["bank_buys_back"] == "any_turn"
    del record.options["bank_buys_back"]
    with pytest.raises(RecordError):
        replay(record.model_copy(update={"version": 3}), game)
    old = replay(record.model_copy(update={"version": 2}), game)
    assert isinstance(old, MoniticsState) and old.cash(0) == state.cash(0)


def test_r08_savings_move_in_fixed_steps_each_an_action() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    saves = sorted(a.amount for a in state.legal_actions(0) if isinstance(a, Save))
    assert saves == [10, 20, 50, 100, 200]
    assert state.can(0, Save(35))  # a person may type any amount
    assert reason(state, 0, Save(401)) == "why.short_of_cash_to_save"
    assert reason(state, 0, Withdraw(5)) == "why.no_savings"  # nothing saved yet
    act(state, Save(235))
    act(state, Withdraw(100))
    assert state.turn.actions_left == 0 and state.savings(0) == 135


def test_r09_the_tax_is_paid_from_cash_before_rolling_or_among_the_actions() -> None:
    state = start()
    set_money(state, 0, 20, 100)
    assert reason(state, 0, PAY_TAX) == "why.short_of_cash"  # savings do not pay it
    set_money(state, 0, 100)
    state.players[0].options = 1
    state.force("die", [6])
    act(state, ROLL)
    assert kind(state) == "reroll"  # between the roll and the move: no tax
    assert reason(state, 0, PAY_TAX) == "why.not_this_decision"


def test_r10_an_unpaid_penalty_is_60_at_the_end_and_the_tax_card_is_given() -> None:
    state = start()
    set_money(state, 0, 30, 10)
    roll_to(state, TAX_BOX, 6)
    p = state.players[0]
    assert p.tax_card and p.tax_debt == 60
    assert "tax.debt" in events(state)
    end_turn(state)
    skip_turns(state, [1])
    roll_to(state, TAX_BOX + 13, 6)  # the next Tax box: exempt now
    assert "tax.exempt" in events(state) and p.tax_debt == 60


def test_r10_a_penalty_cash_cannot_pay_is_paid_as_the_player_chooses() -> None:
    state = start(3)
    set_money(state, 0, 30, 40)
    roll_to(state, TAX_BOX, 6)
    assert kind(state) == "shortfall" and state.savings(0) == 40  # nothing taken yet
    assert {USE_SAVINGS, BORROW, AskLoan(1), AskLoan(2)} == set(state.legal_actions(0))
    act(state, BORROW)  # keep the savings that protect against Wahala Pro Max
    assert (state.cash(0), state.savings(0)) == (30 + 200 - 50, 40)
    assert state.players[0].tax_card and "tax.caught" in events(state)
    state = start(savings_pay_automatically=True)
    set_money(state, 0, 30, 40)
    roll_to(state, TAX_BOX, 6)
    assert (state.cash(0), state.savings(0)) == (0, 20) and kind(state) == "turn"


def test_r10_the_taxman_may_catch_only_on_a_die_under_its_option() -> None:
    state = start(taxman_catches_on=2)
    state.force("taxman", [3])
    roll_to(state, TAX_BOX, 3)
    assert state.cash(0) == 400 and not state.players[0].tax_card  # not caught this time
    assert "tax.not_caught" in events(state)
    state = start(taxman_catches_on=2)
    state.force("taxman", [2])
    roll_to(state, TAX_BOX, 3)
    assert state.cash(0) == 400 - 50 and state.players[0].tax_card
    state = start()  # the default: always caught, and no die is rolled for it
    roll_to(state, TAX_BOX, 3)
    assert state.cash(0) == 400 - 50 and state.chance_streams() == ["die"]
    with pytest.raises(IllegalActionError, match="no cards or dice called 'taxman'"):
        state.force("taxman", [1])


def test_r11_the_player_chooses_how_to_pay_what_cash_cannot() -> None:
    state = start(3)
    set_money(state, 0, 20, 50)
    give(state, 0, "rice")
    roll_to(state, RENT_BOX, 3)
    legal = set(state.legal_actions(0))
    assert {USE_SAVINGS, BORROW, Sell("rice"), AskLoan(1), AskLoan(2)} == legal
    act(state, BORROW)  # keep the savings, pay with a loan
    assert (state.cash(0), state.savings(0)) == (20 + 200 - 60, 50)
    assert state.turn.actions_left == 2
    state = start(3)
    set_money(state, 0, 20, 10)
    give(state, 0, "rice")
    state.players[0].loan = 0
    roll_to(state, RENT_BOX, 3)
    assert reason(state, 0, GIVE_UP) == "why.can_sell"


def test_r12_forced_sale_threshold_choice_and_loss_rounding() -> None:
    state = start()
    set_money(state, 0, 101, 0)
    give(state, 0, "palm_oil")  # market value 28: not over $30
    roll_to(state, BOX, 2)
    assert state.cash(0) == 101 - 30  # 30% of 101 is 30.3: the odd part stays with the player
    state = start(forced_sale_min_value=10)
    set_money(state, 1, 0)
    give(state, 0, "palm_oil", "rice")
    roll_to(state, BOX, 2)
    assert kind(state) == "forced_sale"
    act(state, ForcedSale("palm_oil"))
    assert list(state.players[0].assets) == ["rice"]


def test_r12_with_no_cash_and_no_savings_a_forced_sale_takes_nothing_even_with_assets() -> None:
    state = start()
    set_money(state, 0, 0, 0)
    give(state, 0, "bank_shares", "duplex")
    roll_to(state, BOX, 2)
    assert "circumstance.nothing" in events(state)
    assert sorted(state.players[0].assets) == ["bank_shares", "duplex"]
    assert state.cash(0) == 0 and kind(state) == "turn"
    # A single dollar is enough for the Forced Sale to take an asset.
    state = start()
    set_money(state, 0, 0, 1)
    give(state, 0, "bank_shares")
    roll_to(state, BOX, 2)
    assert "distress.sale" in events(state) and kind(state) == "bid"


@pytest.mark.parametrize("covers", [True, False])
def test_r13_insurance_covers_the_forced_sale_cash_branch_unless_turned_off(covers: bool) -> None:
    state = start(insurance_covers_cash_loss=covers)
    state.players[0].insurance = 1
    set_money(state, 0, 100)
    roll_to(state, BOX, 2)
    if covers:
        act(state, USE_INSURANCE)
        assert state.cash(0) == 100
    else:
        assert state.cash(0) == 70


def test_r13_insurance_need_not_end_the_turn() -> None:
    state = start(insurance_ends_turn=False)
    state.players[0].insurance = 1
    roll_to(state, BOX, 1)
    act(state, USE_INSURANCE)
    assert kind(state) == "turn" and state.to_move() == (0,)


def test_r14_habits_reward_goes_to_cash_and_a_business_is_a_company() -> None:
    state = start()
    set_money(state, 0, 100, 20)
    roll_to(state, BOX, 3)
    assert (state.cash(0), state.savings(0)) == (120, 20)
    state = start()
    give(state, 0, "pos_agency")
    roll_to(state, BOX, 6)
    assert state.cash(0) == 400 + 100


def test_r14_ownership_counts_option_and_insurance_cards_only_under_its_option() -> None:
    state = start()
    state.players[0].insurance = 1
    roll_to(state, BOX, 4)
    assert state.cash(0) == 400 - 20  # a card is not an asset: "owns nothing"
    state = start(ownership_counts_cards=True)
    state.players[0].options = 1
    roll_to(state, BOX, 4)
    act(state, KEEP_ROLL)
    assert state.cash(0) == 400 + 50
    assert "circumstance.ownership_cards" in events(state)


def test_r15_crash_percent_and_options_needed_are_options() -> None:
    state = start(crash_cash_loss_pct=50, crash_options_needed=1)
    state.players[0].options = 1
    state.players[0].position = CRASH_BOX - 5
    state.force("die", [5])
    act(state, ROLL)
    act(state, KEEP_ROLL)
    assert kind(state) == "protect"
    act(state, TAKE_HIT)
    assert state.cash(0) == 200


def test_r15_a_crash_touches_only_the_player_who_lands_on_it() -> None:
    state = start()
    give(state, 0, "duplex")
    give(state, 1, "studio_flat")
    set_money(state, 1, 10, 0)  # Bayo cannot buy Ada's duplex at its distress value
    roll_to(state, CRASH_BOX, 5)
    assert "duplex" not in state.players[0].assets  # sold at its distress value
    assert "studio_flat" in state.players[1].assets and state.cash(1) == 10


def test_r15_crash_reach_asset_holders_hits_every_player_holding_assets() -> None:
    """A crash of the whole market: Bayo, holding assets, sells them too; Chi, holding
    none, keeps her cash; Dayo's insurance protects only Dayo, and Ada plays on."""
    state = start(4, crash_reach="asset_holders")
    give(state, 0, "duplex")
    give(state, 1, "studio_flat")
    give(state, 3, "farmland")
    state.players[3].insurance = 1
    for seat in (1, 2, 3):
        set_money(state, seat, 10, 0)  # nobody can buy a distressed asset
    roll_to(state, CRASH_BOX, 5)
    assert kind(state) == "protect" and state.to_move() == (3,)
    act(state, USE_INSURANCE)
    while kind(state) == "bid":  # Ada, paid for her duplex, passes on Bayo's flat
        act(state, PASS)
    assert "duplex" not in state.players[0].assets
    assert "studio_flat" not in state.players[1].assets
    assert state.cash(1) == 10 + value("studio_flat", "distress")
    assert state.cash(2) == 10
    assert "farmland" in state.players[3].assets and state.players[3].insurance == 0
    assert kind(state) == "turn" and state.to_move() == (0,)  # Ada's moves are not stopped
    assert "crash.spreads" in events(state)


def test_r15_an_asset_bought_in_a_crash_of_the_whole_market_is_not_sold_again() -> None:
    state = start(3, crash_reach="asset_holders")
    give(state, 0, "duplex")
    give(state, 1, "studio_flat")
    set_money(state, 1, 0, 0)
    roll_to(state, CRASH_BOX, 5)
    assert kind(state) == "bid" and state.to_move() == (2,)  # Chi, holding nothing, may buy
    act(state, Bid(value("duplex", "distress")))
    assert "duplex" in state.players[2].assets
    while kind(state) == "bid":
        act(state, PASS)
    assert "studio_flat" not in state.players[1].assets
    assert "duplex" in state.players[2].assets


def test_r16_borrowing_on_a_turn_is_an_action_to_cover_a_payment_is_not() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    act(state, BORROW)
    assert state.turn.actions_left == 1
    state = start()
    set_money(state, 0, 0)
    roll_to(state, RENT_BOX, 3)
    act(state, BORROW)
    assert state.turn.actions_left == 2


def test_r16_no_turn_has_both_a_borrowing_and_a_repayment_in_either_order() -> None:
    state = start()
    roll_to(state, STOCK_BOX, 2)
    act(state, BORROW)
    assert reason(state, 0, REPAY) == "why.loan_same_turn"
    end_turn(state)
    skip_turns(state, [1])
    roll_to(state, STOCK_BOX, 2)
    act(state, REPAY)
    assert state.players[0].loan is None
    assert reason(state, 0, BORROW) == "why.repaid_this_turn"
    why = state.why_not(0, BORROW)
    assert why is not None and state.explain(why) == (
        "You repaid a loan this turn: the next one can be taken from your next turn."
    )
    end_turn(state)
    skip_turns(state, [1])
    roll_to(state, STOCK_BOX, 2)
    act(state, BORROW)  # the next turn, the next loan of the ladder
    assert state.liabilities(0) == 350


def test_r17_bank_stock_holding_limits_and_cards_not_in_net_worth() -> None:
    state = start(max_options=1)
    roll_to(state, STOCK_BOX, 2)
    worth = state.net_worth(0)
    act(state, BUY_OPTION)
    assert state.net_worth(0) == worth - 30 and state.stock["option"] == 5
    assert reason(state, 0, BUY_OPTION) == "why.holding_full"


def test_r18_one_settled_deal_a_turn_refusals_do_not_count() -> None:
    state = start(3)
    set_money(state, 0, 20, 10)
    roll_to(state, RENT_BOX, 3)
    act(state, AskLoan(1))
    act(state, REFUSE_LOAN)
    act(state, AskLoan(2))
    act(state, LEND)
    assert state.players[0].debts == {2: 48}  # the $40 cash lacked, and 20%
    set_money(state, 0, 100)
    state.players[1].options = 1
    assert reason(state, 0, Propose(1, "buy_card", "option", 30)) == "why.deal_limit"
    assert reason(state, 0, RepayFriend(2)) in ("why.loan_same_turn", "why.short_of_cash")


def test_r19_an_insolvent_player_is_out_but_counted_and_cannot_win() -> None:
    state = start(3, bankruptcy="player_out")
    set_money(state, 0, 0)
    state.players[0].loan = 0
    roll_to(state, RENT_BOX, 3)
    act(state, AskLoan(1))
    act(state, REFUSE_LOAN)
    act(state, AskLoan(2))
    act(state, REFUSE_LOAN)
    act(state, GIVE_UP)
    assert state.players[0].out and not state.terminal
    set_money(state, 1, 0)
    state.players[1].loan = 0
    roll_to(state, RENT_BOX, 3)
    act(state, AskLoan(2))
    act(state, REFUSE_LOAN)
    act(state, GIVE_UP)
    assert state.terminal and state.result is not None
    assert state.result.winners == (2,)
    assert len(state.result.scores) == 3


def test_r20_a_distress_offer_goes_round_in_turn_order_and_the_first_bid_wins() -> None:
    state = start(3)
    give(state, 0, "duplex")
    roll_to(state, CRASH_BOX, 5)
    assert state.to_move() == (1,)
    act(state, PASS)
    assert state.to_move() == (2,)
    low = value("duplex", "distress")
    assert reason(state, 2, Bid(low - 1)) == "why.bid_below_distress"
    act(state, Bid(low))
    assert state.owners["duplex"] == 2
    assert state.players[2].assets["duplex"] == state.players[2].turns + 2


def test_r20_a_person_may_offer_any_amount_from_distress_to_market_value() -> None:
    state = start()
    give(state, 0, "duplex")
    roll_to(state, CRASH_BOX, 5)
    low, high = value("duplex", "distress"), value("duplex")
    # Bots and agents choose among three prices; a person types any amount in the range.
    assert set(state.legal_actions(1)) == {Bid(low), Bid((low + high) // 2), Bid(high), PASS}
    ranged = [e for e in state.action_entries(1) if e["action"]["type"] == "bid"]
    assert [e["amount"] for e in ranged] == [
        {"field": "price", "min": low, "max": high, "step": 1, "money": True, "cost": "amount"}
    ]
    why = state.why_not(1, Bid(high + 1))
    assert why is not None and state.explain(why) == f"Offer at most ${high}, its market value."
    act(state, Bid(low + 7))
    assert state.owners["duplex"] == 1 and state.cash(1) == 400 - (low + 7)


def test_r21_a_player_who_stops_takes_no_more_final_turns() -> None:
    state = start(2)
    roll_to(state, LAST_BOX, 2)
    end_turn(state)
    act(state, GRANT)
    act(state, STOP_FINAL)
    assert state.terminal
    state = start(2, final_turns=1, final_turns_grant="always")
    roll_to(state, LAST_BOX, 2)
    end_turn(state)
    act(state, TAKE_FINAL)
    skip_turns(state, [1])
    assert state.terminal


def test_r21_a_finished_player_does_not_buy_distressed_assets_in_the_final_turns() -> None:
    state = start(2)
    roll_to(state, LAST_BOX, 6)
    end_turn(state)
    act(state, GRANT)
    act(state, TAKE_FINAL)
    give(state, 1, "studio_flat")
    roll_to(state, CIRCUMSTANCES_BOXES[-1], 2)  # Forced Sale
    assert state.players[0].done and state.cash(0) >= value("studio_flat", "distress")
    assert "distress.sale_no_buyer" in events(state)  # Ada is not asked to bid
    assert "studio_flat" not in state.owners and kind(state) == "turn"


def test_r22_end_settlement_order_and_ties_share() -> None:
    state = start(final_turns_grant="never")
    state.players[0].debts = {1: 50}
    state.players[0].tax_debt = 60
    set_money(state, 0, 80)
    roll_to(state, LAST_BOX, 2)
    end_turn(state)
    assert state.cash(1) == 450  # the friend is paid first
    assert state.players[0].tax_debt == 30  # then the tax, as far as money goes
    tie = start(final_turns_grant="never")
    roll_to(tie, LAST_BOX, 2)
    end_turn(tie)
    assert tie.result is not None and tie.result.winners == (0, 1)


def test_r23_the_turn_clock_is_off_unless_asked_for_and_the_safe_fallbacks() -> None:
    state = start()
    assert state.turn_time_limit() is None
    assert start(turn_seconds=120).turn_time_limit() == 120.0
    assert state.fallback_action(0) == ROLL
    roll_to(state, STOCK_BOX, 2)
    assert state.fallback_action(0) == END_TURN
    state = start()
    set_money(state, 0, 0)
    roll_to(state, RENT_BOX, 3)
    assert state.fallback_action(0) == BORROW
    state = start()
    give(state, 0, "duplex")
    roll_to(state, CRASH_BOX, 5)
    assert state.fallback_action(1) == PASS
    state.timeout(1)
    assert "duplex" not in state.owners


def test_r24_every_view_shows_everyone_s_money_and_cards() -> None:
    state = start(3)
    give(state, 1, "gold")
    rng = random.Random(0)
    for _ in range(5):
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    public = state.view(None)
    for seat in range(3):
        view = state.view(seat)
        assert view["you"] == seat
        assert view["players"] == public["players"]
        assert view["players"][1]["assets"][0]["id"] == "gold"


def test_r26_a_class_may_make_learners_claim_circumstance_rewards() -> None:
    state = start(manual_claims=["business_grant"])
    give(state, 0, "food_kiosk")
    roll_to(state, BOX, 6)
    assert state.cash(0) == 400 and "claim.available" in events(state)
    act(state, Claim("business_grant"))
    assert state.cash(0) == 500
    forgotten = start(manual_claims=["business_grant"])
    give(forgotten, 0, "food_kiosk")
    roll_to(forgotten, BOX, 6)
    end_turn(forgotten)  # the next player's turn begins: the claim is lost
    assert "claim.lost" in events(forgotten)
    assert forgotten.cash(0) == 400
    with pytest.raises(OptionsError, match="automations"):
        start(manual_claims=["payday"])
    # The help says it is a classroom variant, quoting Monitics (not another game's rulebook).
    help_text = MoniticsOptions.model_fields["manual_claims"].description or ""
    assert "all Circumstances effects are mandatory" in help_text
    assert "ask for it" not in help_text
