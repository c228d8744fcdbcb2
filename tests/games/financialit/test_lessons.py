"""What the content teaches: events touch only what a family has, risk goes with return,
experiences are used up, the Luxury deck lasts, and modifiers fit the family they reach."""

from __future__ import annotations

import random

import pytest

from moneyboard.engine.actions import Action
from moneyboard.engine.errors import IllegalActionError
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    DONE,
    INVEST_LONG,
    INVEST_SHORT,
    AddClause,
    BuyLuxury,
)
from tests.games.financialit.driver import (
    CONTENT,
    SHELTERED,
    Script,
    at,
    events,
    first_legal,
    modifiers,
    received,
    run,
    start,
)


def hit(state: FinanciaLitState, card: str) -> dict[int, str]:
    """How an Event card touched each seat: "spared", "covered" or "hit"."""
    name = CONTENT.event[card].name
    out: dict[int, str] = {}
    for key, params in state.log:
        if params.get("card") != name or "seat" not in params:
            continue
        if key.startswith("spared."):
            out[params["seat"]] = "spared"
        elif key == "event.covered":
            out[params["seat"]] = "covered"
        elif key in ("event.cost", "event.cost_family", "event.happiness", "pay.short"):
            out.setdefault(params["seat"], "hit")
    return out


# ----- Events name what they need ---------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "item"),
    [("car_accident", "car"), ("breakdown", "motorbike"), ("vet_bill", "puppy")],
)
def test_an_event_about_a_possession_hits_only_its_owners(card: str, item: str) -> None:
    # Only the retirees (seat 0) buy the item; the event comes in period 2.
    market = {"deck:luxury": [item, "tv", "bicycle", "garden"]}
    state = start(rounds=2, forced=market, event_order=(card,), family_units_delta=10, **SHELTERED)
    run(state, Script({1: {0: ["market"]}}, {"market": first_legal(BuyLuxury(0))}))
    assert item in state.homes[0].luxuries
    assert hit(state, card) == {0: "hit", 1: "spared", 2: "spared"}
    [spared] = events(state, "spared.item", 1)
    assert CONTENT.luxury[item].name in state.explain(spared)


def test_insure_what_you_own_the_vehicle_clause_covers_the_car_owner() -> None:
    market = {"deck:luxury": ["car", "tv", "bicycle", "garden"]}
    state = start(
        rounds=3, forced=market, event_order=("car_accident",), family_units_delta=10, **SHELTERED
    )
    policy = Script(
        {1: {0: ["market", "insurance"]}, 2: {0: ["insurance"]}},
        {
            "market": first_legal(BuyLuxury(0)),
            "insurance": first_legal(AddClause("vehicle")),
        },
    )
    run(state, policy)
    assert "vehicle" in state.homes[0].insurance
    # Period 2's event: covered for the car owner, nothing at all for the others.
    assert hit(state, "car_accident") == {0: "covered", 1: "spared", 2: "spared"}


def test_a_cancelled_holiday_hits_only_families_with_a_trip_booked() -> None:
    market = {"deck:luxury": ["holiday", "tv", "bicycle", "garden"]}
    state = start(
        rounds=1,
        forced=market,
        events_per_round=(1,),
        event_order=("cancelled_trip",),
        family_units_delta=10,
        **SHELTERED,
    )
    run(state, Script({1: {0: ["market"]}}, {"market": first_legal(BuyLuxury(0))}))
    assert hit(state, "cancelled_trip") == {0: "hit", 1: "spared", 2: "spared"}


def test_a_lay_off_spares_families_without_an_employer() -> None:
    families = ("retirees", "flatmates", "farmers", "dual_earners")
    state = run(start(families, rounds=2, event_order=("layoff",), **SHELTERED))
    touched = hit(state, "layoff")
    employed = {s: CONTENT.family[f].employer for s, f in enumerate(families)}
    assert employed == {0: False, 1: True, 2: False, 3: True}
    assert touched == {0: "spared", 1: "hit", 2: "spared", 3: "hit"}
    assert "employer" in state.explain(events(state, "spared.employer", 0)[0])


def test_an_income_card_about_children_passes_childless_families_by() -> None:
    families = ("newlyweds", "flatmates", "farmers")
    assert [CONTENT.family[f].children for f in families][:2] == [0, 0]
    chosen = {number: ("school_trip",) for number in (1, 2, 3)}
    state = run(start(families, rounds=2, income_by_seat=chosen, **SHELTERED))
    modified = {m.params["seat"]: m.params["value"] for m in modifiers(state)}
    assert modified == {2: CONTENT.income_card["school_trip"].value}
    assert {m.params["seat"] for m in events(state, "spared.children")} == {0, 1}
    # The spared families' income is their card's own.
    assert state.homes[0].tracker == CONTENT.family["newlyweds"].income


# ----- Risk and return ---------------------------------------------------------------------
def per_period(card_id: str) -> float:
    """An investment's average gain per period, as a share of its cost."""
    card = CONTENT.investment[card_id]
    mean = sum(card.returns) / len(card.returns)
    return (mean / card.cost - 1) / card.slots


def spread(card_id: str) -> int:
    card = CONTENT.investment[card_id]
    return max(card.returns) - min(card.returns)


@pytest.mark.parametrize("deck", ["short_investments", "long_investments"])
def test_in_each_deck_a_riskier_investment_pays_more_on_average(deck: str) -> None:
    cards = sorted((spread(c.id), per_period(c.id), c.id) for c in getattr(CONTENT, deck))
    gains = [gain for _, gain, _ in cards]
    assert gains == sorted(gains), cards
    # The safest card never loses; the riskiest can pay back less than it cost.
    safest, riskiest = CONTENT.investment[cards[0][2]], CONTENT.investment[cards[-1][2]]
    assert min(safest.returns) > safest.cost
    assert min(riskiest.returns) < riskiest.cost < max(riskiest.returns)


def test_a_risky_investment_can_mature_at_a_loss_and_says_so() -> None:
    index = CONTENT.investment["index_fund"]
    worst = min(index.returns)
    forced: dict[str, list[object]] = {"deck:long": ["index_fund"], "returns:index_fund": [worst]}
    state = start(forced=forced, rounds=6, family_units_delta=10, **SHELTERED)
    run(state, Script({1: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)}))
    assert received(state, "investment.loss", 0) == [worst]  # one line: the loss and its money
    [bought] = events(state, "investment.bought", 0)
    assert f"pays {worst}-{max(index.returns)} units" in state.explain(bought)
    [loss] = events(state, "investment.loss", 0)
    assert (loss.params["cost"], loss.params["payout"]) == (index.cost, worst)
    drawn = [p for key, p in state.log if key == "chance.drawn"]
    assert {"stream": "returns:index_fund", "outcome": worst} in drawn


def test_risky_payouts_are_drawn_from_the_card_and_a_safe_one_is_not_drawn() -> None:
    seen: dict[str, set[int]] = {"bond_fund": set(), "term_deposit": set()}
    for seed in range(30):
        for card, payouts in seen.items():
            state = start(seed=seed, rounds=4, forced={"deck:short": [card]}, family_units_delta=10)
            invest = first_legal(INVEST_SHORT)
            run(state, Script({1: {0: ["investments"]}}, {"investments": invest}))
            payouts.update(received(state, "investment.matured", 0))
            if card == "term_deposit":
                streams = {p["stream"] for key, p in state.log if key == "chance.drawn"}
                assert "returns:term_deposit" not in streams
    assert seen["bond_fund"] == set(CONTENT.investment["bond_fund"].returns)
    assert seen["term_deposit"] == set(CONTENT.investment["term_deposit"].returns)


# ----- Experiences are used up -------------------------------------------------------------
def test_an_experience_is_used_up_at_the_end_of_its_period() -> None:
    market = {"deck:luxury": ["concert", "tv", "bicycle", "garden"]}
    state = start(rounds=2, forced=market, family_units_delta=5)
    happy = state.homes[0].happiness
    run(state, Script({1: {0: ["market"]}}, {"market": first_legal(BuyLuxury(0))}), until=at(2))
    assert state.homes[0].happiness >= happy + CONTENT.luxury["concert"].happiness - 1
    assert state.homes[0].luxuries == []
    assert "concert" in state.decks["luxury"].discards
    [enjoyed] = events(state, "luxury.enjoyed", 0)
    assert "used up" in state.explain(enjoyed)
    run(state)
    [bonus] = events(state, "end.bonus", 0)
    assert bonus.params["cards"] == 0  # nothing left to count at the end


def test_a_possession_stays_and_an_experience_can_be_bought_again() -> None:
    # The Market's refill after period 1 brings the second Dinner Out.
    market = {"deck:luxury": ["dinner", "sofa", "bicycle", "garden", "dinner"]}
    state = start(rounds=3, forced=market, family_units_delta=10)
    plan = {1: {0: ["market"]}, 2: {0: ["market"]}}

    def dinner_then_sofa(s: FinanciaLitState, seat: int) -> Action:
        for slot, item in enumerate(s.market):
            if item in ("dinner", "sofa") and item not in s.homes[seat].luxuries:
                action = BuyLuxury(slot)
                if s.why_not(seat, action) is None:
                    return action
        return DONE

    run(state, Script(plan, {"market": dinner_then_sofa}))
    bought = [m.params["item"] for m in events(state, "market.luxury", 0)]
    assert bought.count(CONTENT.luxury["dinner"].name) == 2
    assert state.homes[0].luxuries == ["sofa"]


# ----- The Luxury deck ---------------------------------------------------------------------
def test_the_luxury_deck_has_copies_and_a_family_never_holds_two_alike() -> None:
    assert len(CONTENT.luxuries) >= 20
    assert sum(x.count for x in CONTENT.luxuries) >= 30
    market = {"deck:luxury": ["tv", "tv", "bicycle", "garden"]}
    state = start(rounds=1, forced=market, family_units_delta=10)
    reasons: list[str | None] = []

    def buy_both(s: FinanciaLitState, seat: int) -> Action:
        if not s.homes[seat].luxuries:
            return BuyLuxury(0)
        reason = s.why_not(seat, BuyLuxury(1))
        reasons.append(None if reason is None else reason.key)
        return DONE

    run(state, Script({1: {0: ["market"]}}, {"market": buy_both}))
    assert state.homes[0].luxuries == ["tv"]
    assert reasons == ["why.duplicate_luxury"]


def test_the_luxury_deck_rarely_runs_dry() -> None:
    # Random games of four: the Market is refilled to the end in nearly every game.
    dry = 0
    for seed in range(40):
        state = start(None, seats=4, seed=seed)
        state.playout(random.Random(seed))
        dry += None in state.market
    assert dry <= 4


# ----- Chance streams ----------------------------------------------------------------------
def test_every_stream_the_game_draws_on_is_declared() -> None:
    state = start(None, seats=4, seed=3)
    state.playout(random.Random(3))
    for key, params in state.log:
        if key == "chance.drawn":
            possible = state.stream_outcomes(params["stream"])
            assert possible is not None and params["outcome"] in possible, params
    assert state.stream_outcomes("returns:term_deposit") is None  # a sure payout: no draw
    assert state.stream_outcomes("income:7") is None  # no such seat
    assert state.stream_outcomes("dice") is None


@pytest.mark.parametrize(
    ("stream", "outcome", "named"),
    [
        ("deck:luxury", "yacht", "yacht"),
        ("returns:index_fund", 99, "99"),
        ("deck:jokers", "x", "deck:jokers"),
    ],
)
def test_a_forced_outcome_the_stream_cannot_give_is_refused_naming_it(
    stream: str, outcome: object, named: str
) -> None:
    with pytest.raises(IllegalActionError, match=named):
        start(forced={stream: [outcome]})
    state = start()
    with pytest.raises(IllegalActionError, match=named):
        state.force(stream, [outcome])
