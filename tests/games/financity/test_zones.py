"""Each zone's rule, as the play marker reaches it."""

from __future__ import annotations

import random

from moneyboard.games.financity.actions import (
    BUY_TOKEN,
    USE_INSURANCE,
    BuyInvestment,
    BuyShopping,
)
from moneyboard.terminal.render import decision_line
from tests.games.financity.driver import CITY, SHARED, at, drive, events, give_cash, places, start


def test_zone_2_income_and_the_plus_cards_wellbeing_every_later_year() -> None:
    state = start(forced={"deck:shopping": ["gym", "sofa"]})
    give_cash(state, 0, 500)
    drive(state, places({0: "shopping"}), until=at("shop"))
    state.apply(0, BuyShopping("gym"))  # gym: 15 now, "+15" every later year, expenses +30
    assert state.players[0].wellbeing == 15
    drive(state, places({0: "extra_jobs"}), until=at("savings", 2))
    assert state.players[0].wellbeing == 30
    assert events(state, "income.bonus") == [{"seat": 0, "delta": 15, "wellbeing": 30}]


def test_zone_4_extra_jobs_pays_80_and_zone_5_gives_50_wellbeing() -> None:
    state = start()
    drive(state, places({0: "extra_jobs", 1: "free_time"}), until=at("plan", 2))
    assert events(state, "zone.extra_jobs") == [{"seat": 0, "amount": 80}]
    assert state.players[1].wellbeing == 50
    assert state.players[0].wellbeing == 0


def test_zone_6_buys_in_turn_order_and_is_optional() -> None:
    state = start(
        ("city_flat", "shared_house", "farmhouse"),
        forced={"deck:investment": ["online_shop", "laundry", "bakery_share"]},
    )
    for seat in range(3):
        give_cash(state, seat, 1000)
    drive(state, places({0: "investments", 1: "investments", 2: "extra_jobs"}), until=at("invest"))
    assert state.face_up["investment"] == ["online_shop", "laundry", "bakery_share"]
    assert state.to_move() == (0,)
    # The face-up cards are counted from 1 on the table, as a learner counts them; their
    # buttons name each card and its price, so a choice means the same card whatever was
    # bought before it.
    assert list(state.view(0)["investments_face_up"]) == ["card 1", "card 2", "card 3"]
    buttons = [entry["text"] for entry in state.seat_actions(0)["legal"]]
    assert buttons[:3] == [
        "Buy Online Shop ($300)",
        "Buy Laundry ($600)",
        "Buy Share in a Bakery ($500)",
    ]
    names = ", ".join(state.content.investment[c].name for c in state.face_up["investment"])
    assert decision_line(state, 0) == (
        f"Ana: buy one of the investment cards on show ({names}), or Done to buy none."
    )
    state.apply(0, BuyInvestment("bakery_share"))
    assert state.to_move() == (1,)
    legal = state.legal_actions(1)
    assert BuyInvestment("bakery_share") not in legal and BuyInvestment("laundry") in legal
    # Seat 1's buttons still name the same two cards at their prices.
    buttons = [entry["text"] for entry in state.seat_actions(1)["legal"]]
    assert buttons[:2] == ["Buy Online Shop ($300)", "Buy Laundry ($600)"]
    gone = state.why_not(1, BuyInvestment("bakery_share"))
    assert gone is not None
    said = state.explain(gone)
    assert said == "'Share in a Bakery' is not among the face-up investment cards now."
    drive(state, until=at("plan", 2))
    assert state.players[0].investments == ["bakery_share"]
    assert state.players[1].investments == []


def test_zone_7_expense_change_counts_from_that_years_expenses() -> None:
    state = start(forced={"deck:shopping": ["washing_machine", "streaming"]})
    give_cash(state, 0, 1000)
    drive(state, places({0: "shopping"}), until=at("shop"))
    state.apply(0, BuyShopping("washing_machine"))  # washing machine: expenses -60
    drive(state, until=at("plan", 2))
    paid = [e for e in events(state, "expenses.paid") if e["seat"] == 0]
    assert paid[0]["amount"] == CITY.expenses - 60
    assert paid[0]["less"] == 60


def test_zone_8_pays_home_expenses_with_the_shopping_changes() -> None:
    state = start()
    state.players[1].shopping = ["internet_plan", "bus_pass"]  # +40 and -20
    drive(state, until=at("plan", 2))
    paid = [e for e in events(state, "expenses.paid") if e["seat"] == 1]
    assert paid[0] == {
        "home": SHARED.expenses,
        "more": 40,
        "less": 20,
        "seat": 1,
        "amount": SHARED.expenses + 20,
    }


def test_zone_9_protects_this_year_and_sells_one_token_that_protects_later() -> None:
    state = start(forced={"deck:events": ["flood", "car_repair"]})
    give_cash(state, 0, 200)
    drive(state, places({0: "insurance"}), until=at("insure"))
    state.apply(0, BUY_TOKEN)
    assert state.players[0].tokens == 1
    assert state.why_not(0, BUY_TOKEN) is not None  # one token a year: the turn is over
    drive(state, until=at("event"))
    state.apply(0, USE_INSURANCE)  # year 1: Zone 9 protects, the token is kept
    assert state.players[0].tokens == 1
    drive(state, places({0: "extra_jobs"}), until=at("event", 2))
    state.apply(0, USE_INSURANCE)  # year 2: outside Zone 9, the token is spent
    assert state.players[0].tokens == 0
    assert events(state, "event.protected_token") == [
        {"seat": 0, "card": "Car Breakdown", "tokens": 0}
    ]
    assert not [e for e in events(state, "event.cost") if e["seat"] == 0]


def test_zone_10_one_card_for_everyone() -> None:
    state = start(forced={"deck:events": ["work_bonus"]})
    drive(state, until=at("plan", 2))
    gains = events(state, "event.gain")
    assert sorted(e["seat"] for e in gains) == [0, 1]
    assert all(e["amount"] == 200 for e in gains)


def test_zone_11_unbought_cards_go_beneath_two_new_come_up_and_the_token_passes() -> None:
    state = start(
        forced={"deck:investment": ["online_shop", "laundry", "food_truck", "chef_school"]}
    )
    drive(state, until=at("plan", 2))
    pile = state.piles["investment"]
    assert pile.bottom == ["online_shop", "laundry"]
    assert state.face_up["investment"] == ["food_truck", "chef_school"]
    assert state.first == 1
    assert state.event_card is None
    assert all(p.zone is None for p in state.players)  # tokens lifted until placed again


def test_a_buying_decision_names_the_face_up_cards_as_they_are() -> None:
    # One purchase ends the turn, so the cards the decision names stay the ones face up.
    for seed in range(6):
        state = start(seed=seed)
        rng = random.Random(seed)
        while not state.terminal:
            d = state.decision
            if d is not None and d.kind in ("invest", "shop"):
                deck = "investment" if d.kind == "invest" else "shopping"
                assert d.data["cards"] == state.face_up[deck]
            seat = state.to_move()[0]
            action = state.random_action(seat, rng)
            assert action is not None
            state.apply(seat, action)
