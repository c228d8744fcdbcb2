"""The rulebook's worked examples and its over-indebtedness table, row by row."""

from __future__ import annotations

import pytest

from moneyboard.games.financity.actions import BuyInvestment, Withdraw
from moneyboard.games.financity.base import surcharge
from tests.games.financity.driver import (
    CITY,
    at,
    at_zone,
    drive,
    events,
    give_cash,
    give_savings,
    places,
    start,
    take_cash,
)


def test_income_example_home_savings_investment_and_savings_make_1060() -> None:
    """Figure 5: $1020 for the home card, $10 for a savings card, $20 for an investment card
    and $10 for a second savings card: $1060 in all."""
    state = start(("city_flat", "shared_house"))
    assert state.players[0].home is not None and state.players[0].home.income == 1020
    give_savings(state, 0, [500, 500])
    state.players[0].investments.append("first_aid_course")
    drive(state, until=at("savings"))
    income = events(state, "income.received")
    ana = next(e for e in income if e["seat"] == 0)
    assert (ana["home"], ana["savings"], ana["investments"]) == (1020, 20, 20)
    assert ana["amount"] == 1060


def test_withdrawing_300_in_zone_6_gives_270() -> None:
    state = start(forced={"deck:investment": ["bakery_share", "laundry"]})
    give_savings(state, 0, [100, 100, 100])
    drive(state, places({0: "investments"}), until=at("invest"))
    assert state.zone == 6
    cash = state.cash(0)
    for _ in range(3):
        state.apply(0, Withdraw(100))
    assert state.cash(0) - cash == 270
    assert surcharge(300, 10) == 30


def test_withdrawing_in_zone_3_gives_full_value() -> None:
    state = start()
    give_savings(state, 0, [100, 500])
    drive(state, until=at("savings"))
    cash = state.cash(0)
    state.apply(0, Withdraw(500))
    state.apply(0, Withdraw(100))
    assert state.cash(0) - cash == 600


@pytest.mark.parametrize(
    ("loans", "minimum"),
    [(1, 1), (6, 1), (7, 2), (12, 2), (13, 3), (18, 3), (19, 4), (24, 4)],
)
def test_over_indebtedness_table_each_row(loans: int, minimum: int) -> None:
    """The table's rows at both ends: 1-6 cards -> 1, 7-12 -> 2, 13-18 -> 3, 19-24 -> 4."""
    state = start()
    state.players[0].loans = loans
    give_cash(state, 0, 2000)
    drive(state, until=at_zone(9))
    repaid = [e for e in events(state, "loan.repaid") if e["seat"] == 0]
    assert repaid == [
        {"cards": minimum, "loans": loans - minimum, "seat": 0, "amount": 150 * minimum}
    ]


def test_outcome_1_expenses_and_the_minimum_are_paid() -> None:
    state = start()
    state.players[0].loans = 6
    drive(state, until=at_zone(9))
    paid = [e for e in events(state, "expenses.paid") if e["seat"] == 0]
    assert paid[0]["amount"] == CITY.expenses
    assert state.players[0].loans == 5


def test_outcome_2_not_over_indebted_borrows_and_counts_again() -> None:
    """Short of the minimum with 12 or fewer cards: ask for a loan, then step 2 again (with
    the new count: 12 cards -> a loan of 6 -> 18 cards -> 3 to repay)."""
    state = start()
    state.players[0].loans = 12
    drive(state, places({0: "shopping"}), until=at("shop"))
    take_cash(state, 0, state.cash(0) - CITY.expenses - 100)  # enough for expenses, not the minimum
    drive(state, until=at("cover"))
    assert state.decision is not None and state.decision.data["purpose"] == "repay"
    drive(state, until=at_zone(9))
    p = state.players[0]
    assert [e["cards"] for e in events(state, "loan.taken")] == [6]
    assert p.loans == 12 + 6 - 3


def test_outcome_2_over_indebted_pays_what_it_can_and_goes_to_extra_jobs() -> None:
    state = start()
    state.players[0].loans = 18
    drive(state, places({1: "shopping"}), until=at("shop"))
    give_cash(state, 0, 500)
    take_cash(state, 0, state.cash(0) - CITY.expenses - 320)  # two cards' worth, not three
    drive(state, until=at_zone(9))
    p = state.players[0]
    assert p.loans == 16
    short = events(state, "loan.short")
    assert short == [{"seat": 0, "unpaid": 1, "loans": 16}]
    drive(state, until=at_zone(2, year=2))
    assert p.zone == "extra_jobs"
    assert events(state, "plan.held")[0]["seat"] == 0


def test_outcome_2_short_of_the_minimum_at_13_cards_goes_to_extra_jobs_even_below_13() -> None:
    """Zone 8: a family with 13 cards that can repay only 2 of its 3 drops to 11, yet the
    rulebook still sends it to Extra Jobs the next year (the Reorganisation count would not)."""
    state = start(forced={"deck:events": ["good_neighbours"]})
    state.players[0].loans = 13
    drive(state, places({1: "shopping"}), until=at("shop"))
    take_cash(state, 0, state.cash(0))
    give_cash(state, 0, CITY.expenses + 300)
    drive(state, until=at_zone(9))
    assert events(state, "loan.short") == [{"seat": 0, "unpaid": 1, "loans": 11}]
    assert events(state, "loan.held") == [{"seat": 0}]
    drive(state, until=at("plan", 2))
    assert events(state, "reorganise.over_indebted") == []  # 11 cards at the count
    drive(state, until=at_zone(2, year=2))
    assert state.players[0].zone == "extra_jobs"
    assert events(state, "plan.held") == [{"seat": 0, "loans": 11}]


def test_each_further_occupant_turns_up_one_more_card() -> None:
    """Face-up cards = occupants + 1 once a second player is in Zone 6 (or 7)."""
    state = start(("city_flat", "shared_house", "farmhouse"))
    drive(state, places({0: "shopping", 1: "shopping", 2: "shopping"}), until=at("shop"))
    assert len(state.face_up["shopping"]) == 4
    assert len(state.face_up["investment"]) == 2


def test_a_loan_is_600_in_six_cards_and_five_from_the_loans_zone() -> None:
    state = start()
    drive(state, places({0: "loans"}), until=at("savings"))
    cash0, cash1 = state.cash(0), state.cash(1)
    state.apply(0, state.new_loan(0))
    state.apply(1, state.new_loan(1))
    assert (state.cash(0) - cash0, state.cash(1) - cash1) == (600, 600)
    assert (state.players[0].loans, state.players[1].loans) == (5, 6)


def test_the_game_ends_after_the_tenth_event_and_a_next_year_effect_is_not_applied() -> None:
    state = start(
        forced={
            "deck:events": [
                "broken_phone",
                "dentist",
                "flood",
                "car_repair",
                "theft",
                "flu",
                "parking_fine",
                "roof_leak",
                "hospital",
                "factory_closes",
            ]
        }
    )
    drive(state)
    assert state.terminal and state.year == 10
    assert len(events(state, "event.revealed")) == 10
    assert events(state, "event.next_year_void")
    assert all(p.next_income == 0 for p in state.players)


def test_winner_criteria_and_beginner_champion_formula() -> None:
    state = start(("city_flat", "shared_house", "farmhouse"))
    drive(state, until=at("plan", year=10))
    state.events = ["good_neighbours"]
    for seat in range(3):
        give_cash(state, seat, 5000)
        p = state.players[seat]
        p.loans = 0
        p.wellbeing = 300 + 10 * seat
        p.investments = ["online_shop"]
        give_savings(state, seat, [500])
    state.players[2].investments = []  # misses one criterion
    drive(state)
    assert state.result is not None
    assert state.result.winners == (0, 1)
    scores = state.result.scores
    for seat in range(3):
        p = state.players[seat]
        assert scores[seat] == 2 * p.wellbeing + state.cash(seat) + state.savings_total(seat)
    assert state.result.reason.params["champion"] == max((0, 1), key=scores.__getitem__)


def test_champion_ties_go_to_more_investments_then_more_savings() -> None:
    state = start(("city_flat", "garden_house"), forced={"deck:events": ["good_neighbours"] * 10})
    drive(state, places({0: "shopping", 1: "shopping"}), until=at("shop", year=10))
    for seat in range(2):
        take_cash(state, seat, state.cash(seat))
        p = state.players[seat]
        p.loans, p.wellbeing, p.investments = 0, 400, ["online_shop"]
    give_savings(state, 0, [1000])
    give_cash(state, 1, 500)
    give_savings(state, 1, [500])
    state.players[1].investments.append("laundry")  # equal score, one more investment
    # Both pay the same expenses before the end: give each exactly that.
    for seat in range(2):
        home = state.players[seat].home
        assert home is not None
        give_cash(state, seat, home.expenses)
    drive(state)
    assert state.result is not None
    assert state.result.scores[0] == state.result.scores[1]
    assert state.result.reason.params["champion"] == 1


def test_advanced_champion_adds_a_quarter_of_products_and_businesses() -> None:
    state = start(champion_formula="advanced")
    state.players[0].shopping = ["bicycle", "concert"]  # a product (200) and an activity
    state.players[0].investments = ["online_shop", "language_course"]  # business 300
    base = 2 * state.players[0].wellbeing + state.cash(0) + state.savings_total(0)
    assert state.champion_score(0) == base + 200 / 4 + 300 / 4


def test_buying_an_investment_costs_its_price_and_pays_from_next_year() -> None:
    state = start(forced={"deck:investment": ["bakery_share", "laundry"]})
    drive(state, places({0: "investments"}), until=at("invest"))
    cash = state.cash(0)
    state.apply(0, BuyInvestment("bakery_share"))
    assert cash - state.cash(0) == 500
    drive(state, until=at("savings", year=2))
    year2 = [e for e in events(state, "income.received") if e["seat"] == 0][-1]
    assert year2["investments"] == 70
