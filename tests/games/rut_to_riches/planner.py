"""A simple sound player for Rut to Riches, used to check that the economy can be won.

It buys cash-flowing assets it can pay for, takes capital gains from Market Forces offers,
finds a mentor when it can, retires as soon as it may, and otherwise does nothing risky.
"""

from __future__ import annotations

from moneyboard.engine import Action
from moneyboard.games.rut_to_riches.actions import (
    BuyShares,
    Deal,
    Record,
    Repay,
    SellShares,
)
from moneyboard.games.rut_to_riches.state import RutState


def plan(state: RutState, seat: int) -> Action:
    """The planner's choice among the legal actions of ``seat``."""
    legal = state.legal_actions(seat)
    kinds = {a.kind: a for a in legal}
    d = state.decision
    assert d is not None
    p = state.players[seat]
    cash = state.cash(seat)
    if "claim" in kinds:
        return kinds["claim"]
    if d.kind == "books":
        return next(a for a in legal if isinstance(a, Record))
    if d.kind == "dream":
        return legal[0]
    if d.kind == "turn":
        if "retire" in kinds:
            return kinds["retire"]
        owed = p.debt["bank"]
        if owed and state.can(seat, Repay(owed)):
            return Repay(owed)
        return kinds["roll"]
    if d.kind == "deal":
        decks = [a for a in legal if isinstance(a, Deal)]
        want = "venture" if p.circle == "inner" and cash > 20000 else "real_estate"
        for a in decks:
            if a.deck == want:
                return a
        return decks[0]
    if d.kind in ("opportunity", "resale"):
        assert state.table is not None
        card = state.opp(state.table["card"])
        price = card.price_to_buy
        good = card.cashflow > 0 and (price == 0 or card.cashflow * 100 >= 3 * price)
        if card.kind in ("part_time", "training"):
            good = True
        if card.kind == "insurance":
            good = False
        if "buy" in kinds and good and (price <= cash or card.cashflow * 100 >= 12 * price):
            return kinds["buy"]
        return kinds["pass"]
    if d.kind == "shares":
        card = state.share_card()
        lot = p.shares.get(card.symbol)
        if lot and card.price * lot.count > lot.cost * 2:
            sells = [a for a in legal if isinstance(a, SellShares) and a.part == 1]
            if sells:
                return sells[0]
        if card.price <= 5:
            buys = [
                a for a in legal if isinstance(a, BuyShares) and a.count * card.price <= cash // 2
            ]
            if buys:
                return buys[-1]
        return kinds["pass"]
    if d.kind == "market":
        return kinds.get("sell", kinds["pass"])
    if d.kind == "mentor":
        fee = state.mentor_fee(seat)
        return kinds["enter_circle"] if "enter_circle" in kinds and fee <= cash else kinds["pass"]
    return kinds.get("pass", legal[0])
