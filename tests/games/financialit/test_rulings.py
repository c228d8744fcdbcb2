"""One test per ruling in the game's RULINGS.md (R1-R34), each played through a real game."""

from __future__ import annotations

from typing import Any

import pytest

from moneyboard.engine.actions import Action
from moneyboard.engine.errors import IllegalActionError
from moneyboard.engine.messages import Message
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    FAMILY_AID,
    INVEST_LONG,
    INVEST_SHORT,
    LEARN_SKILL,
    REFRESH_MARKET,
    SAVE,
    SEEK_EMPLOYMENT,
    SETTLE_HAPPINESS,
    SETTLE_UNITS,
    TAKE_LOAN,
    AddClause,
    BuyGoods,
    BuyLuxury,
    DropClause,
    Place,
)
from moneyboard.games.financialit.content import load_content
from tests.games.financialit.driver import (
    CONTENT,
    FARMERS,
    FLATMATES,
    FLATMATES_SHORT,
    RETIREES,
    SHELTERED,
    TIED_CHANGES,
    TIED_FAMILIES,
    Script,
    amounts,
    at,
    buy_goods,
    by_round,
    events,
    every_round,
    family,
    first_legal,
    modifiers,
    paid,
    passive,
    per_round,
    received,
    run,
    start,
)


def reason_key(state: FinanciaLitState, seat: int, action: Action) -> str | None:
    """The key of the reason ``action`` is refused, or ``None`` if it is allowed."""
    reason = state.why_not(seat, action)
    return None if reason is None else reason.key


def trackers(state: FinanciaLitState, rounds: range, policy: Script) -> dict[int, list[int]]:
    """Each family's Income Track position in the Action Phase of each of ``rounds``."""
    seen: dict[int, list[int]] = {}
    for r in rounds:
        run(state, policy, until=at(r))
        seen[r] = [h.tracker for h in state.homes]
    return seen


# ----- Set-up and turn order ----------------------------------------------------------------
def test_r01_first_seat_starts_and_the_first_player_token_passes_clockwise() -> None:
    state = start()
    asked_first: dict[int, int] = {}

    def policy(s: FinanciaLitState, seat: int, kind: str) -> Action:
        if kind == "action":
            asked_first.setdefault(s.round, seat)
        return passive(s, seat, kind)

    run(state, policy)
    assert asked_first == {1: 0, 2: 1, 3: 2, 4: 0, 5: 1, 6: 2, 7: 0, 8: 1}
    assert [m.params["first"] for m in events(state, "round.start")] == [0, 1, 2, 0, 1, 2, 0, 1]
    income_order = [m.params["seat"] for m in by_round(state)[2] if m.key == "income.earned"]
    assert income_order == [1, 2, 0]


def test_r02_families_are_dealt_at_random_without_repeats_unless_named() -> None:
    deals = set()
    for seed in range(12):
        state = start(None, seats=5, seed=seed)
        families = tuple(h.family.id for h in state.homes)
        assert len(set(families)) == 5
        deals.add(families)
    assert len(deals) > 1
    named = start(("farmers", "newlyweds", "single_parent"))
    assert [h.family.id for h in named.homes] == ["farmers", "newlyweds", "single_parent"]
    forced = start(None, seats=3, forced={"families": ["dual_earners", "retirees"]})
    assert [h.family.id for h in forced.homes][:2] == ["dual_earners", "retirees"]


def test_r03_common_goods_start_at_three_cards() -> None:
    assert [h.goods for h in start().homes] == [3, 3, 3]
    assert [h.goods for h in start(start_goods=6).homes] == [6, 6, 6]


# ----- Income phase -------------------------------------------------------------------------
def test_r04_income_track_is_family_plus_skills_careers_and_the_modifier() -> None:
    forced = {
        "careers": ["promotion"],  # +2 once active
        "income:1": ["steady", "steady"],  # 0, 0
        "income:2": ["bonus", "overtime"],  # +3, +2
    }
    state = start(forced=forced)
    policy = Script(
        {1: {1: ["labour"], 2: ["labour"]}},
        {"labour": lambda s, seat: LEARN_SKILL if seat == 1 else SEEK_EMPLOYMENT},
    )
    seen = trackers(state, range(1, 4), policy)
    base = [RETIREES.income, FLATMATES.income, FARMERS.income]
    # Period 1: family figures only (no Income Modifier in the first period).
    assert seen[1] == base
    assert not [
        m
        for m in by_round(state)[1]
        if m.key == "chance.drawn" and str(m.params["stream"]).startswith("income")
    ]
    # Period 2: the flatmates' skill +1; the farmers' pawn is away (-1) and the bonus +3;
    # the retirees ignore Income Modifiers.
    assert seen[2] == [base[0], base[1] + 1 + 0, base[2] - 1 + 3]
    # Period 3: the Career Advance card is active (+2) and overtime +2.
    assert seen[3] == [base[0], base[1] + 1 + 0, base[2] + 2 + 2]
    assert not modifiers(state, 0)


def test_r04_income_track_stops_at_thirty() -> None:
    # The flatmates at their income + 10 gain five Small Businesses (+3 each): over 30.
    state = start(
        forced={"careers": ["own_business"] * 5},
        family_income_delta=10,
        income_draw="none",
        seek_again_after=1,
    )
    policy = Script(
        every_round(range(1, 6), {1: ["labour"]}), {"labour": first_legal(SEEK_EMPLOYMENT)}
    )
    seen = trackers(state, range(1, 8), policy)
    base = FLATMATES.income + 10
    assert base + 15 > 30
    assert seen[6][1] == min(30, base + 12 - 1)  # the fifth card's pawn is still away
    assert seen[7][1] == 30
    assert received(state, "income.earned", 1)[-1] == 30


def test_r05_an_instalment_the_income_cannot_cover_is_deferred() -> None:
    # The flatmates' income covers one instalment of 4 a period, not two.
    income = FLATMATES.income
    assert 4 <= income < 8
    state = start(income_draw="none")
    run(state, until=lambda s: s.to_move() == (1,))
    state.apply(1, TAKE_LOAN)
    state.apply(1, TAKE_LOAN)
    seen = trackers(state, range(2, 7), Script())
    # Two periods repay the first loan while the second waits, then two repay the second.
    assert [seen[r][1] for r in range(2, 7)] == [income - 4] * 4 + [income]
    assert list(per_round(state, "loan.deferred", 1)) == [2, 3]
    assert sorted(per_round(state, "loan.instalment", 1)) == [2, 3, 4, 5]
    assert state.homes[1].loans == []
    assert not events(state, "pay.short", 1)  # nothing is charged to cash


def test_r05_other_negative_income_stops_the_track_at_zero() -> None:
    # No family income and a Reduced-hours card (-3): the flatmates receive nothing.
    state = start(family_income_delta=-FLATMATES.income, income_by_seat={2: ("short_hours",)})
    run(state, until=at(2))
    assert state.homes[1].tracker == 0
    [taken] = events(state, "income.all_taken", 1)
    assert taken.params["short"] == 3
    assert not per_round(state, "income.earned", 1).get(2)
    assert not events(state, "pay.short", 1)


def test_r06_investment_token_goes_on_its_top_slot_at_purchase() -> None:
    # A two-slot Term Deposit bought in period 3 pays out in period 5.
    deposit = CONTENT.investment["term_deposit"]
    assert (deposit.slots, len(deposit.returns)) == (2, 1)
    state = start(forced={"deck:short": ["term_deposit"]})
    policy = Script({3: {0: ["investments", "market"]}}, {"investments": first_legal(INVEST_SHORT)})
    # The Market resolves right after Investments, in the same period.
    run(state, policy, until=lambda s: s.decision is not None and s.decision.kind == "market")
    assert state.round == 3
    assert [list(i) for i in state.homes[0].investments] == [["term_deposit", 2]]
    run(state, policy)
    assert list(per_round(state, "investment.matured", 0)) == [5]
    assert received(state, "investment.matured", 0) == list(deposit.returns)


def test_r07_a_loan_gets_its_token_at_upkeep_and_is_repaid_twice() -> None:
    state = start(income_draw="none")
    state.apply(0, TAKE_LOAN)
    assert state.homes[0].loans == [None]
    run(state, until=at(2))
    assert state.homes[0].loans == [1]  # token on 2 at upkeep, moved once in period 2
    run(state)
    instalments = per_round(state, "loan.instalment", 0)
    assert sorted(instalments) == [2, 3]
    assert [m.params["amount"] for ms in instalments.values() for m in ms] == [4, 4]
    assert state.homes[0].tracker == RETIREES.income  # repaid: back to the family's income


# ----- Action phase -------------------------------------------------------------------------
def test_r08_pawns_take_the_lowest_free_slot_and_resolve_lowest_first() -> None:
    families = ("retirees", "shopkeepers", "farmers", "dual_earners")
    state = start(families, rounds=1)
    state.apply(0, Place("pay_bills"))
    state.apply(1, Place("investments"))
    state.apply(2, Place("investments"))
    state.apply(3, SAVE)
    state.apply(0, Place("investments"))
    slots = [(m.params["seat"], m.params["slot"]) for m in events(state, "action.placed")]
    assert slots == [(0, 1), (1, 1), (2, 2), (0, 3)]
    run(state)
    resolved = [m.params["seat"] for m in events(state, "resolve.location")]
    assert resolved == [1, 2, 0]


def test_r09_a_family_at_its_investment_limit_cannot_go_to_investments() -> None:
    state = start(forced={"deck:long": ["index_fund"]}, investment_limit=1)
    policy = Script({1: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)})
    run(state, policy, until=at(2))
    assert len(state.homes[0].investments) == 1
    run(state, policy, until=lambda s: s.to_move() == (0,))
    assert Place("investments") not in state.legal_actions(0)
    assert reason_key(state, 0, Place("investments")) == "why.investment_limit"


def test_r10_the_miscalculation_fee_at_the_broker_is_paid_on_placing() -> None:
    state = start(**FLATMATES_SHORT)
    run(state, until=lambda s: s.round == 2 and s.to_move() == (1,))
    assert state.homes[1].miscalculation
    cash = state.cash(1)
    state.apply(1, Place("insurance"))
    assert state.cash(1) == cash - 1
    assert paid(state, "insurance.visit_fee", 1) == [1]
    # Without the card, the broker is free.
    assert paid(state, "insurance.visit_fee", 0) == []


def test_r11_the_career_pawn_is_away_for_the_whole_next_action_phase() -> None:
    state = start(forced={"careers": ["promotion"]}, income_draw="none")
    policy = Script({1: {2: ["labour"]}}, {"labour": first_legal(SEEK_EMPLOYMENT)})
    run(state, policy, until=at(2))
    farmers = state.homes[2]
    assert (farmers.pawns, farmers.career_away) == (2, True)
    assert farmers.careers == [["promotion", False]]
    assert farmers.tracker == FARMERS.income - 1
    run(state, policy, until=lambda s: s.round == 2 and s.phase != "actions")
    assert farmers.careers == [["promotion", True]]
    run(state, policy, until=at(3))
    assert (farmers.pawns, farmers.career_away, farmers.tracker) == (3, False, FARMERS.income + 2)


def test_r11_seek_again_after_2_bars_seeking_in_the_period_the_pawn_is_away() -> None:
    # The farmers seek at the Labour Market in period 1; their pawn is away in period 2's
    # actions and back before the Labour Market resolves. To the letter the rulebook's "not
    # while a pawn is on a Career Advance card" never bites (the default); a trainer who
    # means "not while the pawn is away" sets 2, which bars seeking in period 2, and only then.
    state = start(
        income_draw="none", forced={"careers": ["promotion", "second_job"]}, seek_again_after=2
    )
    places = {r: {2: ["labour"]} for r in (1, 2, 3)}
    refused: dict[int, Message | None] = {}

    def labour(s: FinanciaLitState, seat: int) -> Action:
        refused[s.round] = s.why_not(seat, SEEK_EMPLOYMENT)
        return SEEK_EMPLOYMENT if refused[s.round] is None else LEARN_SKILL

    run(state, Script(places, {"labour": labour}), until=at(4))
    assert refused[1] is None and refused[3] is None
    assert refused[2] == Message("why.seek_again", {"sought": 1, "again": 3})
    assert state.explain(refused[2]) == (
        "You sought better employment in period 1, and that pawn was away for the next"
        " period's actions: you may seek again from period 3."
    )
    assert [card for card, _ in state.homes[2].careers] == ["promotion", "second_job"]
    assert len(state.homes[2].skills) == 1
    # By default (the rulebook to the letter) a family may seek every period.
    every = start(income_draw="none")
    run(every, Script(places, {"labour": first_legal(SEEK_EMPLOYMENT)}), until=at(4))
    assert len(every.homes[2].careers) == 3


# ----- Payments & events phase --------------------------------------------------------------
def test_r12_resolution_order_is_labour_investments_insurance_market_then_bills() -> None:
    state = start(rounds=1)
    state.apply(0, Place("market"))
    state.apply(1, Place("insurance"))
    state.apply(2, SAVE)
    state.apply(0, Place("investments"))
    state.apply(1, SAVE)
    state.apply(0, Place("labour"))
    run(state)
    keys = [key for key, _ in state.log]
    resolved = [(m.params["seat"], m.params["location"]) for m in events(state, "resolve.location")]
    names = state.content.location
    assert resolved == [
        (0, names["labour"].name),
        (0, names["investments"].name),
        (1, names["insurance"].name),
        (0, names["market"].name),
    ]
    last_resolve = max(i for i, k in enumerate(keys) if k == "resolve.location")
    assert min(i for i, k in enumerate(keys) if k == "goods.used") > last_resolve
    assert min(i for i, k in enumerate(keys) if k == "bills.paid") > last_resolve


def test_r13_a_family_may_take_nothing_at_a_location() -> None:
    offered: dict[str, bool] = {}

    def take_nothing(s: FinanciaLitState, seat: int) -> Action:
        assert s.decision is not None
        offered[s.decision.kind] = DONE in s.legal_actions(seat)
        return DONE

    everywhere = {0: ["market", "investments", "labour"], 1: ["insurance"]}
    state = start(rounds=2)
    handlers = dict.fromkeys(("market", "investments", "labour", "insurance"), take_nothing)
    run(state, Script({1: everywhere, 2: everywhere}, handlers))
    assert offered == {"market": True, "investments": True, "labour": True, "insurance": True}
    assert state.cash(0) > 0 and not paid(state, "market.goods", 0)


def test_r14_first_insurance_visit_is_basic_later_visits_change_two_clauses() -> None:
    reasons: list[str | None] = []

    def broker(s: FinanciaLitState, seat: int) -> Action:
        reasons.append(reason_key(s, seat, DropClause("basic")))
        wanted: list[Action] = (
            [AddClause("fire"), AddClause("theft")]
            if s.round == 2
            else [DropClause("fire"), AddClause("health")]
        )
        return first_legal(*wanted)(s, seat)

    # Period 2 reveals a Sprained Ankle, which Basic Insurance covers.
    state = start(rounds=3, event_order=("sprained_ankle",))
    plan = every_round(range(1, 4), {0: ["insurance"]})
    run(state, Script(plan, {"insurance": broker}), until=at(2))
    assert state.homes[0].insurance == ["basic"]
    assert reasons == []  # the first visit asked nothing
    assert state.bills(0) == RETIREES.bills + 1
    run(state, Script(plan, {"insurance": broker}), until=at(3))
    assert state.homes[0].insurance == ["basic", "fire", "theft"]
    assert state.bills(0) == RETIREES.bills + 3
    assert [m.params["seat"] for m in events(state, "event.covered")] == [0]
    run(state, Script(plan, {"insurance": broker}))
    assert state.homes[0].insurance == ["basic", "theft", "health"]
    # Basic Insurance is never cancelled (asked at two changes and the Done of each visit).
    assert reasons == ["why.clause_not_held"] * 6
    # Each visit stopped after two changes.
    changes = events(state, "insurance.added", 0) + events(state, "insurance.dropped", 0)
    assert len(changes) == 4


def test_r15_the_seventh_common_goods_card_is_the_discounted_one() -> None:
    seen: dict[str, object] = {}

    def market(s: FinanciaLitState, seat: int) -> Action:
        if s.visit["goods"] == 0:
            seen["refresh first"] = REFRESH_MARKET in s.legal_actions(seat)
        if s.visit["goods"] < 8:
            return BUY_GOODS
        seen["refresh after"] = reason_key(s, seat, REFRESH_MARKET)
        return DONE

    state = start(rounds=1)
    run(state, Script({1: {0: ["market"]}}, {"market": market}))
    assert paid(state, "market.goods", 0) == [1] * 7
    assert [m.params["bought"] for m in events(state, "market.goods_free", 0)] == [7]
    assert seen == {"refresh first": True, "refresh after": "why.refresh_first"}


def test_r15_the_bulk_discount_comes_off_the_whole_purchase() -> None:
    # A discount larger than one card's price: the rest comes back from the earlier cards.
    state = start(rounds=1, bulk_goods_threshold=3, bulk_goods_discount=2)
    run(state, Script({1: {0: ["market"]}}, {"market": buy_goods(4)}))
    assert paid(state, "market.goods", 0) == [1, 1, 1]  # cards 1, 2 and 4
    assert received(state, "market.bulk_refund", 0) == [1]  # card 3: 1 unit off, 1 back
    assert sum(paid(state, "market.goods", 0)) - 1 == 4 * 1 - 2
    # The discount never makes a purchase cost less than nothing.
    free = start(rounds=1, bulk_goods_threshold=2, bulk_goods_discount=5)
    run(free, Script({1: {0: ["market"]}}, {"market": buy_goods(2)}))
    assert received(free, "market.bulk_refund", 0) == [1]
    assert sum(paid(free, "market.goods", 0)) == 1


def test_r16_luxury_happiness_at_purchase_and_upkeep_added_to_bills() -> None:
    market = {"deck:luxury": ["smartphone", "tv", "bicycle", "car"]}  # smartphone: upkeep 1
    state = start(("retirees", "newlyweds", "farmers"), forced=market, rounds=2)
    happy = [h.happiness for h in state.homes]
    policy = Script(
        {1: {0: ["market"], 1: ["market"]}},
        {
            "market": lambda s, seat: (
                first_legal(BuyLuxury(seat))(s, seat) if not s.homes[seat].luxuries else DONE
            )
        },
    )
    run(state, policy, until=lambda s: s.phase == "payments" and s.homes[1].luxuries != [])
    assert state.homes[0].luxuries == ["smartphone"]
    assert state.homes[0].happiness == happy[0] + 1
    assert state.homes[1].luxuries == ["tv"]
    assert state.homes[1].happiness == happy[1] + 1 + 1  # the newlyweds' nest-building bonus
    run(state, policy)
    assert paid(state, "bills.paid", 0) == [RETIREES.bills + 1] * 2
    assert paid(state, "bills.paid", 1) == [family("newlyweds").bills] * 2  # TV: no upkeep


def test_r17_skills_and_career_advance_cards_never_run_out() -> None:
    # The box holds two Computer courses and one Small Business; three and two are drawn.
    forced = {"skills": ["computing"] * 3, "careers": ["own_business"] * 2}
    state = start(forced=forced, rounds=3, start_goods=10, seek_again_after=1)
    plan = every_round(range(1, 4), {0: ["labour"], 2: ["labour"]})
    run(state, Script(plan, {"labour": lambda s, seat: SEEK_EMPLOYMENT if seat else LEARN_SKILL}))
    assert state.homes[0].skills == ["computing"] * 3
    assert [c for c, _ in state.homes[2].careers][:2] == ["own_business"] * 2


def test_r18_an_empty_deck_reshuffles_its_discards() -> None:
    # Decks of two Event cards and one Income Modifier card (the others' counts set to 0).
    content = load_content()
    events_only = {e.id: 0 for e in content.events} | {"festival": 1, "raffle": 1}
    income_only = {card.id: 0 for card in content.income_cards} | {"bonus": 1}
    state = run(start(event_counts=events_only, income_counts=income_only))
    revealed = [m.params["id"] for m in events(state, "event.revealed")]
    assert len(revealed) == 14
    assert set(revealed) == {"festival", "raffle"}
    drawn = {m.params["card"] for m in modifiers(state)}
    assert drawn == {"Performance bonus"}
    assert len(modifiers(state)) == 2 * 7  # two families draw in periods 2-8


def test_r18_bought_luxuries_and_held_investments_are_not_discards() -> None:
    forced = {
        "deck:luxury": ["tv", "bicycle", "concert", "dinner"],
        "deck:short": ["term_deposit"],
        "deck:long": ["index_fund"],
    }
    state = start(forced=forced, rounds=3, family_units_delta=10)
    plan = {1: {0: ["investments", "market"]}, 2: {0: ["investments"]}}
    handlers = {
        "investments": lambda s, seat: INVEST_SHORT if s.round == 1 else INVEST_LONG,
        "market": first_legal(BuyLuxury(0)),
    }
    run(state, Script(plan, handlers), until=at(3))
    assert state.decks["short"].discards == ["term_deposit"]  # matured in period 2
    assert [list(i) for i in state.homes[0].investments] == [["index_fund", 3]]
    long_deck = state.decks["long"].cards + state.decks["long"].discards
    assert long_deck.count("index_fund") == state.content.investment["index_fund"].count - 1
    luxury = state.decks["luxury"]
    copies = CONTENT.luxury["tv"].count
    assert (luxury.cards + luxury.discards + state.market).count("tv") == copies - 1


def test_r19_an_unpayable_amount_gives_a_miscalculation_card_and_forces_borrowing() -> None:
    # The flatmates' bills are 3 units more than they hold.
    state = start(**FLATMATES_SHORT, **SHELTERED)
    run(state, until=lambda s: s.decision is not None and s.decision.kind == "cover")
    assert state.to_move() == (1,)
    assert state.homes[1].miscalculation
    assert state.legal_actions(1) == [TAKE_LOAN, FAMILY_AID]
    assert reason_key(state, 1, DONE) == "why.not_this_decision"
    refused = state.why_not(1, DONE)
    assert refused is not None  # in the action's words, not its kind
    assert state.explain(refused) == (
        "'Done here' is not possible now: it does not answer what the game asks at this point."
    )
    happy = state.homes[1].happiness
    state.apply(1, FAMILY_AID)
    assert paid(state, "bills.paid", 1) == [state.bills(1)]
    assert state.homes[1].happiness == happy
    # Next period they are short again: no second card, 2 Happiness instead.
    run(state)
    again = events(state, "miscalculation.again", 1)
    assert again and again[0].params["delta"] == -2
    assert len(events(state, "miscalculation.card", 1)) == 1
    assert state.homes[1].miscalculation  # kept to the end


def test_r19_family_aid_pays_for_bills_but_an_events_cost_takes_loans() -> None:
    """The rulebook, Payments & Events: bills a family cannot pay are met with "one or more
    Loans or Request Family Aid (or both)" (step 3a); an Event's units "must take Loans"
    (step 4b)."""
    state = start(**FLATMATES_SHORT, **SHELTERED, event_order=("fire",), rounds=2)

    def covering(s: FinanciaLitState) -> bool:
        return s.decision is not None and s.decision.kind in ("cover", "cover_event")

    kinds = []
    while not state.terminal:
        run(state, until=covering)
        if state.terminal:
            break
        assert state.decision is not None
        kind = state.decision.kind
        seat = state.to_move()[0]
        if seat != 1:
            state.apply(seat, TAKE_LOAN)
            continue
        kinds.append(kind)
        if kind == "cover":  # bills: Family Aid is allowed (the family borrows instead here)
            assert state.legal_actions(1) == [TAKE_LOAN, FAMILY_AID]
        else:
            assert state.legal_actions(1) == [TAKE_LOAN]
            assert reason_key(state, 1, FAMILY_AID) == "why.aid_not_for_events"
            refused = {e["text"]: e["reason"] for e in state.view(1)["refused"]}
            assert refused["Ask the family for aid"].startswith("Family Aid does not pay for")
            assert "take a loan" in state.explain(
                ("describe.decision.cover_event", {**state.decision.data, "seat": 1})
            )
        state.apply(1, TAKE_LOAN)
    assert kinds[0] == "cover" and kinds[-1] == "cover_event"
    assert received(state, "aid.given", 1) == []
    assert [m.params["card"] for m in events(state, "event.cost", 1)] == ["Fire Disaster"]


def test_r20_events_hit_every_uninsured_family_and_gains_reach_everyone() -> None:
    state = start(event_order=("fire", "tax_refund"), rounds=3)
    broker = first_legal(AddClause("fire"))
    run(state, Script(every_round((1, 2), {0: ["insurance"]}), {"insurance": broker}))
    covered = [m.params["seat"] for m in events(state, "event.covered")]
    assert covered == [0]
    costs = {m.params["seat"]: m.params["amount"] for m in events(state, "event.cost")}
    assert costs == {1: 6}
    [farmers] = events(state, "event.cost_family")  # the farmers pay 1 more, and are told why
    assert (farmers.params["seat"], farmers.params["amount"]) == (2, 6 + 1)
    gains = {m.params["seat"]: m.params["amount"] for m in events(state, "event.gain")}
    assert gains == {0: 3, 1: 3, 2: 3}


def test_r21_happiness_never_goes_below_zero() -> None:
    # Each family starts 1 Happiness above the 2 a single missing card costs.
    state = start(start_goods=0, family_happiness_delta=3 - RETIREES.happiness, rounds=1)
    before = [h.happiness for h in state.homes]
    needs = [RETIREES.goods, FLATMATES.goods, FARMERS.goods]
    run(state, until=lambda s: s.phase == "final")
    lacking = {m.params["seat"]: m.params["delta"] for m in events(state, "goods.lacking")}
    taken = {s: -min(before[s], 2 * needs[s]) for s in range(3)}
    assert lacking == {s: delta for s, delta in taken.items() if delta}
    assert any(before[s] < 2 * needs[s] for s in range(3))  # the floor was reached
    assert all(h.happiness >= 0 for h in state.homes)
    # A loss at zero says that nothing more could be lost (not "+0").
    at_zero = run(start(start_goods=0, family_happiness_delta=-10, rounds=1))
    nothing = events(at_zero, "happiness.none_left")
    assert {m.params["cause"] for m in nothing} == {"goods.lacking"}
    assert not [m for m in events(at_zero, "goods.lacking") if m.params["delta"] == 0]
    text = at_zero.explain(nothing[0])
    assert "nothing more could be lost" in text and "+0" not in text


# ----- Loans and Family Aid -----------------------------------------------------------------
def test_r22_loans_any_time_by_any_family_but_not_in_the_final_settlement() -> None:
    state = start(**SHELTERED)
    run(state, until=at(8))
    assert state.to_move() == (1,)
    assert TAKE_LOAN in state.legal_actions(2)
    state.apply(2, TAKE_LOAN)
    assert received(state, "loan.taken", 2) == [5]
    happy = state.homes[2].happiness
    state.apply(2, TAKE_LOAN)
    assert state.homes[2].happiness == happy - 1  # a second loan costs Happiness
    run(state, until=lambda s: s.phase == "final")
    assert state.decision is not None and state.decision.kind == "settle_loan"
    assert TAKE_LOAN not in state.legal_actions(2)
    assert reason_key(state, 2, TAKE_LOAN) == "why.not_now"
    assert reason_key(state, 0, TAKE_LOAN) == "why.not_now"
    refused = {entry["text"]: entry["reason"] for entry in state.seat_actions(0)["refused"]}
    assert refused["Take a loan"] == "'Take a loan' is not possible at this moment."


def test_r23_family_aid_once_and_only_with_a_miscalculation_card() -> None:
    state = start(**FLATMATES_SHORT)
    assert reason_key(state, 1, FAMILY_AID) == "why.aid_needs_miscalculation"
    run(state, until=at(2))
    assert state.homes[1].miscalculation
    assert received(state, "aid.given", 1) == [3]
    assert reason_key(state, 1, FAMILY_AID) == "why.aid_used"
    parent = family("single_parent")
    assert parent.units + parent.income < parent.bills + 10  # short in period 1
    single = start(("single_parent", "retirees", "farmers"), family_bills_delta=10)
    run(single, until=at(2))
    assert received(single, "aid.given", 0) == [3 + 2]  # the single parent's relatives


def test_r22_at_the_settlement_a_family_short_of_units_is_told_to_use_happiness() -> None:
    state = start(**SHELTERED)
    run(state, until=at(8))
    state.apply(1, TAKE_LOAN)
    policy = Script({8: {1: ["market"]}}, {"market": buy_goods(50)})
    run(state, policy, until=lambda s: s.decision is not None and s.decision.kind == "settle_loan")
    seat = state.to_move()[0]
    assert seat == 1 and state.cash(1) < 8
    reason = state.why_not(1, SETTLE_UNITS)
    assert reason is not None and reason.key == "why.settle_short"
    text = state.explain(reason)
    assert text == f"That costs 8 units and you have {state.money_text(state.cash(1))}: " + (
        "settle this loan with Happiness."
    )
    assert "loan first" not in text


def test_r24_unfinished_investments_lose_two_units_per_slot_but_keep_happiness() -> None:
    # The Children's Education Fund (4 slots, 10 units, 3 Happiness) bought in period 8.
    for penalty, units in ((2, 10 - 2 * 4), (5, 0)):
        state = start(
            forced={"deck:long": ["education_fund"]}, investment_end_penalty=penalty, **SHELTERED
        )
        policy = Script({8: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)})
        run(state, policy)
        assert received(state, "end.investment", 0) == ([units] if units else [])
        happy = [m.params["delta"] for m in events(state, "investment.happiness", 0)]
        assert happy == [3]


def test_r25_unfinished_loans_settle_with_units_or_happiness() -> None:
    state = start(**SHELTERED)
    run(state, until=at(8))
    state.apply(0, TAKE_LOAN)  # the retirees can pay
    state.apply(1, TAKE_LOAN)  # the flatmates spend everything at the Market
    policy = Script({8: {1: ["market"]}}, {"market": buy_goods(50)})
    run(state, policy, until=lambda s: s.phase == "final")
    choices: dict[int, list[Action]] = {}
    while state.decision is not None and state.decision.kind == "settle_loan":
        seat = state.to_move()[0]
        choices.setdefault(seat, state.legal_actions(seat))
        state.apply(seat, passive(state, seat, "settle_loan"))
    assert choices[0] == [SETTLE_UNITS, SETTLE_HAPPINESS]
    assert choices[1] == [SETTLE_HAPPINESS]


def test_r25_happiness_settles_a_loan_as_the_family_chooses() -> None:
    # The rulebook: pay the units or lose the Happiness, even Happiness the family lacks.
    state = start(**SHELTERED)
    run(state, until=at(8))
    state.homes[0].happiness = 0
    state.apply(0, TAKE_LOAN)
    run(state, until=lambda s: s.phase == "final")
    assert state.decision is not None and state.decision.kind == "settle_loan"
    assert state.legal_actions(0) == [SETTLE_UNITS, SETTLE_HAPPINESS]
    state.apply(0, SETTLE_HAPPINESS)
    assert events(state, "happiness.none_left", 0) and not events(state, "end.loan_paid", 0)


def test_r25_the_trainer_may_let_happiness_settle_a_loan_only_if_the_family_has_it() -> None:
    state = start(end_loan_choice="if_held", **SHELTERED)
    run(state, until=at(8))
    for seat in (0, 1):
        state.homes[seat].happiness = 0  # both families have no Happiness left to give
        state.apply(seat, TAKE_LOAN)
    policy = Script({8: {1: ["market"]}}, {"market": buy_goods(50)})
    run(state, policy, until=lambda s: s.phase == "final")
    choices: dict[int, list[Action]] = {}
    while state.decision is not None and state.decision.kind == "settle_loan":
        seat = state.to_move()[0]
        if seat not in choices:
            choices[seat] = state.legal_actions(seat)
            if seat == 0:
                assert reason_key(state, 0, SETTLE_HAPPINESS) == "why.settle_needs_happiness"
        state.apply(seat, passive(state, seat, "settle_loan"))
    assert choices[0] == [SETTLE_UNITS]  # the retirees can pay: no free settlement
    assert choices[1] == [SETTLE_HAPPINESS]  # the flatmates cannot: they give what is left
    assert events(state, "end.loan_paid", 0)


def test_r26_end_cards_count_common_goods_left_as_the_rulebook_does() -> None:
    state = run(start(rounds=1, start_goods=10, family_goods_delta=-5))
    for seat, home in enumerate(state.homes):
        [bonus] = events(state, "end.bonus", seat)
        assert home.goods == 10 and bonus.params["cards"] == 10
    old = run(start(rounds=1, start_goods=10, family_goods_delta=-5, end_counts_goods=False))
    assert [m.params["cards"] for m in events(old, "end.bonus")] == [0, 0, 0]
    gained = [m.params["delta"] for m in events(state, "end.bonus")]
    assert gained == [m.params["delta"] + 5 for m in events(old, "end.bonus")]


def test_r26_end_cards_exclude_miscalculation_goods_and_matured_investments() -> None:
    market = {"deck:luxury": ["jewellery", "tv", "bicycle", "car"], "deck:short": ["term_deposit"]}
    state = start(forced=market, start_goods=10, family_goods_delta=-1, end_counts_goods=False)
    policy = Script(
        {1: {0: ["insurance", "market", "investments"]}},
        {
            "market": lambda s, seat: (
                BuyLuxury(0) if s.homes[seat].luxuries == [] else buy_goods(5)(s, seat)
            ),
            "investments": first_legal(INVEST_SHORT),
        },
    )
    run(state, policy, until=at(2))
    # Jewellery 8 and a term deposit 5 leave 4 units of 17 for goods: none for the bills.
    assert state.homes[0].miscalculation
    run(state, policy)
    home = state.homes[0]
    assert len(events(state, "investment.matured", 0)) == 1
    assert home.goods > 0
    [bonus] = events(state, "end.bonus", 0)
    assert bonus.params["cards"] == 2  # the Jewellery and Basic Insurance


def test_r27_the_income_bonus_uses_the_last_income_track_position() -> None:
    state = run(start(seed=4))
    for seat in range(3):
        [bonus] = events(state, "end.bonus", seat)
        last = amounts(per_round(state, "income.earned", seat)[8])
        assert [bonus.params["income"]] == last == [state.homes[seat].tracker]
    # Incomes differed between periods (modifiers), so "last" is a real choice.
    farmers = [amounts(ms)[0] for ms in per_round(state, "income.earned", 2).values()]
    assert len(set(farmers)) > 1


def test_r28_ties_go_to_career_cards_then_every_tied_family_wins() -> None:
    tie = run(start(TIED_FAMILIES, rounds=1, start_goods=10, **TIED_CHANGES))
    assert tie.result is not None and tie.result.winners == (0, 1)
    skilled = start(TIED_FAMILIES, rounds=1, start_goods=10, **TIED_CHANGES)
    run(
        skilled,
        Script(
            {1: {0: ["labour"], 1: ["labour"]}},
            {"labour": lambda s, seat: LEARN_SKILL if seat == 1 else DONE},
        ),
    )
    assert skilled.result is not None
    assert skilled.result.scores == tie.result.scores
    assert skilled.result.winners == (1,)


# ----- Trainer's modifications --------------------------------------------------------------
def test_r29_goods_min_binds_only_as_far_as_cash_allows_and_goods_max_caps() -> None:
    seen: dict[str, object] = {}

    def greedy(s: FinanciaLitState, seat: int) -> Action:
        key = f"{seat}:{s.visit['goods']}"
        seen[key] = reason_key(s, seat, DONE)
        return BUY_GOODS if s.why_not(seat, BUY_GOODS) is None else DONE

    state = start(goods_min=12, rounds=1)
    run(state, Script({1: {1: ["market"]}}, {"market": greedy}))
    # The flatmates' 9 units buy 10 cards (the 7th is free); then Done is allowed.
    assert seen["1:0"] == "why.goods_min"
    assert seen["1:10"] is None
    assert not received(state, "loan.taken", 1)
    capped = start(goods_max=2, rounds=1)
    run(capped, Script({1: {0: ["market"]}}, {"market": buy_goods(5)}))
    assert paid(capped, "market.goods", 0) == [1, 1]


def test_r29_the_goods_minimum_comes_before_luxury_items_and_a_refresh() -> None:
    # A family that would rather spend on Luxury Items first is held to its Common Goods.
    seen: list[tuple[int, str | None, str | None]] = []

    def luxury_first(s: FinanciaLitState, seat: int) -> Action:
        seen.append(
            (
                s.visit["goods"],
                reason_key(s, seat, BuyLuxury(0)),
                reason_key(s, seat, REFRESH_MARKET),
            )
        )
        for action in (BuyLuxury(0), BuyLuxury(1), BuyLuxury(2), BuyLuxury(3), DONE, BUY_GOODS):
            if s.why_not(seat, action) is None:
                return action
        raise AssertionError("nothing legal at the Market")

    market = {"deck:luxury": ["tv", "bicycle", "concert", "dinner"]}
    state = start(rounds=1, goods_min=4, forced=market)
    run(state, Script({1: {0: ["market"]}}, {"market": luxury_first}))
    assert [g for g, _, _ in seen[:4]] == [0, 1, 2, 3]
    assert all(lux == "why.goods_first" for _, lux, _ in seen[:4])
    assert seen[0][2] is None  # a refresh that leaves enough for the goods is allowed
    assert seen[4][1] is None  # the minimum bought: Luxury Items are open
    assert paid(state, "market.goods", 0) == [1] * 4
    assert state.homes[0].luxuries  # and bought after it
    # A refresh that would leave too little for the minimum is refused.
    poor = start(
        rounds=1,
        goods_min=4,
        forced=market,
        market_refresh_cost=5,
        family_income_delta=-5,
        family_units_delta=6 - RETIREES.units - RETIREES.income + 5,
    )
    run(poor, Script({1: {0: ["market"]}}, {"market": luxury_first}), until=at(1, "payments"))
    assert poor.cash(0) == 6
    assert reason_key(poor, 0, REFRESH_MARKET) == "why.goods_first"


def test_r30_a_happiness_target_ends_the_game_at_upkeep_without_end_bonus() -> None:
    # The target is the highest starting Happiness; the retirees invest in period 1.
    start_happiness = [RETIREES.happiness, FLATMATES.happiness, FARMERS.happiness]
    target = max(start_happiness)
    state = start(happiness_target=target, forced={"deck:long": ["pension_plan"]})
    run(state, Script({1: {0: ["investments"]}}, {"investments": first_legal(INVEST_LONG)}))
    assert state.result is not None
    assert state.result.reason.key == "end.target"
    # No end-of-game bonus: each family ends with its starting Happiness, the retirees with
    # their pension's too; the happiest of the families at the target wins.
    pension = CONTENT.investment["pension_plan"]
    final = (start_happiness[0] + pension.happiness, *start_happiness[1:])
    assert state.result.scores == final
    reached = [s for s in range(3) if start_happiness[s] == target]
    best = max(final[s] for s in reached)
    assert state.result.winners == tuple(s for s in reached if final[s] == best)
    assert [m.params["round"] for m in events(state, "round.start")] == [1]
    assert received(state, "end.investment", 0) == [pension.returns[0] - 2 * pension.slots]
    assert events(state, "end.bonus") == []


def target_reached_on_a_loan(**options: Any) -> FinanciaLitState:
    """A game with a Happiness target of 10 that the retirees (10 Happiness, no units, no
    income, no bills) reach in period 1 holding a loan they cannot pay off with units: they
    borrow and spend 3 of the 5 units on a Skills card."""
    poor = {"happiness": 10, "units": 0, "income": 0, "bills": 0}
    state = start(
        happiness_target=10, family_goods_delta=-5, family_changes={"retirees": poor}, **options
    )
    state.apply(0, TAKE_LOAN)
    run(state, Script({1: {0: ["labour"]}}, {"labour": first_legal(LEARN_SKILL)}))
    return state


def test_r30_a_family_that_reached_the_target_wins_whatever_its_loans_take_after() -> None:
    state = target_reached_on_a_loan()
    assert state.result is not None and state.round == 1
    # Settling the loan (2 units in hand, 8 owed) took 2 Happiness: 8, below the target.
    assert [m.params["happiness"] for m in events(state, "end.loan_happiness", 0)] == [8]
    assert state.result.winners == (0,)
    assert state.explain(state.result.reason) == (
        "The game ended when the Happiness target was reached: of the families that reached"
        " it, the happiest wins (ties go to the most Skills and Career cards)."
    )
    # The trainer's required cards still apply, and the message says what was missing.
    none = target_reached_on_a_loan(required_career_cards=2)
    assert none.result is not None and none.result.winners == ()
    assert none.explain(none.result.reason) == (
        "No family that reached the Happiness target met the required cards, so nobody wins."
    )


def test_r30_a_target_nobody_reaches_leaves_the_usual_end() -> None:
    state = run(start(rounds=2, start_goods=10, happiness_target=100))
    assert state.result is not None and state.result.reason.key == "end.happiness"
    assert len(events(state, "end.bonus")) == 3
    happiness = [h.happiness for h in state.homes]
    assert state.result.winners and all(
        happiness[s] == max(happiness) for s in state.result.winners
    )
    assert max(happiness) < 100


def test_r31_required_cards_decide_who_may_win_even_nobody() -> None:
    nobody = run(start(rounds=1, start_goods=10, required_career_cards=1))
    assert nobody.result is not None
    assert (nobody.result.winners, nobody.result.reason.key) == ((), "end.nobody_eligible")
    skilled = start(
        rounds=1,
        start_goods=10,
        required_luxury_items=1,
        forced={"deck:luxury": ["tv", "concert", "bicycle", "car"]},
    )
    run(skilled, Script({1: {2: ["market"]}}, {"market": first_legal(BuyLuxury(0))}))
    assert skilled.result is not None
    assert skilled.result.winners == (2,)


def test_r32_prepared_cards_come_first_and_come_from_the_box_if_needed() -> None:
    state = start(
        event_order=("fire", "fire", "fire"),
        forced={"deck:events": ["flu"], "income:1": ["steady"]},
        income_by_seat={2: ("bonus", "bonus")},
        rounds=4,
    )
    run(state)
    revealed = [m.params["id"] for m in events(state, "event.revealed")]
    assert revealed[:4] == ["fire", "fire", "fire", "flu"]
    cards = [m.params["card"] for m in modifiers(state, 1)]
    assert cards == ["Performance bonus", "Performance bonus", "A normal month"]


def test_r33_one_income_modifier_for_all_families() -> None:
    state = start(income_draw="one_for_all", forced={"income": ["bonus"]}, rounds=2)
    run(state)
    draws = [
        m.params["stream"]
        for m in by_round(state)[2]
        if m.key == "chance.drawn" and str(m.params["stream"]).startswith("income")
    ]
    assert draws == ["income"]
    shared = events(state, "income.shared_modifier")
    cards = {m.params["seat"]: m.params["card"] for m in shared}
    assert cards == {1: "Performance bonus", 2: "Performance bonus"}  # not the retirees
    assert modifiers(state) == []  # no family "drew" the one card


def test_r34_when_time_runs_out_the_game_makes_the_cautious_choice() -> None:
    # The flatmates cannot pay their bills; the retirees must buy 2 Common Goods.
    state = start(turn_time_limit=30, goods_min=2, **FLATMATES_SHORT, rounds=1)
    assert state.time_limit() == 30.0
    state.apply(0, Place("market"))
    with pytest.raises(IllegalActionError):
        state.timeout(0)  # not being asked
    taken: list[tuple[int, str, Action | None]] = []
    while not state.terminal:
        seat = state.to_move()[0]
        assert state.decision is not None
        kind = state.decision.kind
        taken.append((seat, kind, state.timeout(seat)))
    assert taken == [
        (1, "action", SAVE),
        (2, "action", SAVE),
        (0, "action", SAVE),
        (0, "market", BuyGoods(2)),  # the whole minimum in one move (R43)
        (0, "market", DONE),
        (1, "cover", TAKE_LOAN),
        (1, "settle_loan", SETTLE_HAPPINESS),
    ]
    assert len(events(state, "turn.timed_out")) == len(taken)
    # The game saved for them: the words do not say they chose it.
    saved = [state.explain(m) for m in events(state, "action.saved")]
    assert len(saved) == 3 and not any("chose" in s for s in saved), saved


def test_r42_a_longer_game_reveals_as_many_events_as_the_last_round() -> None:
    state = start(rounds=10, **SHELTERED)
    assert [state.options.events_in_round(r) for r in range(7, 11)] == [3, 3, 3, 3]
    run(state)
    assert state.terminal and state.round == 10
    revealed = [key for key, _ in state.log if key == "event.revealed"]
    assert len(revealed) == sum(state.options.events_in_round(r) for r in range(1, 11)) == 20
