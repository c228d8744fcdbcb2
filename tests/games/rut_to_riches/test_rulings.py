"""One test (or a few) per ruling in RULINGS.md."""

from __future__ import annotations

import random

from rich.console import Console

from moneyboard.engine import OptionsError, Seat
from moneyboard.engine.claims import Claim
from moneyboard.engine.messages import msg
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from moneyboard.engine.record import record_of, replay
from moneyboard.games.rut_to_riches import GAME
from moneyboard.games.rut_to_riches.actions import (
    BUY,
    Borrow,
    BuyShares,
    Deal,
    EnterCircle,
    Pass,
    PayOff,
    PayOffAll,
    Rejoin,
    Repay,
    Retire,
    Roll,
    Sell,
    SellShares,
)
from moneyboard.games.rut_to_riches.base import share_in_words
from moneyboard.games.rut_to_riches.sheet import Holding
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.terminal.render import result_renderable
from tests.games.rut_to_riches.helpers import act, force, keys, set_cash, start


def kind(state: RutState) -> str:
    assert state.decision is not None
    return state.decision.kind


def give(state: RutState, seat: int, card: str) -> Holding:
    """Put an asset card on a player's sheet (and in their hand)."""
    h = Holding(state.opp(card))
    p = state.players[seat]
    p.holdings.append(h)
    p.recount_passive()
    p.cards.append((state.opp(card).deck, card))
    return h


def skip(state: RutState, seat: int) -> None:
    state.players[seat].lost_turns += 1


def passing(state: RutState) -> Pass:
    """The Pass that answers the decision asked now (it names what is let go)."""
    return state.pass_now()


def test_opening_tie_is_rolled_again_among_the_tied() -> None:
    state = start(jobs=("janitor", "teacher", "nurse"), opening=[5, 5, 2, 3, 4])
    assert state.first == 1
    assert "rut.opening_tie" in keys(state)


def test_jobs_are_dealt_without_children_and_savings_become_cash() -> None:
    state = start(jobs=("doctor", "janitor"))
    assert state.cash(0) == 400 and state.cash(1) == 560
    assert all(p.children == 0 and p.exp["childcare"] == 0 for p in state.players)


def test_shared_dreams_are_allowed() -> None:
    state = start(dreams=("cabin", "cabin"))
    assert [p.dream for p in state.players] == ["cabin", "cabin"]


def test_declared_pay_day_is_lost_with_its_expenses_card_when_the_next_player_rolls() -> None:
    """R7: Pay Day is a claim; the next player's roll ends it, and the Expenses card too."""
    state = start(options={"manual_claims": ["payday"]})
    state.players[0].position = 5
    force(state, "die", 1)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert state.current == 1 and kind(state) == "turn"
    assert Claim("payday") in state.legal_actions(0)  # not asked, but may still claim
    force(state, "die", 1)
    act(state, 1, Roll())
    assert state.cash(0) == cash
    assert "claim.lost" in keys(state)
    assert "rut.expense" not in keys(state)
    reason = state.why_not(0, Claim("payday"))
    assert reason is not None and reason.key == "why.nothing_to_claim"


def test_declared_pay_day_is_collected_when_claimed_in_the_players_turn() -> None:
    """Claimed while the turn is still on (here at Choose A Deal): the Expenses card follows."""
    state = start(options={"manual_claims": ["payday"]}, forced={"deck:expenses": ["ex_fines"]})
    state.players[0].position = 23
    force(state, "die", 2)  # passes Start Here (Pay Day), lands on a Deal square
    cash = state.cash(0)
    act(state, 0, Roll())
    assert kind(state) == "deal" and state.cash(0) == cash
    act(state, 0, Claim("payday"))
    assert state.cash(0) == cash + 700
    act(state, 0, Deal("none"))
    assert state.cash(0) == cash + 700 - 100
    assert "rut.expense" in keys(state)


def test_declared_pay_day_waits_while_a_card_on_the_table_awaits_the_player() -> None:
    """R7a: a Pay Day claimed with a card on the table would draw its Expenses card onto the
    same table; the claim waits until the card is answered (a random game that once ended
    with an opportunity decision and no card left to decide on)."""
    options = {
        "manual_claims": ["payday"],
        "dice": 2,
        "auditor": True,
        "audit_every": 1,
        "share_cards": 1,
        "loan_multiple_rut": 0,
        "bankrupt_turns": 0,
        "turn_limit": 7,
        "passive_goal": 20000,
    }
    state = GAME.new_state([Seat(f"P{i}", "random") for i in range(5)], 738734, options)
    assert isinstance(state, RutState)
    rng = random.Random(738734)
    waited = 0
    while not state.terminal:
        seat = state.to_move()[0]
        current = state.current
        claims = [name for s, name, step in state.status.claims if s == current and step[2]]
        if state.table is not None and "payday" in claims:
            reason = state.why_not(current, Claim("payday"))
            assert reason is not None and reason.key == "why.rut.payday_after_card"
            waited += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.decision is None or state.decision.kind != "opportunity" or state.table
    assert waited


def test_declared_pay_day_claimed_after_the_turn_brings_no_expenses_card() -> None:
    state = start(options={"manual_claims": ["payday"]}, forced={"deck:expenses": ["ex_fines"]})
    state.players[0].position = 5
    force(state, "die", 1)
    cash = state.cash(0)
    act(state, 0, Roll())
    act(state, 0, Claim("payday"))  # during the next player's turn decision
    assert state.cash(0) == cash + 700
    assert "rut.expense" not in keys(state)


def test_declared_pay_day_in_the_inner_circle() -> None:
    """The Inner Circle's Pay Days must be declared too (and bring no Expenses card)."""
    state = start(options={"manual_claims": ["payday"]})
    p = state.players[0]
    p.circle, p.position = "inner", 3
    force(state, "die", 1)  # lands on Pay Day + Choose A Deal (4)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert kind(state) == "deal"
    assert state.status.claims == [(0, "payday", ("payday", 0, False))]
    act(state, 0, Claim("payday"))
    assert state.cash(0) == cash + 700
    act(state, 0, Deal("none"))
    assert "rut.expense" not in keys(state)


def test_negative_pay_day_cannot_be_forfeited() -> None:
    state = start(options={"manual_claims": ["payday"]}, forced={"deck:expenses": ["ex_fines"]})
    state.players[0].set_expense("general", state.players[0].exp["general"] + 1000)
    set_cash(state, 0, 2000)
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.cash(0) == 2000 - 300 - 100


def test_loan_limit_caps_the_whole_overdraft_measured_before_interest() -> None:
    state = start()
    p = state.players[0]
    p.salary = 1000 + p.expenses
    act(state, 0, Borrow(5000))
    assert state.loan_room(0) == 3000
    act(state, 0, Borrow(2000))
    act(state, 0, Borrow(1000))
    assert state.loan_room(0) == 0
    assert p.payday == 200


def test_overdraft_is_repaid_in_hundreds() -> None:
    state = start()
    p = state.players[0]
    act(state, 0, Borrow(500))
    act(state, 0, Repay(200))
    assert p.debt["bank"] == 300 and p.exp["bank"] == 30
    reason = state.why_not(0, PayOff("bank", 200))  # the overdraft has its own button
    assert reason is not None and reason.key == "why.rut.repay_overdraft"


def test_taxes_and_fixed_expenses_cannot_be_paid_off() -> None:
    state = start()
    for line in ("taxes", "general", "insurance", "childcare", "mortgage"):
        reason = state.why_not(0, PayOff(line, 100))  # the game's own reason, in words
        assert reason is not None and reason.key == "why.rut.not_elective", line


def test_tax_cut_again_on_each_entry() -> None:
    state = start(jobs=("teacher", "janitor"))
    p = state.players[0]
    state.players[0].pending = ""
    p.position = 9
    set_cash(state, 0, 10000)
    state.enter_circle(0)
    assert p.exp["taxes"] == 500
    p.pending = ""
    state.enter_circle(0)
    assert p.exp["taxes"] == 400  # 20% of 500 is 100


def test_unpayable_bill_goes_on_the_credit_card() -> None:
    state = start()
    p = state.players[0]
    set_cash(state, 0, 0)
    p.bankrupt = True  # no loans
    card_before = p.debt["credit_card"], p.exp["credit_card"]
    state.charge(0, 1000, "test.bill")
    assert p.debt["credit_card"] == card_before[0] + 1000
    assert p.exp["credit_card"] == card_before[1] + 30


def test_bills_are_paid_with_an_overdraft_when_cash_is_short() -> None:
    state = start()
    set_cash(state, 0, 50)
    state.charge(0, 300, "test.bill")
    assert state.players[0].debt["bank"] == 300
    assert state.cash(0) == 50


def test_bankruptcy_sells_at_half_deposit_pays_down_and_loses_three_turns() -> None:
    state = start()
    p = state.players[0]
    give(state, 0, "re_chalet")  # -$50 a month, deposit $7,000
    p.set_expense("general", p.exp["general"] + 800)  # nett 700 - 50 - 800 = -150
    set_cash(state, 0, 0)
    p.position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert "rut.bankrupt" in keys(state)
    assert p.holdings == []
    assert p.lost_turns == 3
    assert p.payday > 0
    assert state.loan_room(0) == 0


def test_bankruptcy_halves_car_and_card_debt_then_puts_a_player_out() -> None:
    state = start()
    p = state.players[0]
    p.set_expense("general", p.exp["general"] + 750)  # nett -50
    set_cash(state, 0, 0)
    state.step_bankruptcy(0)
    assert p.debt["car"] == 2000 and p.exp["car"] == 30
    assert p.debt["credit_card"] == 1000 and p.exp["credit_card"] == 30
    assert not p.out
    state2 = start()
    q = state2.players[0]
    q.set_expense("general", q.exp["general"] + 5000)
    set_cash(state2, 0, 0)
    state2.step_bankruptcy(0)
    assert q.out


def share_state(*cards: str) -> RutState:
    state = start(
        jobs=("janitor", "teacher", "nurse"),
        forced={"deck:shares": list(cards), "deck:market": ["mf_calm"]},
    )
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal("shares"))
    return state


def test_open_share_card_asks_every_player_at_once_and_cards_come_one_by_one() -> None:
    state = share_state("sh_tkno_1", "sh_tkno_5")
    assert state.decision is not None and state.decision.seats == (0, 1, 2)
    act(state, 1, BuyShares(100))
    assert state.to_move() == (0, 2)
    act(state, 0, passing(state))
    act(state, 2, passing(state))
    assert state.decision is not None and state.decision.data["price"] == 5
    act(state, 1, SellShares(2))
    assert state.players[1].shares["TKNO"].count == 50
    act(state, 0, passing(state))
    act(state, 2, passing(state))
    assert keys(state).count("rut.market") == 1
    assert state.players[1].shares["TKNO"].cost == 50


def test_closed_share_card_is_for_the_drawer_only() -> None:
    state = share_state("sh_tkno_tip", "sh_tkno_1")
    assert state.decision is not None and state.decision.seats == (0,)


def test_dividends_are_passive_income_and_survive_a_split_but_not_a_reverse_split() -> None:
    state = share_state("sh_reit_50", "sh_reit_split")
    set_cash(state, 1, 10000)
    act(state, 1, BuyShares(100))
    act(state, 0, passing(state))
    act(state, 2, passing(state))
    assert state.players[1].passive == 100
    lot = state.players[1].shares["REIT"]
    assert lot.count == 200 and lot.dividend == 100  # the split keeps the dividend
    state2 = share_state("sh_food_pref", "sh_food_reverse")
    set_cash(state2, 1, 10000)
    act(state2, 1, BuyShares(10))
    assert state2.players[1].passive == 20
    act(state2, 0, passing(state2))
    act(state2, 2, passing(state2))
    lot = state2.players[1].shares["FOOD"]
    assert lot.count == 5 and lot.dividend == 0 and state2.players[1].passive == 0


def test_company_bankruptcy_erases_shares_and_dividends() -> None:
    state = share_state("sh_medi_40", "sh_medi_bust")
    set_cash(state, 2, 1000)
    act(state, 2, BuyShares(10))
    assert state.players[2].passive == 10
    act(state, 0, passing(state))
    act(state, 1, passing(state))
    assert "MEDI" not in state.players[2].shares
    assert state.players[2].passive == 0


def opportunity(
    card: str, market: str = "mf_calm", jobs: tuple[str, ...] = ("janitor", "teacher")
) -> RutState:
    deck = "personal" if card.startswith("pe_") else "real_estate"
    state = start(jobs=jobs, forced={f"deck:{deck}": [card], "deck:market": [market]})
    state.players[0].position = 0
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, Deal(deck))
    assert kind(state) == "opportunity"
    return state


def test_buying_real_estate_pays_the_deposit_and_records_the_mortgage() -> None:
    state = opportunity("re_condo_2br")
    set_cash(state, 0, 5000)
    act(state, 0, BUY)
    h = state.players[0].holdings[0]
    assert state.cash(0) == 1000
    assert (h.mortgage, h.cashflow) == (41000, 220)
    assert ("real_estate", "re_condo_2br") in state.players[0].cards


def test_buying_with_an_overdraft_counts_the_card_income() -> None:
    state = opportunity("re_condo_2br")
    set_cash(state, 0, 0)
    assert state.loan_room(0, 220) == 7300  # 8 x (700 + 220) = 7360
    act(state, 0, BUY)
    assert state.players[0].debt["bank"] == 4000


def test_resale_with_commission() -> None:
    state = opportunity("re_condo_2br")
    set_cash(state, 1, 10000)
    seller_cash = state.cash(0)
    act(state, 0, Propose(1, "sell", "re_condo_2br", 500))
    assert kind(state) == "offer"
    act(state, 1, ACCEPT)
    assert state.cash(1) == 10000 - 500 - 4000
    assert state.cash(0) == seller_cash + 500
    assert state.players[1].holdings[0].card == "re_condo_2br"


def test_declined_resale_returns_the_card_and_each_buyer_is_asked_once() -> None:
    state = opportunity("re_condo_2br", jobs=("janitor", "teacher", "nurse"))
    act(state, 0, Propose(1, "sell", "re_condo_2br", 200))
    act(state, 1, DECLINE)
    assert kind(state) == "opportunity" and state.to_move() == (0,)
    reason = state.why_not(0, Propose(1, "sell", "re_condo_2br", 0))
    assert reason is not None and reason.key == "why.rut.already_offered"
    act(state, 0, Propose(2, "sell", "re_condo_2br", 0))
    act(state, 2, DECLINE)
    reason = state.why_not(0, Propose(1, "sell", "re_condo_2br", 0))
    assert reason is not None and reason.key == "why.offer_limit"  # one offer per other player
    act(state, 0, passing(state))
    assert "re_condo_2br" in state.decks["real_estate"].discards


def test_only_the_card_on_the_table_can_be_offered_and_only_if_it_allows_it() -> None:
    state = opportunity("re_condo_2br")
    reason = state.why_not(0, Propose(1, "sell", "re_house_3br", 0))
    assert reason is not None and reason.key == "why.rut.not_on_table"
    shop = opportunity("pe_medical")
    reason = shop.why_not(0, Propose(1, "sell", "pe_medical", 0))
    assert reason is not None and reason.key == "why.rut.not_resellable"


def test_a_buyer_who_cannot_pay_cannot_accept() -> None:
    state = opportunity("re_condo_2br")
    set_cash(state, 1, 0)
    state.players[1].bankrupt = True  # no overdraft either
    act(state, 0, Propose(1, "sell", "re_condo_2br", 500))
    reason = state.why_not(1, ACCEPT)
    assert reason is not None and reason.key == "why.rut.cannot_afford"
    act(state, 1, DECLINE)


def test_opportunity_expires_when_the_next_player_moves() -> None:
    state = opportunity("re_condo_2br")
    act(state, 0, passing(state))
    assert state.table is None
    assert state.current == 1 and kind(state) == "turn"
    assert "re_condo_2br" in state.decks["real_estate"].discards


def test_market_offer_is_put_to_every_matching_holder() -> None:
    state = opportunity("re_condo_2br", market="mf_condo_buyer")
    give(state, 1, "re_condo_fixer")
    set_cash(state, 0, 5000)
    act(state, 0, BUY)
    assert kind(state) == "market"
    assert state.decision is not None and state.decision.seats == (0, 1)
    act(state, 0, Sell())
    assert state.cash(0) == 1000 + 65000 - 41000
    assert state.players[0].holdings == []
    act(state, 1, passing(state))
    assert len(state.players[1].holdings) == 1


def test_market_forces_for_the_current_player_only() -> None:
    state = opportunity("re_condo_2br", market="mf_roof_repairs")
    give(state, 0, "re_house_3br")
    give(state, 1, "re_house_3br")
    set_cash(state, 0, 5000)
    set_cash(state, 1, 5000)
    act(state, 0, passing(state))
    assert state.cash(0) == 4000 and state.cash(1) == 5000


def test_failed_deal_creates_a_business_debt_that_can_be_paid_off() -> None:
    state = opportunity("pe_vending", market="mf_failed_deal")
    set_cash(state, 0, 10000)
    act(state, 0, BUY)
    p = state.players[0]
    assert p.debt["business"] == 6000 and p.exp["business"] == 180


def test_insurance_cancels_matching_expenses_and_retired_players_take_no_jobs() -> None:
    state = opportunity("pe_medical")
    act(state, 0, BUY)
    p = state.players[0]
    assert "medical" in p.immunities and p.exp["insurance"] == 150
    assert state.opportunity_problem(0, state.opp("pe_tutoring")) is None
    p.retired = True
    reason = state.opportunity_problem(0, state.opp("pe_tutoring"))
    assert reason is not None and reason.key == "why.rut.retired_no_job"


def test_simple_deck_reshuffles_its_discards() -> None:
    state = start()
    market = state.decks["market"]
    market.discards, market.cards = list(market.cards), []
    state.rebuild("market")
    assert len(market.cards) == len(state.c.decks["market"])


def test_surrender_deck_takes_back_cards_but_not_privileged_ones() -> None:
    state = start()
    give(state, 0, "re_condo_2br")
    give(state, 1, "pe_anyway")
    state.players[1].cards.append(("personal", "pe_medical"))
    state.players[1].cards.append(("personal", "pe_bakery"))
    for deck in ("real_estate", "personal"):
        state.decks[deck].cards = []
        state.rebuild(deck)
    assert state.decks["real_estate"].cards == ["re_condo_2br"]
    assert state.decks["personal"].cards == ["pe_bakery"]
    assert state.players[0].holdings[0].card == "re_condo_2br"  # the asset stays
    assert ("personal", "pe_anyway") in state.players[1].cards


def mentor_state(jobs: tuple[str, ...] = ("janitor", "teacher")) -> RutState:
    state = start(jobs=jobs)
    p = state.players[0]
    set_cash(state, 0, 20000)
    p.position = 8
    skip(state, 1)
    force(state, "die", 1)
    act(state, 0, Roll())
    act(state, 0, EnterCircle())
    return state


def test_entering_the_circle_happens_on_the_next_turn_through_the_arrow() -> None:
    state = mentor_state()
    p = state.players[0]
    assert p.circle == "rut" and state.member(p)
    assert state.loan_room(0) > 0
    assert state.current == 0 and kind(state) == "turn"
    force(state, "die", 1)
    act(state, 0, Roll())
    assert p.circle == "inner" and p.position == 0
    assert kind(state) == "deal"
    assert state.decision is not None and "venture" in state.decision.data["decks"]
    assert "rut.into_circle" in keys(state)


def test_inner_circle_paydays_bring_no_expenses_and_advice_squares_bring_advice() -> None:
    state = start(forced={"deck:advice": ["ad_rebates"]})
    p = state.players[0]
    p.circle = "inner"
    p.position = 1
    set_cash(state, 0, 0)
    force(state, "die", 2)  # passes Pay Day + Mentor Advice (2), lands on a Dream square (3)
    act(state, 0, Roll())
    assert "rut.expense" not in keys(state)
    assert state.cash(0) == 700 + 1000


def test_lose_your_mentor_keeps_tax_cuts_and_ends_circle_boosts() -> None:
    state = start()
    p = state.players[0]
    h = give(state, 0, "pe_anyway")
    p.pending = ""
    p.position = 9
    state.enter_circle(0)
    taxes = p.exp["taxes"]
    assert h.boost == 400
    p.pending, p.circle, p.position = "", "inner", 4
    force(state, "die", 1)
    act(state, 0, Roll())
    assert h.boost == 0 and p.exp["taxes"] == taxes


def retire_ready(state: RutState, seat: int = 0) -> None:
    give(state, seat, "re_block")  # $1,800 a month passive, above a janitor's $1,600


def test_retirement() -> None:
    state = start(jobs=("janitor", "teacher", "nurse"))
    retire_ready(state)
    p = state.players[0]
    set_cash(state, 0, 5000)
    others = state.cash(1), state.cash(2)
    act(state, 0, Retire())
    assert p.retired and p.salary == 0 and p.exp["taxes"] == 0
    assert p.position == 9 and p.pending == "enter"
    assert state.cash(0) == 5000 + 400 - 1500
    assert (state.cash(1), state.cash(2)) == (others[0] - 200, others[1] - 200)
    assert state.current == 1


def test_retirement_needs_more_passive_than_active_income() -> None:
    state = start()
    reason = state.why_not(0, Retire())
    assert reason is not None and reason.key == "why.rut.passive_too_low"


def test_retired_players_are_immune_to_lose_your_mentor_and_need_not_declare() -> None:
    state = start(options={"manual_claims": ["payday"]})
    retire_ready(state)
    p = state.players[0]
    p.retired = True
    p.circle, p.position = "inner", 3
    set_cash(state, 0, 1000)
    force(state, "die", 2)  # passes Pay Day + Deal (4), lands on Lose Your Mentor (5)
    act(state, 0, Roll())
    assert "rut.mentor_immune" in keys(state)
    assert "rut.payday" in keys(state)
    assert p.pending == ""


def test_rejoining_the_rut_restores_the_job_card_figures() -> None:
    state = start(jobs=("teacher", "janitor"))
    p = state.players[0]
    p.retired, p.salary, p.circle, p.position = True, 0, "inner", 7
    p.set_expense("taxes", 0)
    act(state, 0, Rejoin())
    assert p.salary == 3300 and p.exp["taxes"] == 630 and not p.retired
    assert p.pending == "exit"
    assert state.exit_arrow(7) == 22


def test_win_by_passive_income() -> None:
    state = start(options={"passive_goal": 1500})
    retire_ready(state, 1)
    state.players[1].retired = True
    state.players[0].position = 0
    force(state, "die", 2)
    force(state, "deck:expenses", "ex_fines")
    act(state, 0, Roll())
    assert state.result is not None and state.result.winners == (1,)
    assert state.result.reason.key == "rut.win_passive"


def test_win_by_buying_the_dream() -> None:
    state = start(dreams=("library", "voyage"), options={"dream_margin": 0})
    p = state.players[0]
    retire_ready(state)
    p.retired, p.salary, p.circle, p.position = True, 0, "inner", 6
    p.set_expense("taxes", 0)
    p.set_expense("general", 0)
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.result is not None and state.result.reason.key == "rut.win_dream"


def test_dream_needs_the_margin() -> None:
    state = start(dreams=("library", "voyage"))
    p = state.players[0]
    retire_ready(state)
    p.retired, p.circle, p.position = True, "inner", 6
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.result is None and "rut.dream_visit" in keys(state)


def test_turn_limit_scores_by_passive_share_of_expenses() -> None:
    state = start(options={"turn_limit": 1}, forced={"deck:expenses": ["ex_fines"]})
    give(state, 1, "re_condo_2br")
    skip(state, 1)
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert state.result is not None
    assert state.result.reason.key == "rut.end_turns"
    assert state.result.winners == (1,)
    assert state.result.scores[1] == 220 / state.players[1].expenses
    assert state.result.scores[0] == 0.0
    # The result says the winner's figures: the share of expenses and the net worth.
    text = state.explain(state.result.reason)
    worth = state.money_text(state.players[1].net_worth(state.cash(1)))
    share = share_in_words(220 / state.players[1].expenses)
    assert f"{state.seats[1].name} got furthest, with passive income covering {share}" in text
    assert text.endswith(f"a net worth of {worth}."), text


def test_the_result_table_rounds_the_score_once_as_its_words_do() -> None:
    # 3,650 / 1,230 is 296.747...%: the score column said 296.8% (rounded to four places
    # first, then to one decimal) beside "covers 296.7% of expenses".
    state = start()
    p = state.players[1]
    p.passive, p.expenses = 3650, 1230
    state.end_by_score("rut.end_turns")
    console = Console(width=120, record=True)
    console.print(result_renderable(state))
    text = console.export_text()
    assert text.count("296.7%") == 2, text
    assert "296.8%" not in text


def test_the_share_of_expenses_reads_as_a_whole_percentage_with_its_thousands() -> None:
    # An Inner Circle player's passive income can be many times its expenses.
    assert share_in_words(20.05) == "2,005%"
    assert share_in_words(0.75) == "75%"
    assert share_in_words(0.044) == "4.4%"
    assert share_in_words(0.0) == "0.0%"


def test_calling_time_ends_at_the_turn_boundary_and_replays() -> None:
    state = GAME.new_state([Seat("A"), Seat("B")], 5)
    assert isinstance(state, RutState)
    while state.decision is not None and state.decision.kind == "dream":
        act(state, state.to_move()[0], state.legal_actions(state.to_move()[0])[0])
    state.direct("call_time")
    assert state.result is None
    seat = state.to_move()[0]
    while state.result is None:
        seat = state.to_move()[0]
        act(state, seat, state.fallback_action(seat) or Roll())
    assert state.result.reason.key == "rut.end_time"
    # The tie-break is said with the result, so a class at 0 each sees why one player won.
    assert "a tie goes to the higher net worth." in state.explain(state.result.reason)
    again = replay(record_of(state), GAME)
    assert again.full_view() == state.full_view()


def test_decision_time_limit_answers_with_pass() -> None:
    state = opportunity("re_condo_2br", jobs=("janitor", "teacher"))
    assert state.time_limit() is None
    assert state.fallback_action(0) == Pass("re_condo_2br")
    state.timeout(0)
    assert state.table is None and "re_condo_2br" in state.decks["real_estate"].discards
    timed = start(options={"decision_seconds": 15})
    assert timed.time_limit() == 15.0
    assert timed.fallback_action(0) == Roll()
    timed.players[0].position = 0
    force(timed, "die", 1)
    timed.timeout(0)
    assert kind(timed) == "deal" and timed.fallback_action(0) == Deal("none")


def test_children_add_childcare_up_to_three_and_downsizing_costs_turns() -> None:
    state = start(jobs=("teacher", "janitor"))
    p = state.players[0]
    for _ in range(4):
        state.apply_expense(0, "ex_baby")
    assert p.children == 3 and p.exp["childcare"] == 3 * 180
    set_cash(state, 0, 10000)
    expenses = p.expenses
    state.apply_expense(0, "ex_downsized")
    assert state.cash(0) == 10000 - expenses and p.lost_turns == 2


def test_immunity_cancels_a_tagged_expenses_card() -> None:
    state = start(forced={"deck:expenses": ["ex_hospital"]})
    state.players[0].immunities.add("medical")
    state.players[0].position = 5
    force(state, "die", 1)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert "rut.immune" in keys(state) and state.cash(0) == cash + 700


def test_optional_expense_may_be_declined() -> None:
    state = start(forced={"deck:expenses": ["ex_cruise"]})
    state.players[0].position = 5
    force(state, "die", 1)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert kind(state) == "expense"
    act(state, 0, passing(state))
    assert state.cash(0) == cash + 700


def test_states_copy_without_sharing_and_action_space_is_fixed() -> None:
    state = opportunity("re_condo_2br")
    copy = state.clone(with_history=False)
    assert isinstance(copy, RutState)
    act(copy, 0, BUY)
    assert state.players[0].holdings == [] and len(copy.players[0].holdings) == 1
    space = GAME.action_space(GAME.options(), 4)
    assert len(space) == len(set(space))
    for action in state.legal_actions(0):
        assert action in space


# ----- paying off in full or in parts (R11) ------------------------------------------------
def test_any_part_of_a_debt_in_fifty_dollar_steps_cuts_the_payment_pro_rata() -> None:
    state = start()
    p = state.players[0]
    p.debt["car"] = 17000
    p.set_expense("car", 340)
    set_cash(state, 0, 5000)
    act(state, 0, PayOff("car", 350))  # 340 x 350 / 17000 = 7, rounded up to 10
    assert p.debt["car"] == 16650 and p.exp["car"] == 330
    reason = state.why_not(0, PayOff("car", 320))
    assert reason is not None and reason.key == "why.amount_step"
    reason = state.check_pay_off(0, PayOff("car", 320))
    assert reason is not None and reason.key == "why.rut.payoff_step"
    assert state.cash(0) == 5000 - 350
    assert kind(state) == "turn"  # paying off leaves the turn open


def card_debt_state(loans: bool = True) -> RutState:
    """$2,000 of card debt at $60 a month and $10,000 cash (``loans``: may the bank lend)."""
    state = start(options=None if loans else {"loan_multiple_rut": 0})
    p = state.players[0]
    p.debt["credit_card"] = 2000
    p.set_expense("credit_card", 60)
    set_cash(state, 0, 10000)
    return state


def test_a_pay_off_in_fifty_dollar_slices_cuts_as_much_as_paying_at_once() -> None:
    """The tester's Chloé: $2,000 of card debt at $60; seven $50 parts used to cut $10
    each and clear the payment with $1,650 still owed. Now they leave what $350 at once
    leaves: $60 less the pro-rated $10.50, rounded up to $20, so $40."""
    sliced, once = card_debt_state(), card_debt_state()
    cuts = []
    for _ in range(7):
        act(sliced, 0, PayOff("credit_card", 50))
        cuts.append(sliced.log[-1][1]["cut"])
    act(once, 0, PayOff("credit_card", 350))
    for state in (sliced, once):
        p = state.players[0]
        assert p.debt["credit_card"] == 1650 and p.exp["credit_card"] == 40
        assert p.expenses == sum(p.exp.values())
    assert sum(cuts) == 20 and cuts == [10, 0, 0, 0, 0, 0, 10]
    assert once.log[-1][1]["cut"] == 20
    text = sliced.explain(sliced.log[-1])
    assert text == (
        "P1 pays $50 off the credit card debt: the monthly payment falls by $10 "
        "($1,650 still owed)."
    )


def test_a_pay_off_that_leaves_the_payment_or_clears_the_debt_says_so_plainly() -> None:
    """A part too small to lower the payment does not read "falls by $0", and the last part
    does not read "$0 still owed"."""
    state = card_debt_state()
    said = []
    for amount in (50, 50, 1900):
        act(state, 0, PayOff("credit_card", amount))
        said.append(state.explain(state.log[-1]))
    assert said == [
        "P1 pays $50 off the credit card debt: the monthly payment falls by $10"
        " ($1,950 still owed).",
        "P1 pays $50 off the credit card debt: the monthly payment does not change"
        " ($1,900 still owed).",
        "P1 pays off the last $1,900 of the credit card debt: its monthly payment of $50 is gone.",
    ]


def test_paying_the_rest_after_parts_clears_the_payment() -> None:
    state = card_debt_state()
    for amount in (50, 100, 350, 1500):
        act(state, 0, PayOff("credit_card", amount))
    p = state.players[0]
    assert p.debt["credit_card"] == 0 and p.exp["credit_card"] == 0


def test_a_home_loan_paid_in_hundreds_falls_by_its_share() -> None:
    """The tester's bot: $100 off a $200,000 home loan cut its payment by $10 each time.
    Ten such parts cut what $1,000 at once cuts."""
    sliced, once = start(), start()
    for state in (sliced, once):
        p = state.players[0]
        p.debt["home"] = 200000
        p.set_expense("home", 1000)
        set_cash(state, 0, 5000)
    for _ in range(10):
        act(sliced, 0, PayOff("home", 100))
    act(once, 0, PayOff("home", 1000))
    assert sliced.players[0].exp["home"] == once.players[0].exp["home"] == 990


def test_a_debt_taken_on_after_a_pay_off_sets_new_terms() -> None:
    """A new debt on the same line (a bill put on the card) starts its terms afresh: later
    parts pro-rate against the whole debt and payment as they then stand."""
    state = card_debt_state(loans=False)
    act(state, 0, PayOff("credit_card", 350))  # $1,650 at $40
    p = state.players[0]
    set_cash(state, 0, 0)
    state.charge(0, 1000, "test.bill")  # on the card: +$1,000 at 3% = $30
    assert p.debt["credit_card"] == 1650 + 1000 and p.exp["credit_card"] == 70
    assert p.terms["credit_card"] == (2650, 70)
    set_cash(state, 0, 5000)
    act(state, 0, PayOff("credit_card", 1350))  # 70 x 1,350 / 2,650 = 35.7 -> cut 40
    assert p.exp["credit_card"] == 30


def test_an_odd_balance_is_paid_in_full_and_more_than_owed_is_refused() -> None:
    state = start()
    p = state.players[0]
    p.debt["credit_card"] = 1234
    p.set_expense("credit_card", 40)
    set_cash(state, 0, 5000)
    # Parts reach $1,200 at most; the whole $1,234 is its own button, with its cost.
    assert state.amount_range(0, PayOff("credit_card", 50), "amount") == (50, 1200)
    reason = state.why_not(0, PayOff("credit_card", 1300))
    assert reason is not None and reason.key == "why.amount_range"
    reason = state.check_pay_off(0, PayOff("credit_card", 1300))
    assert reason is not None and reason.key == "why.rut.more_than_owed"
    reason = state.why_not(0, PayOff("credit_card", 1234))
    assert reason is not None and reason.key == "why.amount_step"
    assert PayOffAll("credit_card") in state.legal_actions(0)
    assert state.action_cost(0, PayOffAll("credit_card")) == 1234
    act(state, 0, PayOffAll("credit_card"))
    assert p.debt["credit_card"] == 0 and p.exp["credit_card"] == 0
    assert state.cash(0) == 5000 - 1234


def test_a_balance_on_the_step_is_paid_in_full_with_the_amount_not_a_separate_button() -> None:
    state = start()
    p = state.players[0]
    p.debt["credit_card"] = 1250
    p.set_expense("credit_card", 40)
    set_cash(state, 0, 5000)
    assert PayOffAll("credit_card") not in state.legal_actions(0)
    reason = state.why_not(0, PayOffAll("credit_card"))
    assert reason is not None and reason.key == "why.rut.pay_off_in_parts"
    act(state, 0, PayOff("credit_card", 1250))
    assert p.debt["credit_card"] == 0 and p.exp["credit_card"] == 0


def test_the_pay_off_input_offers_exactly_the_amounts_the_rule_allows() -> None:
    """The number input's range and step (what the pages and the terminal show) are the
    rule: every amount on it is accepted, and an amount off it is refused (the tester's
    "$50 to $2,000, steps of $1" that refused $75)."""
    state = start()
    p = state.players[0]
    p.debt["credit_card"] = 2000
    p.set_expense("credit_card", 60)
    set_cash(state, 0, 5000)
    act(state, 0, Borrow(500))
    entries = {e["action"]["type"] + e["action"].get("line", ""): e for e in state.view(0)["legal"]}
    card = entries["pay_offcredit_card"]["amount"]
    assert (card["min"], card["max"], card["step"]) == (50, 2000, 50)
    assert entries["pay_offcredit_card"]["text"] == "Pay off the credit card debt"
    bank = entries["repay"]["amount"]
    assert (bank["min"], bank["max"], bank["step"]) == (100, 500, 100)
    assert entries["repay"]["text"] == "Repay the bank overdraft"
    for amount in range(card["min"], card["max"] + 1, card["step"]):
        assert state.why_not(0, PayOff("credit_card", amount)) is None, amount
    for amount in range(bank["min"], bank["max"] + 1, bank["step"]):
        assert state.why_not(0, Repay(amount)) is None, amount
    for amount in (75, 1999, 2050):
        assert state.why_not(0, PayOff("credit_card", amount)) is not None, amount
    for amount in (150, 600):
        assert state.why_not(0, Repay(amount)) is not None, amount


def test_an_overdraft_is_repaid_in_hundreds_or_in_full_and_only_from_cash() -> None:
    state = start()
    p = state.players[0]
    act(state, 0, Borrow(500))
    reason = state.why_not(0, Repay(250))
    assert reason is not None and reason.key == "why.amount_step"
    reason = state.check_repay(0, Repay(250))
    assert reason is not None and reason.key == "why.rut.payoff_step"
    set_cash(state, 0, 300)
    # The range a learner is shown stops at what the cash covers...
    assert state.amount_range(0, Repay(100), "amount") == (100, 300)
    reason = state.why_not(0, Repay(500))
    assert reason is not None and reason.key == "why.amount_range"
    assert "$300" in state.explain(reason)
    assert state.check_repay(0, Repay(500)) == msg("why.rut.cash_short", amount=500, cash=300)
    # ...unless the cash is short of one step: the greyed button then says why.
    set_cash(state, 0, 50)
    assert state.amount_range(0, Repay(100), "amount") == (100, 500)
    reason = state.why_not(0, Repay(100))
    assert reason is not None and reason.key == "why.rut.cash_short"
    set_cash(state, 0, 300)
    act(state, 0, Repay(300))
    assert p.debt["bank"] == 200 and p.exp["bank"] == 20
    set_cash(state, 0, 300)
    act(state, 0, Repay(200))
    assert p.debt["bank"] == 0 and p.exp["bank"] == 0


def test_a_part_paid_off_is_offered_up_to_what_the_cash_covers() -> None:
    state = start()
    owed = state.players[0].debt["credit_card"]
    set_cash(state, 0, 320)
    assert owed > 300
    assert state.amount_range(0, PayOff("credit_card", 50), "amount") == (50, 300)
    entry = next(
        e
        for e in state.view(0)["legal"]
        if e["action"]["type"] == PayOff.kind and e["action"]["line"] == "credit_card"
    )
    assert entry["amount"]["max"] == 300


def test_a_debt_with_nothing_owed_cannot_be_paid_off() -> None:
    state = start()
    state.players[0].debt["business"] = 0
    assert state.why_not(0, PayOff("business", 100)) is not None
    reason = state.check_pay_off(0, PayOff("business", 100))
    assert reason is not None and reason.key == "why.rut.no_debt"


# ----- retirement: the gifts come before the fee (R22) -------------------------------------
def test_retirement_gifts_arrive_before_the_fee_so_no_overdraft_is_taken_for_them() -> None:
    state = start(jobs=("janitor", "teacher", "nurse"))
    retire_ready(state)
    set_cash(state, 0, 1200)
    set_cash(state, 1, 1000)
    set_cash(state, 2, 1000)
    act(state, 0, Retire())
    p = state.players[0]
    assert p.debt["bank"] == 0  # 1,200 + 400 covers the $1,500 fee
    assert state.cash(0) == 1200 + 400 - 1500


def test_a_player_whose_cash_and_gifts_cover_the_fee_may_retire_without_credit() -> None:
    state = start(jobs=("janitor", "teacher", "nurse"), options={"loan_multiple_rut": 0})
    retire_ready(state)
    set_cash(state, 0, 1100)
    set_cash(state, 1, 1000)
    set_cash(state, 2, 150)  # gives what they have
    assert state.why_not(0, Retire()) is not None  # 1,100 + 200 + 150 < 1,500
    set_cash(state, 2, 1000)
    act(state, 0, Retire())
    assert state.cash(0) == 0 and state.players[0].debt["bank"] == 0


# ----- selling: only with a card that permits it, only what is owned ------------------------
def test_a_property_sold_below_its_mortgage_charges_the_shortfall() -> None:
    state = opportunity("re_condo_2br", market="mf_condo_buyer")
    h = give(state, 1, "re_condo_fixer")
    h.mortgage = 70000  # the offer is $65,000
    set_cash(state, 1, 8000)
    act(state, 0, passing(state))
    assert kind(state) == "market" and state.to_move() == (1,)
    act(state, 1, Sell())
    assert state.cash(1) == 8000 - 5000
    assert state.players[1].holdings == []
    assert "rut.mortgage_shortfall" in {p.key for p in state.ledger.postings}


def test_selling_needs_a_card_that_permits_it_and_an_asset_it_names() -> None:
    state = opportunity("re_condo_2br")
    give(state, 0, "re_condo_fixer")
    reason = state.why_not(0, Sell())
    assert reason is not None and reason.key == "why.not_this_decision"
    reason = state.check_sell(0, Sell())
    assert reason is not None and reason.key == "why.rut.no_buyer"
    market = opportunity("re_condo_2br", market="mf_house_buyer")
    give(market, 0, "re_house_3br")
    act(market, 0, passing(market))
    assert kind(market) == "market"
    market.players[0].holdings = []
    reason = market.why_not(0, Sell())
    assert reason is not None and reason.key == "why.rut.nothing_to_sell"


# ----- squares passed, not landed on ---------------------------------------------------------
def test_passing_find_a_mentor_does_nothing() -> None:
    state = start()
    state.players[0].position = 8
    force(state, "die", 2)  # passes Find A Mentor (9), lands on Choose A Deal (10)
    act(state, 0, Roll())
    assert kind(state) == "deal"
    assert state.players[0].pending == "" and state.players[0].mentors == 0


def test_passing_lose_your_mentor_does_nothing() -> None:
    state = start()
    p = state.players[0]
    p.circle, p.position = "inner", 4
    set_cash(state, 0, 5000)
    force(state, "die", 2)  # passes Lose Your Mentor (5), lands on Pay Day + Deal (6)
    act(state, 0, Roll())
    assert p.pending == "" and p.circle == "inner"
    assert state.cash(0) == 5000 + 700
    assert "rut.lost_mentor" not in keys(state)


# ----- rulings R29-R33 ------------------------------------------------------------------------
def test_two_to_six_players() -> None:
    """R29."""
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    for count in (1, 7):
        try:
            GAME.new_state([Seat(f"P{i}") for i in range(count)], 1)
        except OptionsError as exc:
            assert "2 to 6 players" in str(exc)
        else:
            raise AssertionError(f"{count} players were seated")


def test_business_and_anyway_income_is_passive() -> None:
    """R30: a business's or AnyWay's monthly income counts as passive, not active."""
    for card in ("pe_bakery", "pe_anyway_gold"):
        state = opportunity(card)
        set_cash(state, 0, 50000)
        p = state.players[0]
        active, passive = p.active, p.passive
        act(state, 0, BUY)
        assert p.active == active
        assert p.passive == passive + state.opp(card).cashflow > passive


def test_a_tip_is_seen_only_by_the_player_who_drew_it() -> None:
    """R14/R32: a closed Share Market card is for the drawer's eyes only."""
    state = share_state("sh_tkno_tip", "sh_tkno_1")
    assert state.to_move() == (0,)
    own = state.view(0)
    other = state.view(1)
    public = state.view(None)
    assert own["table"]["card"]["id"] == "sh_tkno_tip"
    for view in (other, public):
        assert view["table"] == {"holder": 0, "hidden": True}
        assert "sh_tkno_tip" not in str(view)
    assert state.full_view()["table"]["card"]["id"] == "sh_tkno_tip"
    assert Pass("sh_tkno_tip") in state.legal_actions(0)


def test_an_out_player_returns_cash_and_cards_and_has_no_duties() -> None:
    """R33: out of the game, a player's cash goes to the bank, their cards to the decks,
    their debts are written off; they pay no retirement gift and answer nothing more."""
    state = start(jobs=("janitor", "teacher", "nurse"))
    q = state.players[2]
    q.cards.append(("personal", "pe_medical"))
    q.set_expense("general", q.exp["general"] + 10000)
    set_cash(state, 2, 50)
    state.step_bankruptcy(2)
    assert q.out and state.cash(2) == 0 and q.debts() == 0
    assert ("personal", "pe_medical") not in q.cards
    assert "pe_medical" in state.decks["personal"].discards
    retire_ready(state)
    set_cash(state, 0, 5000)
    act(state, 0, Retire())
    assert state.cash(0) == 5000 + 200 - 1500  # only seat 1 pays a gift
    while state.round < 3:
        assert 2 not in state.to_move()
        seat = state.to_move()[0]
        act(state, seat, state.fallback_action(seat) or Roll())
    assert state.players[2].turns == 0


def test_an_out_players_sheet_earns_and_owes_nothing() -> None:
    """R39: a player out of the game kept their salary and the bills their written-off debts
    did not take away, so the end table showed them earning ("active income $2,500") with a
    positive Pay Day they never had. Out, their sheet has no income and no expenses."""
    state = start(jobs=("janitor", "teacher", "nurse"))
    q = state.players[2]
    q.set_expense("general", q.exp["general"] + 10000)
    set_cash(state, 2, 50)
    state.step_bankruptcy(2)
    assert q.out
    figures = state.metrics(2)
    assert (figures["active"], figures["passive"], figures["expenses"]) == (0, 0, 0)
    assert figures["income"] == 0 and figures["score"] == 0 and figures["loan_room"] == 0
    sheet = state.view(None)["players"][2]
    assert sheet["active_income"] == 0 and sheet["cash_sheet"]["payday"] == 0
    assert not any(sheet["score_sheet"]["expenses"].values())
    assert state.metrics(0)["active"] > 0  # the others' sheets are as they were


def test_a_retired_player_on_a_rut_expenses_square_draws_no_card() -> None:
    """R31."""
    state = start(forced={"deck:expenses": ["ex_fines"]})
    p = state.players[0]
    retire_ready(state)
    p.retired, p.salary, p.position = True, 0, 1
    force(state, "die", 1)  # lands on Expenses (2)
    cash = state.cash(0)
    act(state, 0, Roll())
    assert "rut.expense" not in keys(state) and "rut.retired_no_expenses" in keys(state)
    assert state.cash(0) == cash


# ----- more rules the rulebook states outright --------------------------------------------
def test_a_bankrupt_player_may_not_borrow() -> None:
    state = start()
    state.players[0].bankrupt = True
    assert state.loan_room(0) == 0
    assert not any(isinstance(a, Borrow) for a in state.legal_actions(0))
    reason = state.check_borrow(0, Borrow(100))
    assert reason is not None and reason.key == "why.rut.bankrupt_no_loans"


def test_share_cards_are_not_kept_by_buyers() -> None:
    state = share_state("sh_tkno_1", "sh_tkno_5")
    act(state, 1, BuyShares(100))
    assert state.players[1].cards == []
    assert "sh_tkno_1" in state.decks["shares"].discards


def test_landing_on_personal_draws_a_personal_card_without_a_choice() -> None:
    state = start(forced={"deck:personal": ["pe_bakery"], "deck:market": ["mf_calm"]})
    state.players[0].position = 3
    force(state, "die", 1)  # Personal (4)
    act(state, 0, Roll())
    assert kind(state) == "opportunity"
    assert state.table is not None and state.table["card"] == "pe_bakery"


def test_a_deal_is_chosen_only_on_landing_on_pay_day_and_deal() -> None:
    state = start()
    p = state.players[0]
    p.circle, p.position = "inner", 3
    force(state, "die", 3)  # passes Pay Day + Deal (4) and Lose Your Mentor (5), lands on 6
    act(state, 0, Roll())
    assert kind(state) == "deal"  # square 6 is Pay Day + Deal: landed on
    assert keys(state).count("rut.payday") == 2  # square 4 paid Pay Day, but asked no deal
    act(state, 0, Deal("none"))
    assert state.to_move() == (1,) and kind(state) == "turn"


def test_a_market_forces_business_debt_is_paid_off_like_any_elective_debt() -> None:
    state = opportunity("pe_vending", market="mf_failed_deal")
    set_cash(state, 0, 10000)
    act(state, 0, BUY)
    p = state.players[0]
    assert p.debt["business"] == 6000
    assert state.check_pay_off(0, PayOff("business", 3000)) is None
    state.pay_off(0, "business", 3000)
    assert p.debt["business"] == 3000 and p.exp["business"] == 90


# ----- a purchase says what it costs and what the bank lends for it (R5) --------------------
def test_buy_says_its_price_and_the_overdraft_it_takes() -> None:
    state = opportunity("re_condo_2br")  # a $4,000 deposit
    set_cash(state, 0, 5000)
    assert state.action_label(BUY) == "Buy it: $4,000"
    set_cash(state, 0, 400)
    text = "Buy it: $4,000 (borrows $3,600 from the bank)"
    assert state.action_label(BUY) == text
    assert text in [entry["text"] for entry in state.view(0)["legal"]]
    act(state, 0, BUY)
    assert state.players[0].debt["bank"] == 3600
    assert state.action_label(BUY) == "Buy it"  # nothing on the table to buy now


def test_buy_that_even_a_loan_cannot_cover_names_only_its_price() -> None:
    state = opportunity("re_condo_2br", jobs=("janitor", "teacher"))
    set_cash(state, 0, 0)
    state.players[0].bankrupt = True  # the bank lends nothing
    assert state.action_label(BUY) == "Buy it: $4,000"
    refused = {entry["text"]: entry["key"] for entry in state.view(0)["refused"]}
    assert refused["Buy it: $4,000"] == "why.rut.cannot_afford"


def test_accepting_an_offer_says_the_commission_and_price_and_the_overdraft() -> None:
    state = opportunity("re_condo_2br")
    set_cash(state, 1, 400)
    act(state, 0, Propose(1, "sell", "re_condo_2br", 500))
    text = "Accept the offer: $4,500 (borrows $4,100 from the bank)"
    assert state.action_label(ACCEPT) == text
    assert text in [entry["text"] for entry in state.view(1)["legal"]]
    act(state, 1, ACCEPT)
    assert state.players[1].debt["bank"] == 4100


def test_a_tempting_expense_says_its_price_and_its_purchase_is_logged() -> None:
    """The tester's Chloé bought 'Cruise with friends' with $170: the button now says the
    bank lends the rest, and the log says what she bought, not only that she borrowed."""
    state = start(forced={"deck:expenses": ["ex_cruise"]})
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert kind(state) == "expense"
    set_cash(state, 0, 170)
    assert state.action_label(BUY) == "Buy it: $2,000 (borrows $1,900 from the bank)"
    act(state, 0, BUY)
    assert keys(state)[-2:] == ["rut.borrowed", "rut.took_expense"]
    said = state.explain(state.log[-1])
    assert said == "P1 says yes to 'Cruise with friends' and pays $2,000."
    assert state.cash(0) == 170 + 1900 - 2000


def test_a_tempting_debt_says_the_debt_it_adds() -> None:
    state = start(forced={"deck:expenses": ["ex_new_car"]})
    state.players[0].position = 5
    force(state, "die", 1)
    act(state, 0, Roll())
    assert kind(state) == "expense"
    assert state.action_label(BUY) == "Buy it: $12,000 of car debt at $240 a month"


# ----- a Personal square (R36) -----------------------------------------------------------------
def on_personal(options: dict[str, object] | None = None) -> RutState:
    """P1 lands on the Rut's first Personal square (square 5)."""
    state = start(options=options, forced={"deck:personal": ["pe_tutoring"]})
    state.players[0].position = 3
    force(state, "die", 1)
    act(state, 0, Roll())
    return state


def test_a_personal_square_draws_its_card_at_once() -> None:
    """R36: by default the Personal card is turned over on landing, and letting it go still
    brings the Market Forces card that follows every opportunity."""
    state = on_personal()
    assert kind(state) == "opportunity" and state.table is not None
    assert state.table["card"] == "pe_tutoring"
    force(state, "deck:market", "mf_calm")
    act(state, 0, passing(state))
    assert "rut.market" in keys(state)


def test_a_class_may_let_a_personal_square_be_declined() -> None:
    """R36, option personal_may_decline: the player chooses the Personal card or no deal,
    and no deal brings no Market Forces card; only those two are on offer."""
    state = on_personal({"personal_may_decline": True})
    assert kind(state) == "deal"
    labels = sorted(e["text"] for e in state.seat_actions(0)["legal"])
    assert labels == ["No deal this turn", "Opportunity card: personal"]
    assert state.why_not(0, Deal("real_estate")) is not None
    act(state, 0, Deal("none"))
    assert "rut.market" not in keys(state) and "rut.card" not in keys(state)
    state = on_personal({"personal_may_decline": True})
    act(state, 0, Deal("personal"))
    assert kind(state) == "opportunity" and state.table is not None
    assert state.table["card"] == "pe_tutoring"
