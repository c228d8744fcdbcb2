"""Scripted players for balance measurements: a careful household and a careless one.

Each policy answers any decision of the real game with a legal action. The careful player
pays the voluntary tax, keeps savings and insurance, buys assets with a cash reserve and
repays loans; the careless one spends, borrows and never protects itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from moneyboard.engine.actions import Action
from moneyboard.engine.offers import DECLINE
from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import (
    BORROW,
    BUY_INSURANCE,
    END_TURN,
    GIVE_UP,
    GRANT,
    KEEP_ROLL,
    LEND,
    PASS,
    PAY_TAX,
    REFUSE,
    REFUSE_LOAN,
    REPAY,
    ROLL,
    TAKE_FINAL,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTION,
    USE_OPTIONS,
    USE_SAVINGS,
    AskLoan,
    Bid,
    Buy,
    ForcedSale,
    Save,
    Sell,
)

Policy = Callable[[MoniticsState, int, random.Random], Action]
RESERVE = 30


def first_legal(state: MoniticsState, seat: int, *choices: Action) -> Action | None:
    for action in choices:
        if state.why_not(seat, action) is None:
            return action
    return None


def best_buy(state: MoniticsState, seat: int, keep: int) -> Action | None:
    """The legal purchase with the biggest gain in value that leaves ``keep`` in cash."""
    cash = state.cash(seat)
    buys = []
    for action in state.legal_actions(seat):
        if isinstance(action, Buy):
            card = state.content.asset[action.asset]
            if cash - card.purchase >= keep:
                bonus = 100 if card.kind == "company" and not state.owns_company(seat) else 0
                buys.append((card.market - card.purchase + bonus, card.distress, action))
    return max(buys, key=lambda b: (b[0], b[1]))[2] if buys else None


def shortfall(state: MoniticsState, seat: int) -> Action:
    """Savings first, then borrow, else sell the asset that brings the most, else ask a player."""
    legal = state.legal_actions(seat)
    if USE_SAVINGS in legal:
        return USE_SAVINGS
    if BORROW in legal:
        return BORROW
    sells = [a for a in legal if isinstance(a, Sell)]
    if sells:
        return max(sells, key=lambda a: state.content.asset[a.asset].market)
    asks = [a for a in legal if isinstance(a, AskLoan)]
    return asks[0] if asks else GIVE_UP


def careful(state: MoniticsState, seat: int, rng: random.Random) -> Action:
    """A household that plans: tax paid early, savings and insurance kept, assets bought."""
    d = state.decision
    assert d is not None
    kind = d.kind
    p = state.players[seat]
    cash = state.cash(seat)
    if kind == "roll":
        return PAY_TAX if state.can(seat, PAY_TAX) and cash >= RESERVE else ROLL
    if kind == "reroll":
        target = min(state.content.last, p.position + d.data["roll"]) - 1
        danger = state.content.boxes[target].type == "crash"
        return USE_OPTION if danger else KEEP_ROLL
    if kind == "protect":
        return first_legal(state, seat, USE_INSURANCE, USE_OPTIONS) or TAKE_HIT
    if kind == "forced_sale":
        asset = state.content.asset
        return min(
            (ForcedSale(a) for a in d.data["assets"]),
            key=lambda f: asset[f.asset].market - asset[f.asset].distress,
        )
    if kind == "bid":
        # A bargain at the distress value, while the cash reserve stays comfortable.
        return Bid(d.data["distress"]) if cash - d.data["distress"] > 200 else PASS
    if kind == "offer":
        return DECLINE
    if kind == "lend":
        return LEND if cash - d.data["amount"] >= RESERVE else REFUSE_LOAN
    if kind == "shortfall":
        return shortfall(state, seat)
    if kind == "grant":
        leading = state.net_worth(seat) >= max(state.net_worth(s) for s in range(state.n))
        return REFUSE if leading else GRANT
    if kind == "final_turn":
        return TAKE_FINAL
    # the turn's actions: invest first, borrow to invest, protect, keep a little saved
    buy = best_buy(state, seat, RESERVE)
    if buy is not None:
        return buy
    if p.loan is None and state.can(seat, BORROW) and best_buy(state, seat, RESERVE - 200):
        return BORROW
    if not p.insurance and cash >= 60 + RESERVE and state.can(seat, BUY_INSURANCE):
        return BUY_INSURANCE
    if state.savings(seat) < 20 and cash >= 20 + RESERVE and state.can(seat, Save(20)):
        return Save(20)
    if p.loan is not None and state.can(seat, REPAY) and cash - 240 >= RESERVE:
        return REPAY
    return END_TURN


def careless(state: MoniticsState, seat: int, rng: random.Random) -> Action:
    """A household that spends: no tax, savings or insurance; buys on credit; repays late."""
    d = state.decision
    assert d is not None
    kind = d.kind
    if kind == "roll":
        return ROLL
    if kind == "reroll":
        return KEEP_ROLL
    if kind == "protect":
        return TAKE_HIT
    if kind == "forced_sale":
        return ForcedSale(d.data["assets"][0])
    if kind in ("bid",):
        return PASS
    if kind == "offer":
        return DECLINE
    if kind == "lend":
        return REFUSE_LOAN
    if kind == "shortfall":
        return shortfall(state, seat)
    if kind == "grant":
        return GRANT
    if kind == "final_turn":
        return TAKE_FINAL
    buy = best_buy(state, seat, 0)
    if buy is not None:
        return buy
    if state.can(seat, BORROW):
        return BORROW
    return END_TURN


def random_player(state: MoniticsState, seat: int, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    action = state.random_action(seat, rng)
    assert action is not None
    return action


def play(state: MoniticsState, policies: list[Policy], seed: int) -> MoniticsState:
    """Play to the end with one policy per seat."""
    rng = random.Random(seed)
    while not state.terminal:
        seat = state.to_move()[0]
        state.apply(seat, policies[seat](state, seat, rng))
    return state
