"""Several Common Goods bought in one move (R43): the price buying them one by one would
give, the counts offered, their words, and records made when a move bought one card."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from moneyboard.engine.record import parse_record, replay
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    GOODS_AT_ONCE,
    BuyGoods,
    BuyLuxury,
    Place,
)
from moneyboard.registry import get_game
from moneyboard.terminal import PlaySession
from tests.games.financialit.driver import events, paid, received, run, start

GAME = get_game("financialit")
RECORDS = Path(__file__).parent / "records"


def at_the_market(bought: int = 0, **options: Any) -> FinanciaLitState:
    """The retirees (seat 0) asked at the Market in period 1, ``bought`` cards bought."""
    state = start(rounds=1, **options)
    state.apply(0, Place("market"))
    run(state, until=lambda s: s.decision is not None and s.decision.kind == "market")
    assert state.to_move() == (0,)
    for _ in range(bought):
        state.apply(0, BUY_GOODS)
    return state


def listed_counts(state: FinanciaLitState) -> list[int]:
    """The counts of Common Goods listed as seat 0's moves."""
    return [a.count for a in state.legal_actions(0) if isinstance(a, BuyGoods)]


def cash_taken(state: FinanciaLitState, *moves: BuyGoods) -> int | None:
    """The units ``moves`` take from seat 0 on a copy (``None``: one of them is refused)."""
    copy: FinanciaLitState = state.clone(with_history=False)
    before = copy.cash(0)
    for move in moves:
        if copy.why_not(0, move) is not None:
            return None
        copy.apply(0, move)
    return before - copy.cash(0)


@pytest.mark.parametrize(
    ("price", "threshold", "discount"),
    list(itertools.product((0, 1, 2), (1, 2, 3, 7), (0, 1, 2, 5))),
)
def test_r43_several_common_goods_cost_what_buying_them_one_by_one_would(
    price: int, threshold: int, discount: int
) -> None:
    options = {
        "basic_goods_price": price,
        "bulk_goods_threshold": threshold,
        "bulk_goods_discount": discount,
        "family_units_delta": 20,
    }
    compared = 0
    for bought in (0, 2):
        state = at_the_market(bought, **options)
        for count in range(1, GOODS_AT_ONCE + 1):
            singly = cash_taken(state, *[BUY_GOODS] * count)
            whole = cash_taken(state, BuyGoods(count))
            assert whole == state.goods_cost(count) or whole is None, count
            if singly is not None:
                compared += 1
                assert whole == singly, (bought, count)
            if whole is None:  # refused only for what the family cannot pay
                assert state.goods_cost(count) > state.cash(0), (bought, count)
    assert compared >= 2 * 10


def test_r43_a_purchase_reaching_the_bulk_discount_is_paid_as_a_whole() -> None:
    # 2 units off the 3rd card of 1 unit: with 1 unit left the 2nd card alone is refused,
    # but three cards together cost that 1 unit (the discount comes off the whole bill).
    state = at_the_market(bulk_goods_threshold=3, bulk_goods_discount=2, family_units_delta=-10)
    state.ledger.balances[state.cash_accounts[0]] = 1
    assert state.why_not(0, BuyGoods(2)) is not None
    assert state.why_not(0, BuyGoods(3)) is None
    state.apply(0, BuyGoods(3))
    assert state.cash(0) == 0 and state.visit["goods"] == 3


def test_r43_the_counts_offered_run_from_one_to_what_the_family_may_buy() -> None:
    state = at_the_market()
    cash = state.cash(0)
    most = min(GOODS_AT_ONCE, cash + 1)  # the 7th card is free
    assert state.amount_range(0, BUY_GOODS, "count") == (1, most)
    assert listed_counts(state) == [1, 2, 7, most]  # one, a period's use, the discount
    assert state.why_not(0, BuyGoods(most - 1)) is None  # not listed, but may be typed
    over = state.why_not(0, BuyGoods(most + 1))
    assert over is not None and state.explain(over) == f"The number must be between 1 and {most}."
    # The trainer's maximum caps a move by what is left of it this visit.
    capped = at_the_market(2, goods_max=5)
    assert capped.amount_range(0, BUY_GOODS, "count") == (1, 3)
    assert listed_counts(capped) == [1, 2, 3]  # one, a period's use (2), the most
    capped.apply(0, BuyGoods(3))
    reason = capped.why_not(0, BUY_GOODS)
    assert reason is not None and reason.key == "why.goods_max"
    # With no cash to choose a range from, a count past the maximum is told what is left.
    left = at_the_market(2, goods_max=5)
    left.ledger.balances[left.cash_accounts[0]] = 0
    reason = left.why_not(0, BuyGoods(4))
    assert reason is not None and left.explain(reason) == (
        "You may buy at most 5 Common Goods per visit: 3 more this visit."
    )
    # A family with no cash is offered one card and told why not, whatever count it types.
    broke = at_the_market()
    broke.ledger.balances[broke.cash_accounts[0]] = 0
    assert broke.amount_range(0, BUY_GOODS, "count") is None
    for count in (1, 5):
        why = broke.why_not(0, BuyGoods(count))
        assert why is not None and why.key == "why.cannot_afford"
    refused = [e for e in broke.seat_actions(0)["refused"] if e["action"]["type"] == "buy_goods"]
    assert [e["reason"] for e in refused] == [
        "That costs 1 unit and you have 0 units. You could take a loan first."
    ]


def test_r43_a_count_listed_stays_listed_while_it_may_be_bought() -> None:
    # The terminal numbers listed moves: a count that left the list would be called "no
    # longer possible" while it still is.
    state = at_the_market(goods_min=4)
    for move in (BUY_GOODS, BuyGoods(2), BuyGoods(4)):
        before = listed_counts(state)
        state.apply(0, move)
        allowed = [n for n in before if state.why_not(0, BuyGoods(n)) is None]
        assert set(allowed) <= set(listed_counts(state)), (move, before)
        assert len(allowed) >= len(before) - 1  # only the most may go (the cash is spent)


def test_r43_the_trainers_minimum_may_be_bought_in_one_move() -> None:
    state = at_the_market(goods_min=4)
    assert 4 in listed_counts(state)
    assert state.why_not(0, BuyLuxury(0)) is not None  # Common Goods first (R29)
    state.apply(0, BuyGoods(4))
    assert state.why_not(0, DONE) is None
    assert paid(state, "market.goods_several", 0) == [4]


def test_r43_buttons_and_the_log_say_the_count_and_the_price() -> None:
    state = at_the_market()
    assert state.action_label(BuyGoods(1)) == "Buy 1 Common Goods card (1 unit)"
    assert state.action_label(BuyGoods(3)) == "Buy 3 Common Goods (3 units)"
    assert state.action_label(BuyGoods(7)) == "Buy 7 Common Goods (6 units, bulk discount included)"
    # A page's number input: the count is typed there, so the label says each card's price.
    entry = next(e for e in state.seat_actions(0)["legal"] if e["action"]["type"] == "buy_goods")
    most = min(GOODS_AT_ONCE, state.cash(0) + 1)  # the 7th card is free
    assert entry["amount"] == {"field": "count", "min": 1, "max": most, "step": 1, "money": False}
    assert entry["text"] == (
        "Buy … Common Goods (1 unit each, 1 unit off the whole once this visit reaches 7)"
    )
    assert "cost" not in entry  # one cost cannot stand for every count typed
    state.apply(0, BuyGoods(7))
    assert state.explain(state.log[-1]) == (
        "Ana bought 7 Common Goods for 6 units, 1 unit off for buying in bulk (7 this visit)."
    )
    assert state.action_label(BuyGoods(2)) == "Buy 2 Common Goods (2 units)"
    state.apply(0, BuyGoods(2))
    assert state.explain(state.log[-1]) == "Ana bought 2 Common Goods for 2 units (9 this visit)."
    # A discount larger than the cards' price gives units back; a free purchase says so.
    back = at_the_market(1, bulk_goods_threshold=3, bulk_goods_discount=3)
    assert back.action_label(BuyGoods(2)) == (
        "Buy 2 Common Goods (the bulk discount gives 1 unit back)"
    )
    back.apply(0, BuyGoods(2))
    assert received(back, "market.bulk_refund", 0) == [1]
    free = at_the_market(basic_goods_price=0)
    assert free.action_label(BuyGoods(3)) == "Buy 3 Common Goods (free)"
    free.apply(0, BuyGoods(3))
    assert free.explain(free.log[-1]) == "Ana got 3 Common Goods at no cost (3 this visit)."


def test_r43_a_count_of_ones_own_may_be_typed_in_the_terminal() -> None:
    state = at_the_market()
    legal = state.legal_actions(0)
    assert BuyGoods(5) not in legal  # not listed: typed in the listed words
    play = PlaySession(state, Console(record=True, width=120), lambda: None)
    for typed in ("buy 5 common goods", "Buy 5 Common Goods (5 units)"):
        assert play.answer(0, legal, typed) == BuyGoods(5), typed


def test_a_record_from_before_counts_buys_one_card_a_move() -> None:
    # Made when every buy_goods bought one card: three periods, each family at the Market
    # (the retirees buy 8 a visit, past the bulk discount), replayed as it was played then.
    text = (RECORDS / "goods_one_card_a_move.json").read_text()
    moves = [m["action"] for m in json.loads(text)["moves"] if "action" in m]
    assert moves.count({"type": "buy_goods"}) == 48
    state = replay(parse_record(text), GAME)
    assert isinstance(state, FinanciaLitState) and state.result is not None
    assert state.result.scores == (7, 5, 3)
    assert [(state.cash(s), h.goods, h.happiness) for s, h in enumerate(state.homes)] == [
        (1, 21, 7),
        (3, 6, 5),
        (2, 15, 3),
    ]
    first_visit = [m.params["bought"] for m in events(state, "market.goods", 0)][:7]
    assert first_visit == [1, 2, 3, 4, 5, 6, 8]
    assert [m.params["bought"] for m in events(state, "market.goods_free", 0)][:1] == [7]
    assert paid(state, "market.goods_several", 0) == []


def test_r43_a_buy_goods_without_a_count_is_one_card() -> None:
    assert GAME.codec.from_json({"type": "buy_goods"}) == BUY_GOODS == BuyGoods(1)
    assert BUY_GOODS.to_json() == {"type": "buy_goods", "count": 1}


@pytest.mark.parametrize("goods_max", [None, 3, 12])
@pytest.mark.parametrize(("price", "threshold", "discount"), [(1, 7, 1), (2, 3, 5), (3, 2, 1)])
def test_r43_the_most_offered_is_the_most_the_cash_pays_for(
    goods_max: int | None, price: int, threshold: int, discount: int
) -> None:
    options = {"basic_goods_price": price, "bulk_goods_threshold": threshold}
    state = at_the_market(bulk_goods_discount=discount, goods_max=goods_max, **options)
    account = state.cash_accounts[0]
    for bought in range(0, 10):
        state.visit["goods"] = bought
        for cash in range(0, 45):
            state.ledger.balances[account] = cash
            room = GOODS_AT_ONCE if goods_max is None else goods_max - bought
            paid_for = [n for n in range(1, room + 1) if state.goods_cost(n) <= cash]
            assert state.goods_most(0) == max(paid_for, default=0), (bought, cash)
