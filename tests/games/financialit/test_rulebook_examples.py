"""Every worked example and figure of the FinanciaLit rulebook, played through real games."""

from __future__ import annotations

import pytest

from moneyboard.games.financialit.actions import (
    FAMILY_AID,
    INVEST_LONG,
    INVEST_SHORT,
    LEARN_SKILL,
    SETTLE_HAPPINESS,
    SETTLE_UNITS,
    TAKE_LOAN,
    BuyLuxury,
    Place,
)
from moneyboard.games.financialit.base import advance_discount
from tests.games.financialit.driver import (
    CONTENT,
    FLATMATES,
    RETIREES,
    SHELTERED,
    TIED_CHANGES,
    TIED_FAMILIES,
    Script,
    at,
    buy_goods,
    by_round,
    events,
    every_round,
    first_legal,
    paid,
    received,
    run,
    start,
)


# ----- Pay Bills in Advance: "7 -> 6", "9 -> 7" ---------------------------------------------
@pytest.mark.parametrize(("bills", "in_advance"), [(7, 6), (9, 7)])
def test_paying_bills_in_advance_saves_one_unit_per_full_four(bills: int, in_advance: int) -> None:
    # The option brings the retirees' own bills to the rulebook's figure.
    state = start(family_bills_delta=bills - RETIREES.bills, rounds=1)
    run(state, Script({1: {0: ["pay_bills"]}}))
    assert paid(state, "bills.paid", 0) == [in_advance]
    [entry] = events(state, "bills.paid", 0)
    assert entry.params["bills"] == bills
    assert entry.params["discount"] == bills - in_advance


@pytest.mark.parametrize("bills", [7, 9])
def test_without_the_advance_pawn_bills_cost_full_price(bills: int) -> None:
    state = start(family_bills_delta=bills - RETIREES.bills, rounds=1)
    run(state, Script({1: {0: ["market"]}}))
    assert paid(state, "bills.paid", 0) == [bills]


def test_advance_discount_counts_only_complete_fours() -> None:
    due = {b: b - advance_discount(b, 4) for b in (0, 3, 4, 7, 8, 9, 12)}
    assert due == {0: 0, 3: 3, 4: 3, 7: 6, 8: 6, 9: 7, 12: 9}


# ----- Investments: crowding surcharge ------------------------------------------------------
INVEST = {"investments": first_legal(INVEST_SHORT)}
# The offer at set-up and the next two: all Term Deposits.
TERM_DEPOSITS = {"deck:short": ["term_deposit"] * 3}
DEPOSIT = CONTENT.investment["term_deposit"].cost


def test_all_usable_investment_slots_taken_costs_each_investor_one_more() -> None:
    # 3 players may use 2 of the 4 Investments slots; both are taken.
    state = start(forced=TERM_DEPOSITS, rounds=1)
    run(state, Script({1: {0: ["investments"], 2: ["investments"]}}, INVEST))
    assert paid(state, "investment.bought", 0) == [DEPOSIT + 1]
    assert paid(state, "investment.bought", 2) == [DEPOSIT + 1]
    assert [m.params["surcharge"] for m in events(state, "investment.bought")] == [1, 1]


def test_a_free_usable_investment_slot_means_no_surcharge() -> None:
    state = start(forced=TERM_DEPOSITS, rounds=1)
    run(state, Script({1: {0: ["investments"]}}, INVEST))
    assert paid(state, "investment.bought", 0) == [DEPOSIT]


def test_crowding_in_a_four_player_game_needs_three_investors() -> None:
    families = ("retirees", "shopkeepers", "farmers", "dual_earners")
    two = start(families, forced=TERM_DEPOSITS, rounds=1)
    run(two, Script({1: {0: ["investments"], 1: ["investments"]}}, INVEST))
    assert [m.params["surcharge"] for m in events(two, "investment.bought")] == [0, 0]
    three = start(families, forced=TERM_DEPOSITS, rounds=1)
    plan = {0: ["investments"], 1: ["investments"], 2: ["investments"]}
    run(three, Script({1: plan}, INVEST))
    assert [m.params["surcharge"] for m in events(three, "investment.bought")] == [1, 1, 1]


def test_a_waived_surcharge_leaves_the_price_alone() -> None:
    state = start(forced=TERM_DEPOSITS, rounds=1, crowding_surcharge=0)
    run(state, Script({1: {0: ["investments"], 2: ["investments"]}}, INVEST))
    assert paid(state, "investment.bought", 0) == [DEPOSIT]
    assert paid(state, "investment.bought", 2) == [DEPOSIT]


# ----- End of game: unfinished investments and loans ----------------------------------------
def test_unfinished_investment_on_slot_three_pays_six_units_less() -> None:
    # A Private Pension Plan (4 slots, a sure payout) bought in period 7 sits on slot 3 at the end.
    state = start(forced={"deck:long": ["pension_plan"]})
    policy = Script({7: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)})
    run(state, policy, until=at(8))
    assert [list(i) for i in state.homes[0].investments] == [["pension_plan", 3]]
    run(state, policy)
    [entry] = events(state, "end.investment", 0)
    assert (entry.params["slot"], entry.params["reduction"]) == (3, 6)
    assert received(state, "end.investment", 0) == [
        CONTENT.investment["pension_plan"].returns[0] - 6
    ]


@pytest.mark.parametrize(("taken_in", "slot", "units", "happiness"), [(7, 1, 4, 1), (8, 2, 8, 2)])
def test_unfinished_loans_cost_four_units_or_one_happiness_per_slot(
    taken_in: int, slot: int, units: int, happiness: int
) -> None:
    for settle in (SETTLE_UNITS, SETTLE_HAPPINESS):
        state = start(**SHELTERED)  # the Happiness loss cannot be hidden by the zero floor
        run(state, until=at(taken_in))
        state.apply(0, TAKE_LOAN)
        policy = Script(handlers={"settle_loan": first_legal(settle)})
        run(state, policy, until=lambda s: s.phase == "final")
        assert state.homes[0].loans == [slot]
        assert state.decision is not None
        assert dict(state.decision.data) == {"units": units, "happiness": happiness}
        state.apply(0, settle)
        lost = [m.params["delta"] for m in events(state, "end.loan_happiness", 0)]
        if settle is SETTLE_UNITS:
            assert (paid(state, "end.loan_paid", 0), lost) == ([units], [])
        else:
            assert (paid(state, "end.loan_paid", 0), lost) == ([], [-happiness])
        assert state.homes[0].loans == []


# ----- The round table and the length of the game -------------------------------------------
def test_event_cards_revealed_per_round_follow_the_table() -> None:
    state = run(start(seed=5))
    rounds = by_round(state)
    revealed = [sum(m.key == "event.revealed" for m in rounds[r]) for r in range(1, 9)]
    assert revealed == [0, 1, 1, 2, 2, 2, 3, 3]


def test_the_game_lasts_eight_periods() -> None:
    state = run(start(seed=2))
    assert [m.params["round"] for m in events(state, "round.start")] == list(range(1, 9))
    assert [m.params["round"] for m in events(state, "end.start")] == [8]
    assert state.result is not None


# ----- Slots by player count ----------------------------------------------------------------
def test_three_players_cannot_use_the_4_plus_slots() -> None:
    state = start()
    state.apply(0, Place("investments"))
    state.apply(1, Place("investments"))
    assert Place("investments") not in state.legal_actions(2)
    reason = state.why_not(2, Place("investments"))
    assert reason is not None and reason.key == "why.location_full"
    # The 3-slot locations (Payable Bills, Market) take every family's pawn.
    state.apply(2, Place("pay_bills"))
    state.apply(0, Place("pay_bills"))
    state.apply(1, Place("pay_bills"))
    assert state.board["pay_bills"] == [2, 0, 1]


@pytest.mark.parametrize(("players", "usable"), [(3, 2), (4, 3), (5, 4)])
def test_usable_investment_slots_grow_with_the_player_count(players: int, usable: int) -> None:
    state = start(None, seats=players)
    placed = 0
    for seat in range(players):
        if state.why_not(seat, Place("investments")) is None:
            state.apply(seat, Place("investments"))
            placed += 1
        else:
            state.apply(seat, Place("market"))
    assert placed == usable


# ----- Labour market: Skills prices ---------------------------------------------------------
def test_skills_cost_three_then_four_once_more_than_two_are_held() -> None:
    state = start(rounds=4, start_goods=10)
    plan = every_round(range(1, 5), {0: ["labour"]})
    run(state, Script(plan, {"labour": first_legal(LEARN_SKILL)}))
    assert paid(state, "labour.skill_paid", 0) == [3, 3, 3, 4]


# ----- Market: bulk Common Goods ------------------------------------------------------------
@pytest.mark.parametrize(("count", "total"), [(6, 6), (7, 6), (8, 7)])
def test_seven_or_more_common_goods_cost_one_unit_less(count: int, total: int) -> None:
    state = start(rounds=1)
    run(state, Script({1: {0: ["market"]}}, {"market": buy_goods(count)}))
    assert sum(paid(state, "market.goods", 0)) == total
    assert state.homes[0].goods == 3 + count - RETIREES.goods  # start 3, bought, used


# ----- Loans and Family Aid -----------------------------------------------------------------
def test_family_aid_gives_three_units_once_per_game() -> None:
    # The flatmates' bills are 3 more than their units in period 1: they miscalculate.
    cash = FLATMATES.units + FLATMATES.income
    state = start(family_bills_delta=cash + 3 - FLATMATES.bills, rounds=3)
    run(state, until=at(2))
    assert state.homes[1].miscalculation
    assert received(state, "aid.given", 1) == [3]
    reason = state.why_not(1, FAMILY_AID)
    assert reason is not None and reason.key == "why.aid_used"
    run(state)
    assert received(state, "aid.given", 1) == [3]
    assert received(state, "loan.taken", 1)  # later shortfalls needed loans


def test_a_second_loan_costs_one_happiness() -> None:
    state = start()
    happy = state.homes[0].happiness
    state.apply(0, TAKE_LOAN)
    assert state.homes[0].happiness == happy
    state.apply(0, TAKE_LOAN)
    assert state.homes[0].happiness == happy - 1
    assert received(state, "loan.taken", 0) == [5, 5]


# ----- Upkeep: interest ---------------------------------------------------------------------
@pytest.mark.parametrize(("left", "interest"), [(5, [1]), (4, [])])
def test_five_or_more_units_at_upkeep_earn_one_unit(left: int, interest: list[int]) -> None:
    # The flatmates buy Common Goods (1 unit each) until 5 or 4 units remain after bills.
    cash = FLATMATES.units + FLATMATES.income - FLATMATES.bills
    goods = cash - left
    assert 0 < goods < 7  # no bulk discount
    state = start(rounds=1)
    run(state, Script({1: {1: ["market"]}}, {"market": buy_goods(goods)}))
    assert paid(state, "market.goods", 1) == [1] * goods
    assert received(state, "upkeep.interest", 1) == interest
    assert state.cash(1) == left + sum(interest)


# ----- End-game Happiness and the winner ----------------------------------------------------
def test_end_game_happiness_counts_cards_income_and_units() -> None:
    luxury = {"deck:luxury": ["jewellery", "tv", "bicycle", "concert"]}
    plan = {
        1: {0: ["insurance", "market", "labour"]},
        2: {0: ["insurance", "labour"]},
    }
    handlers = {
        "market": first_legal(BuyLuxury(0)),
        "labour": first_legal(LEARN_SKILL),
    }
    state = start(forced=luxury)
    run(state, Script(plan, handlers))
    home = state.homes[0]
    [bonus] = events(state, "end.bonus", 0)
    cards = len(home.luxuries) + len(home.insurance) + len(home.skills) + len(home.careers)
    assert cards == 4  # the jewellery, Basic Insurance and two Skills cards
    assert bonus.params["cards"] == cards
    assert bonus.params["income"] == home.tracker
    assert bonus.params["cash"] == state.cash(0)
    assert bonus.params["delta"] == cards // 2 + home.tracker // 5 + state.cash(0) // 5


def test_the_happiest_family_wins() -> None:
    state = run(start(seed=3))
    assert state.result is not None
    scores = [h.happiness for h in state.homes]
    assert list(state.result.scores) == scores
    best = max(scores)
    tied = [s for s in range(3) if scores[s] == best]
    most = max(state.homes[s].career_cards() for s in tied)
    assert list(state.result.winners) == [s for s in tied if state.homes[s].career_cards() == most]


def test_a_tie_goes_to_the_most_skills_and_career_cards() -> None:
    # One quiet period with nothing bought: the first two families end level, ahead.
    tie = run(start(TIED_FAMILIES, rounds=1, start_goods=10, **TIED_CHANGES))
    assert tie.result is not None
    scores = tie.result.scores
    assert scores[0] == scores[1] > scores[2]
    assert tie.result.winners == (0, 1)
    # A Skills card leaves the second family level on Happiness, and breaks the tie.
    skilled = start(TIED_FAMILIES, rounds=1, start_goods=10, **TIED_CHANGES)
    run(skilled, Script({1: {1: ["labour"]}}, {"labour": first_legal(LEARN_SKILL)}))
    assert skilled.result is not None
    assert skilled.result.scores == scores
    assert skilled.result.winners == (1,)
