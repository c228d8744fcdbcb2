"""Rules the rulebook states outright, each played through a real game: pawns and places,
the Market, insurance, payments a family cannot make, and every family's special effect."""

from __future__ import annotations

from typing import Any

import pytest

from moneyboard.engine.actions import Action
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    FAMILY_AID,
    LEARN_SKILL,
    SAVE,
    SEEK_EMPLOYMENT,
    TAKE_LOAN,
    AddClause,
    BuyLuxury,
    Place,
)
from tests.games.financialit.driver import (
    CONTENT,
    SHELTERED,
    Script,
    at,
    events,
    first_legal,
    paid,
    received,
    run,
    start,
)

FIVE = ("retirees", "flatmates", "farmers", "shopkeepers", "newlyweds")


def reason(state: FinanciaLitState, seat: int, action: Action) -> str | None:
    why = state.why_not(seat, action)
    return None if why is None else why.key


# ----- Pawns and places ----------------------------------------------------------------------
def test_a_family_without_pawns_left_can_only_save() -> None:
    pawns = CONTENT.pawns_per_family
    where = ["market", "pay_bills", "insurance", "investments", "labour"][:pawns]
    state = start(rounds=1)
    run(state, Script({1: {0: where}}), until=lambda s: s.homes[0].pawns == 0)
    run(state, until=lambda s: s.to_move() == (0,))
    assert state.homes[0].pawns == 0
    assert state.decision is not None and state.decision.kind == "action"
    assert [a for a in state.legal_actions(0) if not a.anytime] == [SAVE]
    assert reason(state, 0, Place("labour")) == "why.no_pawns"
    assert "Save" in state.explain(state.why_not(0, Place("labour")) or ("", {}))


def test_one_pawn_per_location() -> None:
    state = start(rounds=1)
    state.apply(0, Place("market"))
    run(state, until=lambda s: s.to_move() == (0,))
    assert reason(state, 0, Place("market")) == "why.already_there"
    assert reason(state, 0, Place("pay_bills")) is None


def test_five_families_fill_the_market_and_the_broker_has_four_places() -> None:
    state = start(FIVE, rounds=1)
    for seat in range(5):
        state.apply(seat, Place("market"))
    assert state.board["market"] == [0, 1, 2, 3, 4]
    for seat in range(4):
        state.apply(seat, Place("insurance"))
    assert reason(state, 4, Place("insurance")) == "why.location_full"
    # In a game of three only three Market places are used.
    three = start(rounds=1)
    for seat in range(3):
        three.apply(seat, Place("market"))
    assert three.figures.capacity["market"] == 3
    # Every family at the Market resolves there, lowest place first.
    run(state)
    resolved = [m.params["seat"] for m in events(state, "resolve.location")]
    assert resolved[-5:] == [0, 1, 2, 3, 4]


# ----- The Market and the Broker ------------------------------------------------------------
def test_the_market_stays_open_until_done_and_is_refilled_after() -> None:
    market = {"deck:luxury": ["tv", "bicycle", "concert", "dinner", "laptop", "sofa"]}
    state = start(rounds=1, forced=market, family_units_delta=10)
    run(state, Script({1: {0: ["market"]}}), until=lambda s: s.phase == "payments")
    assert state.decision is not None and state.decision.kind == "market"
    state.apply(0, BUY_GOODS)
    state.apply(0, BuyLuxury(0))
    state.apply(0, BuyLuxury(1))
    assert state.to_move() == (0,) and state.decision.kind == "market"  # still shopping
    assert state.market[:2] == [None, None]
    state.apply(0, DONE)
    assert state.market == ["laptop", "sofa", "concert", "dinner"]  # refilled in slot order
    assert state.homes[0].luxuries == ["tv", "bicycle"]


def test_a_clause_held_cannot_be_added_again_and_changes_stop_at_the_limit() -> None:
    state = start(rounds=2, **SHELTERED)
    run(state, Script({1: {0: ["insurance"]}, 2: {0: ["insurance"]}}), until=at(2))
    assert state.homes[0].insurance == ["basic"]
    run(state, Script({2: {0: ["insurance"]}}), until=lambda s: s.phase == "payments")
    state.apply(0, AddClause("fire"))
    assert reason(state, 0, AddClause("fire")) == "why.clause_held"
    state.apply(0, AddClause("theft"))
    assert state.decision is not None and state.decision.kind == "insurance"
    assert reason(state, 0, AddClause("health")) == "why.clause_limit"
    assert [a for a in state.legal_actions(0) if not a.anytime] == [DONE]


# ----- A payment a family cannot make -------------------------------------------------------
def test_an_event_a_family_cannot_pay_gives_a_miscalculation_and_a_loan_covers_it() -> None:
    # The flatmates (seat 1) hold a few units in period 2, when the Fire comes.
    fire = CONTENT.event["fire"]
    poor = {"flatmates": {"units": 0, "income": 2, "bills": 0}}
    state = start(rounds=2, event_order=("fire",), family_changes=poor, **SHELTERED)
    run(state, until=lambda s: s.decision is not None and s.decision.kind == "cover_event")
    [short] = events(state, "pay.short")
    assert short.params["what"] == "event.cost"
    seat = short.params["seat"]
    assert (seat, short.params["amount"]) == (1, fire.units)
    assert short.params["cash"] < fire.units
    assert state.to_move() == (seat,) and state.homes[seat].miscalculation
    while state.decision is not None and state.decision.kind == "cover_event":
        state.apply(seat, TAKE_LOAN)
    cost = fire.units + state.homes[seat].family.event_cost_delta
    assert paid(state, "event.cost", seat)[-1] == cost
    assert received(state, "loan.taken", seat)


# ----- Each family's special effect ---------------------------------------------------------
#: A family's special effect switched off (the trainer's change of a card, with its text).
NO_EFFECT: dict[str, Any] = {
    "upkeep_bonus": 0,
    "skill_cost_delta": 0,
    "family_aid_bonus": 0,
    "ignores_income_modifiers": False,
    "can_seek_employment": True,
    "event_cost_delta": 0,
    "luxury_happiness_bonus": 0,
    "special": "No special effect.",
}


def effect_probe(family: str, switched_off: bool) -> Any:
    """What ``family``'s special effect touches, played in seat 0 (with the effect or without)."""
    others = [f for f in ("flatmates", "retirees", "farmers") if f != family][:2]
    families = (family, *others)
    change: dict[str, Any] = dict(NO_EFFECT) if switched_off else {}
    if family == "single_parent":
        change["bills"] = 20  # more than they can pay: a Miscalculation card, then Family Aid
    options: dict[str, Any] = {**SHELTERED, "family_changes": {family: change}}
    if family == "shopkeepers":
        return received(run(start(families, rounds=1, **options)), "upkeep.interest", 0)
    if family == "flatmates":
        state = start(families, rounds=1, family_units_delta=5, **options)
        run(state, Script({1: {0: ["labour"]}}, {"labour": first_legal(LEARN_SKILL)}))
        return paid(state, "labour.skill_paid", 0)
    if family == "single_parent":
        state = start(families, rounds=1, **options)
        run(state, until=lambda s: s.to_move() == (0,) and s.phase == "payments")
        state.apply(0, FAMILY_AID)
        return received(state, "aid.given", 0)
    if family == "retirees":
        state = start(families, rounds=2, income_by_seat={1: ("bonus",)}, **options)
        run(state, until=at(2))
        seeking = state.check_seek_employment(0, SEEK_EMPLOYMENT)
        return state.homes[0].tracker, None if seeking is None else seeking.key
    if family == "farmers":
        return paid(
            run(start(families, rounds=2, event_order=("flu",), **options)),
            "event.cost" if switched_off else "event.cost_family",
            0,
        )
    market = {"deck:luxury": ["tv", "bicycle", "garden", "sofa"]}
    state = start(families, rounds=1, forced=market, **options)
    run(state, Script({1: {0: ["market"]}}, {"market": first_legal(BuyLuxury(0))}))
    return [m.params["delta"] for m in events(state, "market.luxury_happiness", 0)]


def expected_effect(family: str) -> tuple[Any, Any]:
    """What the probe shows with the card's effect and without it, from the figures."""
    o = start().options
    if family == "shopkeepers":
        return [o.interest + 1], [o.interest]
    if family == "flatmates":
        return [o.skills_cost - 1], [o.skills_cost]
    if family == "single_parent":
        return [o.family_aid + 2], [o.family_aid]
    if family == "retirees":
        income = CONTENT.family["retirees"].income
        bonus = CONTENT.income_card["bonus"].value
        return (income, "why.family_cannot_seek"), (income + bonus, None)
    if family == "farmers":
        flu = CONTENT.event["flu"].units
        return [flu + 1], [flu]
    tv = CONTENT.luxury["tv"].happiness
    return [tv + 1], [tv]


@pytest.mark.parametrize(
    "family", ["shopkeepers", "flatmates", "single_parent", "retirees", "farmers", "newlyweds"]
)
def test_each_family_special_effect_does_what_its_card_says(family: str) -> None:
    assert CONTENT.family[family].special != NO_EFFECT["special"]
    with_effect, without = expected_effect(family)
    assert effect_probe(family, switched_off=False) == with_effect
    assert effect_probe(family, switched_off=True) == without


def test_the_two_job_family_has_no_special_effect() -> None:
    card = CONTENT.family["dual_earners"]
    assert card.special == NO_EFFECT["special"]
    assert {f: getattr(card, f) for f in NO_EFFECT if f != "special"} == {
        f: v for f, v in NO_EFFECT.items() if f != "special"
    }
