"""Each FinanciaLit rule option changes what its description says; bad options are refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from moneyboard.engine.actions import Action
from moneyboard.engine.errors import OptionsError
from moneyboard.engine.messages import Message
from moneyboard.engine.options import RuleOptions, describe_options, read_overrides
from moneyboard.engine.state import Seat
from moneyboard.games.financialit import FinanciaLitOptions, FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    INVEST_LONG,
    INVEST_SHORT,
    LEARN_SKILL,
    REFRESH_MARKET,
    SEEK_EMPLOYMENT,
    SETTLE_HAPPINESS,
    TAKE_LOAN,
    AddClause,
    BuyLuxury,
    Place,
)
from moneyboard.games.financialit.content import load_content
from moneyboard.registry import get_game
from tests.games.financialit.driver import (
    CONTENT,
    FARMERS,
    FLATMATES,
    FLATMATES_SHORT,
    RETIREES,
    SHELTERED,
    Script,
    at,
    buy_goods,
    by_round,
    events,
    every_round,
    first_legal,
    modifiers,
    paid,
    received,
    run,
    start,
)

GAME = get_game("financialit")
#: Four Luxury Items in the Market, in this order, at set-up.
TV_FIRST = {"deck:luxury": ["tv", "bicycle", "concert", "dinner"]}


def why(state: FinanciaLitState, seat: int, action: Action) -> str | None:
    """The key of the reason ``action`` is refused, or ``None`` if it is allowed."""
    reason = state.why_not(seat, action)
    return None if reason is None else reason.key


def market_visit(handler: Any, seat: int = 0, **options: Any) -> FinanciaLitState:
    """One period in which ``seat`` visits the Market with ``handler``."""
    state = start(rounds=1, forced=TV_FIRST, **options)
    return run(state, Script({1: {seat: ["market"]}}, {"market": handler}))


# ----- Length of the game and the event table -----------------------------------------------
def test_rounds_sets_the_number_of_periods() -> None:
    state = run(start(rounds=3))
    assert [m.params["round"] for m in events(state, "round.start")] == [1, 2, 3]


def test_events_per_round_sets_the_cards_revealed_each_period() -> None:
    state = run(start(rounds=3, events_per_round=(2, 0, 1)))
    rounds = by_round(state)
    assert [sum(m.key == "event.revealed" for m in rounds[r]) for r in (1, 2, 3)] == [2, 0, 1]


# ----- The Market ---------------------------------------------------------------------------
def test_goods_min_refuses_done_until_enough_goods_are_bought() -> None:
    seen: list[str | None] = []

    def handler(state: FinanciaLitState, seat: int) -> Action:
        seen.append(why(state, seat, DONE))
        return buy_goods(2)(state, seat)

    market_visit(handler, goods_min=2)
    assert seen == ["why.goods_min", "why.goods_min", None]


def test_goods_max_caps_one_visit() -> None:
    seen: list[str | None] = []

    def handler(state: FinanciaLitState, seat: int) -> Action:
        if state.visit["goods"] == 3:
            seen.append(why(state, seat, BUY_GOODS))
            return DONE
        return BUY_GOODS

    market_visit(handler, goods_max=3)
    assert seen == ["why.goods_max"]


def test_basic_goods_price_sets_the_price_of_a_card() -> None:
    state = market_visit(buy_goods(3), basic_goods_price=2)
    assert paid(state, "market.goods", 0) == [2, 2, 2]


def test_bulk_threshold_and_discount_set_the_bulk_deal() -> None:
    state = market_visit(
        buy_goods(4), bulk_goods_threshold=3, basic_goods_price=3, bulk_goods_discount=2
    )
    assert paid(state, "market.goods", 0) == [3, 3, 1, 3]


def test_goods_shortage_happiness_sets_the_loss_per_missing_card() -> None:
    state = run(start(rounds=1, start_goods=0, goods_shortage_happiness=1))
    lacking = {m.params["seat"]: m.params["delta"] for m in events(state, "goods.lacking")}
    assert lacking == {0: -2, 1: -2, 2: -1}  # needs of 2, 2 and 1 cards


def test_start_goods_sets_the_opening_common_goods() -> None:
    assert [h.goods for h in start(start_goods=7).homes] == [7, 7, 7]


def test_luxury_cost_delta_changes_every_price() -> None:
    state = market_visit(first_legal(BuyLuxury(0)), luxury_cost_delta=2)
    assert paid(state, "market.luxury", 0) == [4 + 2]


def test_luxury_upkeep_delta_adds_to_the_bills_of_held_items() -> None:
    state = market_visit(first_legal(BuyLuxury(0)), luxury_upkeep_delta=2)
    assert state.bills(0) == RETIREES.bills + 0 + 2  # the TV's upkeep is 0
    assert paid(state, "bills.paid", 0) == [RETIREES.bills + 2]


def test_luxury_requires_skills_refuses_luxury_without_them() -> None:
    seen: list[str | None] = []

    def handler(state: FinanciaLitState, seat: int) -> Action:
        seen.append(why(state, seat, BuyLuxury(0)))
        return DONE

    market_visit(handler, luxury_requires_skills=1)
    assert seen == ["why.luxury_needs_skills"]


def test_luxury_market_size_sets_the_face_up_items() -> None:
    state = start(luxury_market_size=6)
    assert len(state.market) == 6 and None not in state.market
    options = FinanciaLitOptions.model_validate({"luxury_market_size": 6})
    assert sum(isinstance(a, BuyLuxury) for a in GAME.action_space(options, 3)) == 6


def test_market_refresh_cost_sets_the_refresh_price() -> None:
    before: list[str | None] = []

    def handler(state: FinanciaLitState, seat: int) -> Action:
        if not state.visit["refreshed"]:
            before.extend(state.market)
            return REFRESH_MARKET
        return DONE

    state = market_visit(handler, market_refresh_cost=3)
    assert paid(state, "market.refresh", 0) == [3]
    assert state.market != before


# ----- Pay Bills in Advance -----------------------------------------------------------------
def test_bill_discount_per_sets_the_units_per_unit_saved() -> None:
    state = start(rounds=1, family_bills_delta=9 - RETIREES.bills, bill_discount_per=5)
    run(state, Script({1: {0: ["pay_bills"]}}))
    assert paid(state, "bills.paid", 0) == [9 - 1]


# ----- Investments --------------------------------------------------------------------------
TERM_DEPOSITS = {"deck:short": ["term_deposit"] * 3}


def test_crowding_surcharge_sets_the_extra_cost() -> None:
    state = start(rounds=1, forced=TERM_DEPOSITS, crowding_surcharge=2)
    plan = {1: {0: ["investments"], 2: ["investments"]}}
    run(state, Script(plan, {"investments": first_legal(INVEST_SHORT)}))
    deposit = CONTENT.investment["term_deposit"].cost
    assert (
        paid(state, "investment.bought", 0) == paid(state, "investment.bought", 2) == [deposit + 2]
    )


def test_r47_the_crowding_surcharge_waits_for_every_usable_slot() -> None:
    # The book's summary: an investment costs more "if other players' pawns are" there; its
    # detail: only when every usable slot is taken. A second investor in a four-player game
    # pays nothing more; the help text says so.
    families = ("retirees", "shopkeepers", "farmers", "dual_earners")
    two = start(families, forced=TERM_DEPOSITS, rounds=1)
    run(
        two,
        Script(
            {1: {0: ["investments"], 1: ["investments"]}},
            {"investments": first_legal(INVEST_SHORT)},
        ),
    )
    assert [m.params["surcharge"] for m in events(two, "investment.bought")] == [0, 0]
    [row] = [r for r in describe_options(FinanciaLitOptions) if r["name"] == "crowding_surcharge"]
    assert "another family's pawn there alone costs nothing more" in row["meaning"]


def test_investment_limit_sets_how_many_a_family_may_hold() -> None:
    # Three long investments in three periods: allowed with a limit of 3.
    state = start(rounds=4, investment_limit=3, family_units_delta=20)
    plan = every_round(range(1, 4), {0: ["investments"]})
    run(state, Script(plan, {"investments": first_legal(INVEST_LONG)}), until=at(4))
    assert len(state.homes[0].investments) == 3
    assert why(state, 0, Place("investments")) == "why.investment_limit"


def test_investment_end_penalty_sets_the_units_lost_per_slot() -> None:
    state = start(forced={"deck:long": ["pension_plan"]}, investment_end_penalty=1)
    run(state, Script({8: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)}))
    pension = CONTENT.investment["pension_plan"]
    assert received(state, "end.investment", 0) == [pension.returns[0] - 1 * 4]


# ----- Insurance ----------------------------------------------------------------------------
CLAUSES = first_legal(AddClause("fire"), AddClause("theft"), AddClause("health"))


def test_insurance_per_visit_sets_the_changes_per_visit() -> None:
    state = start(rounds=2, insurance_per_visit=3)
    run(state, Script(every_round((1, 2), {0: ["insurance"]}), {"insurance": CLAUSES}))
    assert state.homes[0].insurance == ["basic", "fire", "theft", "health"]


def test_extra_clause_fee_charges_each_clause_after_the_first() -> None:
    state = start(rounds=2, extra_clause_fee=2)
    run(state, Script(every_round((1, 2), {0: ["insurance"]}), {"insurance": CLAUSES}))
    assert paid(state, "insurance.extra_fee", 0) == [2]


def test_miscalculation_insurance_fee_sets_the_broker_fee() -> None:
    state = start(**FLATMATES_SHORT, miscalculation_insurance_fee=3)
    run(state, until=lambda s: s.round == 2 and s.to_move() == (1,))
    state.apply(1, Place("insurance"))
    assert paid(state, "insurance.visit_fee", 1) == [3]


# ----- Labour market ------------------------------------------------------------------------
def skills_paid(**options: Any) -> list[int]:
    state = start(rounds=3, start_goods=10, family_units_delta=10, **options)
    plan = every_round(range(1, 4), {0: ["labour"]})
    run(state, Script(plan, {"labour": first_legal(LEARN_SKILL)}))
    return paid(state, "labour.skill_paid", 0)


def test_skills_cost_sets_the_price() -> None:
    assert skills_paid(skills_cost=5) == [5, 5, 5]


def test_skills_extra_cost_and_after_set_the_price_rise() -> None:
    assert skills_paid(skills_extra_after=1, skills_extra_cost=2) == [3, 3, 5]


def test_career_income_penalty_sets_the_income_lost_while_away() -> None:
    state = start(income_draw="none", career_income_penalty=3)
    run(state, Script({1: {2: ["labour"]}}, {"labour": first_legal(SEEK_EMPLOYMENT)}), until=at(2))
    assert state.homes[2].tracker == FARMERS.income - 3


def test_skill_and_career_end_happiness_add_to_the_end_bonus() -> None:
    def bonus(**options: Any) -> int:
        state = start(rounds=2, start_goods=10, **options)
        plan = every_round((1, 2), {1: ["labour"]})
        handler = {"labour": lambda s, seat: LEARN_SKILL if s.round == 1 else SEEK_EMPLOYMENT}
        run(state, Script(plan, handler))
        [delta] = [p["delta"] for k, p in state.log if k.startswith("end.bonus") and p["seat"] == 1]
        return int(delta)

    assert bonus(skill_end_happiness=2, career_end_happiness=3) == bonus() + 2 + 3


def test_the_end_bonus_names_every_part_of_it_and_a_decrease_is_bounded() -> None:
    # The flatmates learn three Skills in three periods; each is worth 1 less at the end.
    state = start(rounds=3, start_goods=10, skill_end_happiness=-1, family_units_delta=10)
    plan = every_round((1, 2, 3), {1: ["labour"]})
    run(state, Script(plan, {"labour": first_legal(LEARN_SKILL)}))
    home = state.homes[1]
    assert len(home.skills) == 3
    [entry] = [Message(k, p) for k, p in state.log if k.startswith("end.bonus") and p["seat"] == 1]
    p = entry.params
    # Three Skills cards bring 1 in the count of cards (1 for every two): -1 takes that, no more.
    assert p["for_skills"] == -1
    parts = p["for_cards"] + p["for_income"] + p["for_cash"] + p["for_skills"]
    assert parts == p["delta"] > 0
    cards, income, cash = p["cards"], p["income"], p["cash"]
    assert state.explain(entry) == (
        f"End of game: Ben gains {p['delta']} Happiness: {cards // 2} for {cards} cards,"
        f" {income // 5} for an income of {income}, {cash // 5} for {cash} units left and"
        f" -1 for 3 Skills cards under the trainer's rule (now {home.happiness})."
    )
    # Without the trainer's rule, the line names the three parts of the rulebook.
    plain = run(start(rounds=1, start_goods=10))
    [entry] = events(plain, "end.bonus", 0)
    p = entry.params
    assert p["for_cards"] + p["for_income"] + p["for_cash"] == p["delta"]


def test_luxury_happiness_delta_changes_every_items_happiness_never_below_zero() -> None:
    tv = CONTENT.luxury["tv"]
    more = market_visit(first_legal(BuyLuxury(0)), luxury_happiness_delta=2)
    [bought] = events(more, "market.luxury_happiness", 0)
    assert bought.params["delta"] == tv.happiness + 2
    assert more.view(None)["market"][1]["happiness"] == CONTENT.luxury["bicycle"].happiness + 2
    # A decrease stops at 0: the item gives no Happiness, takes none, and no longer counts
    # as an item "providing Happiness" for required_luxury_items.
    none = market_visit(first_legal(BuyLuxury(0)), luxury_happiness_delta=-5)
    assert none.homes[0].luxuries == ["tv"]
    assert events(none, "market.luxury_happiness", 0) == []
    kept = market_visit(first_legal(BuyLuxury(0)), required_luxury_items=1)
    lost = market_visit(
        first_legal(BuyLuxury(0)), required_luxury_items=1, luxury_happiness_delta=-5
    )
    assert (kept.eligible(0), lost.eligible(0)) == (True, False)
    with pytest.raises(OptionsError, match="'luxury_happiness_delta' must be at least -5"):
        GAME.options({"luxury_happiness_delta": -6})


def test_event_changes_change_one_event_cards_cost_happiness_and_insurance() -> None:
    # The handbook lets a trainer change what an Event card does: here the flu costs 5 and
    # 2 Happiness, Basic Insurance covers it, and no insurance covers a sprained ankle.
    changes = {
        "Flu Season": {"units": 5, "happiness": -2, "covered_by": "Basic Insurance"},
        "sprained_ankle": {"covered_by": "none"},
    }
    state = start(
        rounds=3, event_order=("flu", "sprained_ankle"), event_changes=changes, **SHELTERED
    )
    run(state, Script({1: {0: ["insurance"]}}))
    assert state.homes[0].insurance == ["basic"]
    assert [m.params["card"] for m in events(state, "event.covered")] == ["Flu Season"]
    assert [m.params["amount"] for m in events(state, "event.cost", 1)] == [
        5,
        CONTENT.event["sprained_ankle"].units,
    ]
    farmers = events(state, "event.cost_family", 2)
    assert farmers[0].params["amount"] == 5 + FARMERS.event_cost_delta
    assert [m.params["delta"] for m in events(state, "event.happiness", 1)] == [-2]
    # Basic Insurance no longer covers the sprained ankle: the retirees pay for it.
    assert paid(state, "event.cost", 0) == [CONTENT.event["sprained_ankle"].units]
    # The shipped cards are untouched.
    assert (CONTENT.event["flu"].units, CONTENT.event["flu"].covered_by) == (3, "health")
    # The help names every insurance card covered_by may name.
    [row] = [r for r in describe_options(FinanciaLitOptions) if r["name"] == "event_changes"]
    assert all(card in row["meaning"] for card in CONTENT.insurance)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        (
            {"meteor": {"units": 1}},
            "event_changes names a card the game does not have: meteor. Name a card by its"
            " name (Fire Disaster, Burglary,",
        ),
        (
            {"fire": {"cost": 8}},
            "option 'event_changes.fire': an Event card has no 'cost': change its units (what"
            " it costs; below 0 it brings units), happiness (below 0 a loss) or covered_by"
            ' (an insurance card, or "none")',
        ),
        ({"fire": {"units": 21}}, "option 'event_changes.fire.units' must be at most 20 (not 21)"),
        (
            {"fire": {"happiness": -6}},
            "option 'event_changes.fire.happiness' must be at least -5 (not -6)",
        ),
        (
            {"fire": {"covered_by": "pets"}},
            "option 'event_changes.fire.covered_by': no insurance card is called 'pets': name"
            " one of basic (Basic Insurance), fire (Fire clause), theft (Theft clause),",
        ),
    ],
)
def test_bad_event_changes_say_what_is_allowed(changes: dict[str, Any], says: str) -> None:
    with pytest.raises(OptionsError) as refused:
        GAME.options({"event_changes": changes})
    assert str(refused.value).startswith(says)


def test_luxury_changes_change_one_item_as_the_handbook_example_does() -> None:
    # The handbook: an item of 2 Happiness costing 8 units; would learners buy it at 11?
    jewellery = CONTENT.luxury["jewellery"]
    assert (jewellery.cost, jewellery.happiness) == (8, 2)
    market = {"deck:luxury": ["jewellery", "tv", "bicycle", "concert"]}
    changes = {"jewellery": {"cost": 11}, "tv": {"happiness": 3, "upkeep": 2}}
    state = start(rounds=2, forced=market, luxury_changes=changes, family_units_delta=10)
    happy = state.homes[0].happiness
    handler = first_legal(BuyLuxury(0), BuyLuxury(1))
    run(state, Script({1: {0: ["market"]}}, {"market": handler}), until=at(2))
    assert paid(state, "market.luxury", 0) == [11, CONTENT.luxury["tv"].cost]
    assert state.homes[0].happiness == happy + 2 + 3
    assert state.bills(0) == RETIREES.bills + 2  # the TV's new upkeep
    # Only the items named change; the all-items delta applies on top.
    both = start(luxury_changes=changes, luxury_cost_delta=1)
    assert both.luxury_price("jewellery") == 12
    assert both.luxury_price("bicycle") == CONTENT.luxury["bicycle"].cost + 1


def test_family_changes_change_one_family_card_and_its_special_effect() -> None:
    changes = {
        "flatmates": {"income": 9, "units": 7, "happiness": 2, "goods": 4, "bills": 5},
        "farmers": {"event_cost_delta": 0, "special": "A good year: no special effect."},
    }
    state = start(family_changes=changes, family_income_delta=1)
    view = state.view(None)["families"]
    assert received(state, "setup.units", 1) == [7]
    assert state.homes[1].tracker == 9 + 1  # the all-families delta applies on top
    assert (view[1]["happiness"], view[1]["goods_need"]) == (2, 4)
    assert state.bills(1) == 5
    assert view[2]["special"] == "A good year: no special effect."
    # The retirees' card is untouched, and so is the shipped content.
    assert received(state, "setup.units", 0) == [RETIREES.units]
    assert CONTENT.family["flatmates"].income == FLATMATES.income
    # The farmers' changed effect: an event costs them what it costs everyone.
    fire = run(start(rounds=2, event_order=("flu",), family_changes=changes))
    costs = {m.params["seat"]: m.params["amount"] for m in events(fire, "event.cost")}
    assert costs[2] == costs[0] == CONTENT.event["flu"].units


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"family_changes": {"royals": {"income": 9}}}, "royals"),
        ({"family_changes": {"farmers": {"income": 99}}}, "family_changes.farmers.income"),
        ({"family_changes": {"farmers": {"event_cost_delta": 0}}}, "special"),
        ({"luxury_changes": {"yacht": {"cost": 50}}}, "yacht"),
        ({"luxury_changes": {"tv": {"cost": -1}}}, "luxury_changes.tv.cost"),
    ],
)
def test_bad_changes_to_single_cards_are_refused_naming_the_card_and_field(
    changes: dict[str, Any], named: str
) -> None:
    with pytest.raises(OptionsError, match=named.replace(".", r"\.")):
        GAME.options(changes)


@pytest.mark.parametrize(
    ("changes", "says"),
    [
        (
            {"luxury_changes": {"tv": {"wealth": 1}}},
            "option 'luxury_changes.tv': a Luxury Item has no 'wealth': change its cost (its"
            " price), happiness (what it gives when bought) or upkeep (added to the bills each"
            " period)",
        ),
        (
            {"family_changes": {"farmers": {"wealth": 1, "cost": 2}}},
            "option 'family_changes.farmers': a family has no 'cost', 'wealth': change its"
            " income, units or happiness (what it starts with), goods (Common Goods it needs"
            " each period), bills (Payable Bills each period), children, employer (true if"
            " someone works for an employer), or special (its new special effect's text, with"
            " upkeep_bonus, skill_cost_delta, family_aid_bonus, ignores_income_modifiers,"
            " can_seek_employment, event_cost_delta or luxury_happiness_bonus)",
        ),
    ],
)
def test_unknown_fields_of_a_luxury_item_or_family_say_which_may_change(
    changes: dict[str, Any], says: str
) -> None:
    # As for Event cards: "unknown option" alone left the trainer guessing what to write.
    with pytest.raises(OptionsError) as refused:
        GAME.options(changes)
    assert str(refused.value) == says


def test_changes_to_single_cards_survive_a_variant_file(tmp_path: Any) -> None:
    variant = tmp_path / "class.toml"
    variant.write_text(
        "[options.luxury_changes.jewellery]\ncost = 11\n"
        "[options.family_changes.farmers]\nbills = 1\n",
        encoding="utf-8",
    )
    options = FinanciaLitOptions.model_validate(read_overrides(variant))
    assert options.overrides() == {
        "luxury_changes": {"jewellery": {"cost": 11}},
        "family_changes": {"farmers": {"bills": 1}},
    }
    assert GAME.options(options.overrides()) == options


# ----- Families -----------------------------------------------------------------------------
def test_families_chooses_each_seat_family() -> None:
    state = start(("newlyweds", "shopkeepers", "single_parent", "farmers"))
    assert [h.family.id for h in state.homes] == [
        "newlyweds",
        "shopkeepers",
        "single_parent",
        "farmers",
    ]


def test_family_deltas_change_every_family_card() -> None:
    plain = start()
    changed = start(
        family_income_delta=2,
        family_units_delta=3,
        family_happiness_delta=1,
        family_goods_delta=1,
        family_bills_delta=2,
    )
    for a, b in zip(plain.homes, changed.homes, strict=True):
        assert b.tracker == a.tracker + 2
        assert b.happiness == a.happiness + 1
    view = changed.view(None)["families"]
    assert [f["goods_need"] for f in view] == [f.goods + 1 for f in (RETIREES, FLATMATES, FARMERS)]
    assert [changed.bills(s) - plain.bills(s) for s in range(3)] == [2, 2, 2]
    assert received(changed, "setup.units", 0) == [RETIREES.units + 3]


# ----- Decks --------------------------------------------------------------------------------
def test_event_counts_set_the_event_deck() -> None:
    only = {e.id: 0 for e in load_content().events} | {"festival": 2, "tax_refund": 1}
    state = run(start(rounds=4, event_counts=only))
    assert {m.params["id"] for m in events(state, "event.revealed")} <= {"festival", "tax_refund"}


def test_event_counts_change_only_the_cards_they_name() -> None:
    # "Take the fire out" and "three storms" leave every other card as the box has it.
    shipped = {e.id: e.count for e in load_content().events}
    options = get_game("financialit").options({"event_counts": {"fire": 0, "Storm Damage": 3}})
    assert isinstance(options, FinanciaLitOptions)
    assert options.event_deck() == shipped | {"fire": 0, "storm": 3}
    for seed in range(3):
        state = run(start(rounds=4, seed=seed, event_counts={"fire": 0}))
        assert "fire" not in {m.params["id"] for m in events(state, "event.revealed")}


def test_event_order_stacks_the_first_event_cards() -> None:
    state = run(start(rounds=4, event_order=("layoff", "storm", "raffle")))
    ids = [m.params["id"] for m in events(state, "event.revealed")]
    assert ids[:3] == ["layoff", "storm", "raffle"]


def test_income_counts_set_the_income_modifier_deck() -> None:
    only = {card.id: 0 for card in load_content().income_cards} | {"side_job": 4}
    state = run(start(rounds=3, income_counts=only))
    assert {m.params["card"] for m in modifiers(state)} == {"Weekend side job"}


@pytest.mark.parametrize(("draw", "dealt"), [("none", 0), ("each", 4), ("one_for_all", 4)])
def test_income_draw_chooses_how_modifiers_are_dealt(draw: str, dealt: int) -> None:
    state = run(start(rounds=3, income_draw=draw))
    shared_keys = ("income.shared_modifier", "income.shared_unchanged")
    applied = modifiers(state) + [m for key in shared_keys for m in events(state, key)]
    assert len(applied) == dealt  # two families, periods 2-3
    shared = events(state, "income.shared_card")
    assert len(shared) == (2 if draw == "one_for_all" else 0)


def test_income_by_seat_deals_cards_to_a_seat() -> None:
    state = run(start(rounds=3, income_by_seat={3: ("short_hours", "overtime")}))
    cards = [m.params["card"] for m in modifiers(state, 2)]
    assert cards == ["Reduced hours", "Overtime hours"]


# ----- Loans, aid and interest --------------------------------------------------------------
def test_loan_amount_instalment_and_periods_shape_a_loan() -> None:
    state = start(income_draw="none", loan_amount=8, loan_instalment=3, loan_periods=3)
    state.apply(0, TAKE_LOAN)
    run(state)
    assert received(state, "loan.taken", 0) == [8]
    assert [m.params["amount"] for m in events(state, "loan.instalment", 0)] == [3, 3, 3]


def test_loan_happiness_sets_the_cost_of_borrowing_again() -> None:
    state = start(loan_happiness=2)
    state.apply(0, TAKE_LOAN)
    state.apply(0, TAKE_LOAN)
    assert state.homes[0].happiness == RETIREES.happiness - 2


def test_loan_end_happiness_sets_the_happiness_per_slot_left() -> None:
    state = start(loan_end_happiness=3, **SHELTERED)
    run(state, until=at(8))
    state.apply(0, TAKE_LOAN)
    run(state, Script(handlers={"settle_loan": first_legal(SETTLE_HAPPINESS)}))
    assert [m.params["delta"] for m in events(state, "end.loan_happiness", 0)] == [-3 * 2]


def test_family_aid_sets_the_units_given() -> None:
    state = start(**FLATMATES_SHORT, family_aid=6)
    run(state, until=at(2))
    assert received(state, "aid.given", 1) == [6]


def test_miscalculation_happiness_sets_the_loss_for_a_second_card() -> None:
    state = start(**FLATMATES_SHORT, miscalculation_happiness=1, **SHELTERED)
    run(state, until=at(3))
    deltas = [m.params["delta"] for m in events(state, "miscalculation.again", 1)]
    assert deltas and set(deltas) == {-1}


def test_interest_threshold_and_interest_set_the_upkeep_gain() -> None:
    state = run(start(rounds=1, interest_threshold=10, interest=2))
    gains = {m.params["seat"]: m.params["amount"] for m in events(state, "upkeep.interest")}
    rich = {s for s in range(3) if state.cash(s) - gains.get(s, 0) >= 10}
    assert rich and len(rich) < 3
    assert gains == dict.fromkeys(rich, 2)


def test_turn_time_limit_sets_the_seconds_per_decision() -> None:
    assert start().time_limit() is None
    assert start(turn_time_limit=45).time_limit() == 45.0


# ----- End of game --------------------------------------------------------------------------
def test_happiness_target_ends_the_game_early() -> None:
    state = run(start(happiness_target=6))
    assert state.result is not None and state.result.reason.key == "end.target"
    assert len(events(state, "round.start")) == 1


def test_required_career_cards_and_luxury_items_limit_the_winners() -> None:
    for option in ("required_career_cards", "required_luxury_items"):
        overrides: dict[str, Any] = {option: 1}
        state = run(start(rounds=1, **overrides))
        assert state.result is not None and state.result.winners == ()


def test_r48_an_experience_bought_in_the_last_period_is_not_a_required_item() -> None:
    # The concert gives Happiness, but it is used up at the last upkeep, before the end.
    assert CONTENT.luxury["concert"].experience and CONTENT.luxury["concert"].happiness > 0
    concert = market_visit(first_legal(BuyLuxury(2)), required_luxury_items=1)
    assert events(concert, "market.luxury", 0)[0].params["item"] == "Concert Tickets"
    assert concert.homes[0].luxuries == [] and not concert.eligible(0)
    tv = market_visit(first_legal(BuyLuxury(0)), required_luxury_items=1)
    assert tv.homes[0].luxuries == ["tv"] and tv.eligible(0)
    # The option's help tells the trainer so.
    [row] = [
        r for r in describe_options(FinanciaLitOptions) if r["name"] == "required_luxury_items"
    ]
    assert "experience" in row["meaning"] and "used up" in row["meaning"]


#: For each FinanciaLit option, a value other than its default that random play must notice.
CHANGED: dict[str, Any] = {
    "rounds": 3,
    "events_per_round": (0, 3, 3, 3, 3, 3, 3, 3),
    "goods_min": 3,
    "goods_max": 1,
    "basic_goods_price": 2,
    "bulk_goods_threshold": 2,
    "bulk_goods_discount": 3,
    "goods_shortage_happiness": 4,
    "start_goods": 0,
    "luxury_cost_delta": 3,
    "luxury_upkeep_delta": 2,
    "luxury_changes": {x.id: {"cost": 1, "happiness": 4} for x in CONTENT.luxuries},
    "luxury_happiness_delta": 3,
    "luxury_requires_skills": 2,
    "luxury_market_size": 1,
    "market_refresh_cost": 4,
    "bill_discount_per": 1,
    "crowding_surcharge": 4,
    "investment_limit": 1,
    "investment_end_penalty": 5,
    "insurance_per_visit": 1,
    "extra_clause_fee": 3,
    "miscalculation_insurance_fee": 4,
    "skills_cost": 7,
    "skills_extra_cost": 4,
    "skills_extra_after": 0,
    "career_income_penalty": 4,
    "seek_again_after": 8,
    "skill_end_happiness": 3,
    "career_end_happiness": 3,
    "family_cards": "first",
    "families": ("farmers", "flatmates", "retirees"),
    "family_changes": {f: {"bills": 9} for f in ("retirees", "flatmates", "farmers")},
    "family_income_delta": 3,
    "family_units_delta": 5,
    "family_happiness_delta": 4,
    "family_goods_delta": 2,
    "family_bills_delta": 3,
    "event_counts": {"festival": 20},
    "event_order": ("fire", "fire"),
    "event_changes": {e.id: {"units": 9, "covered_by": "none"} for e in CONTENT.events},
    "income_counts": {"short_hours": 20},
    "income_draw": "none",
    "income_by_seat": {2: ("short_hours",) * 7},
    "income_for_all": ("bonus",) * 7,
    "loan_amount": 12,
    "loan_instalment": 1,
    "loan_periods": 5,
    "loan_happiness": 4,
    "loan_end_happiness": 4,
    "family_aid": 10,
    "miscalculation_happiness": 5,
    "interest_threshold": 1,
    "interest": 3,
    "turn_time_limit": 30,
    "happiness_target": 3,
    "end_counts_goods": False,
    "end_loan_choice": "if_held",
    "required_career_cards": 4,
    "required_luxury_items": 6,
}


#: Options that random play meets only in a setting, given to both games compared.
SETTING: dict[str, dict[str, Any]] = {
    "bulk_goods_discount": {"bulk_goods_threshold": 1},
    "skills_extra_cost": {"skills_extra_after": 0},
    "miscalculation_happiness": {"family_bills_delta": 10},
    "income_for_all": {"income_draw": "one_for_all"},
}


def played(**overrides: Any) -> list[Any]:
    """What random play shows under ``overrides``: the time limit and a few whole games."""
    seen: list[Any] = []
    for seed in range(3):
        state = start(seed=seed, **overrides)
        seen.append(state.time_limit())
        state.playout(random.Random(seed))
        view = state.full_view()
        del view["options"]
        seen.append(json.dumps(view, sort_keys=True, default=str))
    return seen


def test_every_game_option_changes_what_happens_in_play() -> None:
    # An option that no rule reads (a name that is declared and forgotten) fails here.
    own = set(FinanciaLitOptions.model_fields) - set(RuleOptions.model_fields)
    assert set(CHANGED) == own
    inert = [
        name
        for name, value in CHANGED.items()
        if played(**SETTING.get(name, {}), **{name: value}) == played(**SETTING.get(name, {}))
    ]
    assert inert == []


# ----- Refused options ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        ({"rounds": 0}, "rounds"),
        ({"rounds": "eight"}, "rounds"),
        ({"events_per_round": ()}, "events_per_round"),
        ({"events_per_round": (0, 1, 1, 2, 2, 2, 3, 11)}, "events_per_round"),
        ({"goods_min": 5, "goods_max": 2}, "goods_max"),
        ({"goods_min": -1}, "goods_min"),
        ({"bill_discount_per": 0}, "bill_discount_per"),
        ({"crowding_surcharge": 9}, "crowding_surcharge"),
        ({"income_draw": "sometimes"}, "income_draw"),
        ({"luxury_market_size": 9}, "luxury_market_size"),
        ({"happiness_target": 0}, "happiness_target"),
        ({"event_counts": {e.id: 0 for e in load_content().events}}, "event_counts"),
        ({"income_counts": {c.id: 0 for c in load_content().income_cards}}, "income_counts"),
        ({"event_counts": {"fire": 21}}, "counts"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_options_are_refused_naming_the_option(overrides: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        GAME.options(overrides)
    with pytest.raises(OptionsError, match=named):
        GAME.new_state([Seat("Ana"), Seat("Ben"), Seat("Cy")], 1, overrides)


def test_an_unknown_option_is_called_unknown() -> None:
    with pytest.raises(OptionsError, match="unknown option 'colour'"):
        GAME.options({"colour": "red"})


@pytest.mark.parametrize(
    ("overrides", "field", "card"),
    [
        ({"families": ["retirees", "royals", "farmers"]}, "families", "royals"),
        ({"event_counts": {"meteor": 1}}, "event_counts", "meteor"),
        ({"event_order": ["fire", "meteor"]}, "event_order", "meteor"),
        ({"income_counts": {"lottery": 1}}, "income_counts", "lottery"),
        ({"income_by_seat": {1: ["lottery"]}}, "income_by_seat", "lottery"),
    ],
)
def test_unknown_card_ids_are_refused_with_the_known_ones(
    overrides: dict[str, Any], field: str, card: str
) -> None:
    with pytest.raises(OptionsError) as info:
        GAME.options(overrides)
    text = str(info.value)
    assert field in text and card in text and "does not have" in text
    assert "'" not in text  # names in words; ids as a rules file writes them, not a repr
    assert "Fire Disaster" in text if field.startswith("event") else True


def test_cards_may_be_named_by_name_as_the_console_deals_them() -> None:
    options = FinanciaLitOptions.model_validate(
        {
            "event_order": ["Fire Disaster", "burglary"],
            "families": ["The Farmers", "retirees", "the flatmates"],
            "income_by_seat": {1: ["A normal month"]},
        }
    )
    assert options.event_order == ("fire", "burglary")
    assert options.families == ("farmers", "retirees", "flatmates")
    assert options.income_by_seat == {1: ("steady",)}
    assert "0-based" not in (FinanciaLitOptions.model_fields["income_by_seat"].description or "")


def test_the_families_list_must_match_the_seats() -> None:
    with pytest.raises(OptionsError, match="families names 2 families, but the game has 3 seats"):
        start(("retirees", "farmers"), seats=3)
    with pytest.raises(OptionsError, match="families names 1 family, but"):
        start(("retirees",), seats=3)


def test_income_by_seat_must_name_a_seat_at_the_table() -> None:
    """Seats count from 1, as the trainer reads them: 0 and 4 name no seat of three."""
    for number in (0, 4):
        with pytest.raises(OptionsError) as info:
            start(income_by_seat={number: ("bonus",)})
        text = str(info.value)
        assert f"seat number {number}" in text and "1 for Seat 1 up to 3 for Seat 3" in text
    assert "0-2" not in text


def test_income_by_seat_counts_seats_from_1_and_its_old_name_from_0() -> None:
    """``income_by_seat`` is listed with seats from 1; records and rules files written
    with its old name ``income_chosen`` (seats from 0) deal to the same seat as before."""
    (row,) = [r for r in describe_options(FinanciaLitOptions) if r["name"] == "income_by_seat"]
    assert "1 for Seat 1" in row["meaning"] and "from 1" in row["accepts"]
    assert "income_chosen" not in {r["name"] for r in describe_options(FinanciaLitOptions)}
    new = run(start(rounds=2, income_by_seat={2: ("short_hours",)}))
    old = run(start(rounds=2, income_chosen={"1": ["Reduced hours"]}))
    for state in (new, old):
        assert [m.params["card"] for m in modifiers(state, 1)][:1] == ["Reduced hours"]
        assert state.options.overrides()["income_by_seat"] == {"2": ["short_hours"]}
    with pytest.raises(OptionsError, match="old name of 'income_by_seat'"):
        GAME.options({"income_chosen": {0: ["bonus"]}, "income_by_seat": {1: ["bonus"]}})


def test_a_family_named_for_two_seats_is_refused() -> None:
    # R2: two seats never play the same family.
    with pytest.raises(OptionsError, match="families"):
        GAME.options({"families": ["retirees", "retirees", "farmers"]})


def test_income_for_all_chooses_the_card_every_family_gets() -> None:
    # The handbook: a trainer "may even decide that one card would be drawn for all players".
    state = start(rounds=4, income_draw="one_for_all", income_for_all=["bonus", "Unpaid sick days"])
    run(state)
    shared = [m.params["card"] for m in events(state, "income.shared_card")]
    assert shared[:2] == ["Performance bonus", "Unpaid sick days"] and len(shared) == 3
    assert "income_for_all" in {row["name"] for row in describe_options(FinanciaLitOptions)}


def test_cards_for_single_families_or_for_all_need_the_matching_draw() -> None:
    for draw in ("one_for_all", "none"):
        with pytest.raises(OptionsError) as info:
            GAME.options({"income_draw": draw, "income_by_seat": {1: ["bonus"]}})
        assert str(info.value) == (
            f'income_by_seat deals cards to single families, but income_draw is "{draw}": set'
            ' income_draw = "each", or use income_for_all with income_draw = "one_for_all" to'
            " choose one card for every family"
        )
    with pytest.raises(OptionsError, match='set income_draw = "one_for_all"'):
        GAME.options({"income_for_all": ["bonus"]})
    with pytest.raises(OptionsError, match="income_for_all names a card the game does not"):
        GAME.options({"income_draw": "one_for_all", "income_for_all": ["lottery"]})
