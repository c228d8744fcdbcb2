"""Start FinanciaLit games and drive them with small scripted policies (shared by the tests).

A policy answers each decision of the real game: the tests say only what matters to them
(where a family places its pawns in which period, what it does at a location) and every
other decision gets the passive answer (Save, take nothing, cover a shortfall, settle).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from moneyboard.engine.actions import Action
from moneyboard.engine.messages import Message
from moneyboard.engine.state import Seat
from moneyboard.games.financialit import FinanciaLitState
from moneyboard.games.financialit.actions import (
    BUY_GOODS,
    DONE,
    FAMILY_AID,
    SAVE,
    SETTLE_HAPPINESS,
    SETTLE_UNITS,
    TAKE_LOAN,
    Place,
)
from moneyboard.games.financialit.content import Family, load_content
from moneyboard.registry import get_game

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
#: Three families with distinct, simple figures (no income modifiers for the retirees).
FAMILIES = ("retirees", "flatmates", "farmers")
CONTENT = load_content()
#: The family cards of seats 0, 1 and 2 in games started with the default families; tests
#: read their figures from here so that balance changes to the cards do not break them.
RETIREES, FLATMATES, FARMERS = (CONTENT.family[f] for f in FAMILIES)

#: Options under which no family runs short of goods or Happiness during a test.
SHELTERED: dict[str, Any] = {"family_goods_delta": -5, "family_happiness_delta": 10}

#: Options under which the flatmates (seat 1) cannot pay their bills in period 1 (3 short)
#: while the retirees and the farmers can.
FLATMATES_SHORT: dict[str, Any] = {
    "family_bills_delta": FLATMATES.units + FLATMATES.income + 3 - FLATMATES.bills
}

#: Answers one location decision: (state, seat) -> action.
Handler = Callable[[FinanciaLitState, int], Action]
#: Answers any decision: (state, seat, decision kind) -> action.
Policy = Callable[[FinanciaLitState, int, str], Action]


def start(
    families: Sequence[str] | None = FAMILIES,
    *,
    seed: int = 1,
    seats: int | None = None,
    forced: Mapping[str, Iterable[Any]] | None = None,
    **options: Any,
) -> FinanciaLitState:
    """A new game with the given families (``None`` = dealt at random) and option overrides."""
    count = seats if seats is not None else len(families or FAMILIES)
    if families is not None:
        options["families"] = list(families)
    state = get_game("financialit").new_state(
        [Seat(name) for name in NAMES[:count]], seed=seed, options=options, forced=forced
    )
    assert isinstance(state, FinanciaLitState)
    return state


def passive(state: FinanciaLitState, seat: int, kind: str) -> Action:
    """The do-nothing answer: Save, take nothing, cover with Family Aid or a loan, settle."""
    if kind == "action":
        return SAVE
    if kind == "cover_event":
        return TAKE_LOAN
    if kind == "cover":
        return FAMILY_AID if state.why_not(seat, FAMILY_AID) is None else TAKE_LOAN
    if kind == "settle_loan":
        return SETTLE_UNITS if state.why_not(seat, SETTLE_UNITS) is None else SETTLE_HAPPINESS
    return DONE


class Script:
    """A policy: pawn placements per period and seat, a handler per location, else passive."""

    def __init__(
        self,
        places: Mapping[int, Mapping[int, Sequence[str]]] | None = None,
        handlers: Mapping[str, Handler] | None = None,
    ):
        self.places = places or {}
        self.handlers = handlers or {}

    def __call__(self, state: FinanciaLitState, seat: int, kind: str) -> Action:
        if kind == "action":
            home = state.homes[seat]
            for where in self.places.get(state.round, {}).get(seat, ()):
                if where not in home.placed:
                    return Place(where)
            return SAVE
        handler = self.handlers.get(kind)
        if handler is not None:
            return handler(state, seat)
        return passive(state, seat, kind)


def every_round(rounds: Iterable[int], plan: Mapping[int, Sequence[str]]) -> dict[int, Any]:
    """The same placements (seat -> locations) in each of ``rounds``."""
    return {r: plan for r in rounds}


def first_legal(*actions: Action) -> Handler:
    """A handler taking the first of ``actions`` that is legal now, else finishing (Done)."""

    def handler(state: FinanciaLitState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        for action in actions:
            if action in legal:
                return action
        return DONE

    return handler


def buy_goods(count: int) -> Handler:
    """A Market handler buying ``count`` Common Goods cards (as far as allowed), then Done."""

    def handler(state: FinanciaLitState, seat: int) -> Action:
        if state.visit["goods"] < count and state.why_not(seat, BUY_GOODS) is None:
            return BUY_GOODS
        return DONE

    return handler


def run(
    state: FinanciaLitState,
    policy: Policy = passive,
    until: Callable[[FinanciaLitState], bool] | None = None,
) -> FinanciaLitState:
    """Play decisions with ``policy`` until the game ends or ``until`` holds at a decision."""
    while not state.terminal:
        if until is not None and until(state):
            return state
        seat = state.to_move()[0]
        assert state.decision is not None
        state.apply(seat, policy(state, seat, state.decision.kind))
    return state


def at(round_: int, phase: str = "actions") -> Callable[[FinanciaLitState], bool]:
    """A stop condition: the first decision in ``phase`` of period ``round_``."""
    return lambda s: s.round == round_ and s.phase == phase


def events(state: FinanciaLitState, key: str, seat: int | None = None) -> list[Message]:
    """Log entries with ``key`` (for ``seat`` only, if given)."""
    return [
        Message(k, p) for k, p in state.log if k == key and (seat is None or p.get("seat") == seat)
    ]


def modifiers(state: FinanciaLitState, seat: int | None = None) -> list[Message]:
    """The Income Modifiers a family drew and that applied to it (a card that changes
    nothing, "A normal month", is told as leaving income unchanged)."""
    return [
        Message(k, p)
        for k, p in state.log
        if k in ("income.modifier", "income.unchanged") and (seat is None or p.get("seat") == seat)
    ]


def by_round(state: FinanciaLitState) -> dict[int, list[Message]]:
    """The log split into periods (entries before period 1 are under 0)."""
    out: dict[int, list[Message]] = {0: []}
    current = 0
    for m in map(Message._make, state.log):
        if m.key == "round.start":
            current = int(m.params["round"])
            out[current] = []
        out[current].append(m)
    return out


def per_round(
    state: FinanciaLitState, key: str, seat: int | None = None
) -> dict[int, list[Message]]:
    """Entries with ``key`` (for ``seat``) grouped by period; periods without any left out."""
    out: dict[int, list[Message]] = {}
    for r, messages in by_round(state).items():
        hits = [
            m for m in messages if m.key == key and (seat is None or m.params.get("seat") == seat)
        ]
        if hits:
            out[r] = hits
    return out


def paid(state: FinanciaLitState, key: str, seat: int) -> list[int]:
    """Amounts ``seat`` paid to the bank for ``key``, read from the ledger itself."""
    account = state.cash_accounts[seat]
    return [p.amount for p in state.ledger.postings if p.key == key and p.source == account]


def received(state: FinanciaLitState, key: str, seat: int) -> list[int]:
    """Amounts the bank paid ``seat`` for ``key``, read from the ledger itself."""
    account = state.cash_accounts[seat]
    return [p.amount for p in state.ledger.postings if p.key == key and p.target == account]


def amounts(messages: Iterable[Message]) -> list[int]:
    """The ``amount`` parameter of each message."""
    return [int(m.params["amount"]) for m in messages]


def family(family_id: str) -> Family:
    """A family card from the shipped content."""
    return CONTENT.family[family_id]


#: Two families made equal in every figure (a trainer's change to single cards), and a third
#: far behind: after a quiet period the first two tie, and a Skills card (3 units) bought by
#: the second leaves their Happiness level (13 + 8 - 3 and 13 + 8 - 3 - 3 units are both three
#: fives).
TIED_FAMILIES = ("retirees", "single_parent", "farmers")
TIED_CHANGES: dict[str, Any] = {
    "family_changes": {
        f: {"income": 8, "units": 13, "happiness": 5, "goods": 2, "bills": 3}
        for f in ("retirees", "single_parent")
    }
}
