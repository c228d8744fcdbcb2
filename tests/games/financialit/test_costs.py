"""What an action costs, as the buttons and the guided preview say it (``action_cost``),
is what the action then takes from the family: checked over random games and options, and
for each kind of purchase in a worked position."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from moneyboard.engine.actions import Action
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    INVEST_SHORT,
    LEARN_SKILL,
    REFRESH_MARKET,
    SAVE,
    SETTLE_HAPPINESS,
    SETTLE_UNITS,
    TAKE_LOAN,
    AddClause,
    BuyGoods,
    BuyLuxury,
    Place,
)
from tests.games.financialit.driver import FLATMATES_SHORT, SHELTERED, at, run, start
from tests.games.financialit.test_properties import GAME, SETTINGS, new_game, rule_options


def taken_by(state: FinanciaLitState, seat: int, action: Action) -> int:
    """The units ``action`` takes from ``seat`` by itself (on a copy, before the flow goes on
    to bills or events that would move money for other reasons)."""
    copy: FinanciaLitState = state.clone(with_history=False)
    before = copy.cash(seat)
    copy._carry_out(seat, action)
    return before - copy.cash(seat)


def check_costs(state: FinanciaLitState) -> int:
    """Every legal action's reported cost is what it takes; returns how many had a cost."""
    priced = 0
    for seat in range(state.n):
        entries = {GAME.codec.from_json(e["action"]): e for e in state.seat_actions(seat)["legal"]}
        for action, entry in entries.items():
            cost = state.action_cost(seat, action)
            assert entry.get("cost") == cost, (action, entry)
            taken = taken_by(state, seat, action)
            if isinstance(action, BuyGoods):
                # Its price is in its words, for whatever count is chosen (R43).
                assert cost is None and taken == state.goods_cost(action.count), action
                if taken > 0:
                    assert f"({state.money_text(taken)}" in state.action_label(action), action
            elif cost is None:
                assert taken <= 0, (action, taken)  # nothing, or units given (a loan, aid)
            else:
                priced += 1
                assert taken == cost, (action, cost, taken)
    return priced


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5), options=rule_options())
def test_every_reported_cost_is_what_the_action_takes(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    state = new_game(seed, players, options)
    rng = random.Random(seed)
    moves = 0
    while not state.terminal and moves < 3000:
        if moves % 3 == 0:
            check_costs(state)
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        calm = [a for a in legal if not a.anytime] or legal
        state.apply(seat, rng.choice(calm if rng.random() < 0.95 else legal))
        moves += 1


def test_each_purchase_says_what_it_costs() -> None:
    """A worked position for each paid action, including the trainer's fees."""
    state = start(extra_clause_fee=2, **SHELTERED)
    costs: dict[Any, int | None] = {}

    def policy(s: FinanciaLitState, seat: int, kind: str) -> Action:
        legal = s.legal_actions(seat)
        if seat == 0:
            for action in legal:
                costs.setdefault(action, s.action_cost(seat, action))
        if kind == "action":
            for where in ("market", "labour", "investments", "insurance"):
                if Place(where) in legal:
                    return Place(where)
            return SAVE
        if kind == "market":
            return BUY_GOODS if s.visit["goods"] < 2 and BUY_GOODS in legal else DONE
        if kind == "insurance":
            adds = [a for a in legal if isinstance(a, AddClause)]
            if adds and s.visit["added"] < 2:
                costs[adds[0], s.visit["added"]] = s.action_cost(seat, adds[0])
                return adds[0]
        if kind in ("cover", "cover_event"):
            return TAKE_LOAN
        if kind == "settle_loan":
            return SETTLE_UNITS if SETTLE_UNITS in legal else SETTLE_HAPPINESS
        return DONE

    run(state, policy, until=at(3))
    o = state.options
    assert costs[LEARN_SKILL] == o.skills_cost
    assert costs[REFRESH_MARKET] == o.market_refresh_cost
    assert costs[BUY_GOODS] is None  # its price is in its words (R43)
    invest = costs[INVEST_SHORT]
    assert invest is not None and invest > 0
    assert isinstance(costs[BuyLuxury(0)], int)
    assert costs[Place("market")] is None  # placing a pawn is free
    assert costs[TAKE_LOAN] is None  # a loan gives units
    # The first clause of a visit costs nothing now; the second the trainer's fee.
    firsts = [c for k, c in costs.items() if isinstance(k, tuple) and k[1] == 0]
    seconds = [c for k, c in costs.items() if isinstance(k, tuple) and k[1] == 1]
    assert firsts and seconds and set(firsts) == {None} and set(seconds) == {2}
    # A family holding a Miscalculation card pays to place a pawn at the Broker (R10).
    short = start(**FLATMATES_SHORT)
    run(short, until=lambda s: s.round == 2 and s.to_move() == (1,))
    assert short.homes[1].miscalculation
    assert short.action_cost(1, Place("insurance")) == o.miscalculation_insurance_fee
    assert short.action_cost(0, Place("insurance")) is None
    # The end-of-game settlement: units by the loan's slot, Happiness costs no units.
    end = start(**SHELTERED)
    run(end, until=at(8))
    end.apply(0, TAKE_LOAN)
    run(end, until=lambda s: s.decision is not None and s.decision.kind == "settle_loan")
    assert end.action_cost(0, SETTLE_UNITS) == o.loan_instalment * o.loan_periods
    assert end.action_cost(0, SETTLE_HAPPINESS) is None
