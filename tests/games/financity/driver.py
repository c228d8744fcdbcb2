"""Start FinanCity games and drive them with small scripted policies (shared by the tests).

A test says only what matters to it (where a seat plans to go, what it buys) and every other
decision gets the passive answer: Free Time, no deposit, no purchase, the event's effect,
a loan (or a savings card) to cover a payment, no sale.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from moneyboard.engine.actions import Action
from moneyboard.engine.ledger import BANK
from moneyboard.engine.offers import DECLINE
from moneyboard.engine.state import Seat
from moneyboard.games.financity import FinanCityState
from moneyboard.games.financity.actions import DONE, TAKE_EFFECT, Place, Withdraw
from moneyboard.games.financity.base import CASH, SAVINGS
from moneyboard.games.financity.content import load_content
from moneyboard.registry import get_game

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
CONTENT = load_content()
#: Homes of seats 0 and 1 in the default test game; tests read their figures from here.
HOMES = ("city_flat", "shared_house")
CITY, SHARED = (CONTENT.home[h] for h in HOMES)

#: Answers any decision: (state, seat, decision kind) -> action, or None for the default.
Policy = Callable[[FinanCityState, int, str], Action | None]


def start(
    homes: Sequence[str] | None = HOMES,
    *,
    seed: int = 1,
    forced: Mapping[str, Iterable[Any]] | None = None,
    **options: Any,
) -> FinanCityState:
    """A game with the given homes (seat count = number of homes) and options."""
    n = len(homes) if homes is not None else options.pop("players", 2)
    if homes is not None:
        options["homes"] = tuple(homes)
    state = get_game("financity").new_state(
        [Seat(NAMES[i]) for i in range(n)], seed, options, forced=forced
    )
    assert isinstance(state, FinanCityState)
    return state


def passive(state: FinanCityState, seat: int, kind: str) -> Action:
    """The default answer to each kind of decision."""
    if kind == "plan":
        return Place("free_time")
    if kind == "event":
        return TAKE_EFFECT
    if kind == "offer":
        return DECLINE
    if kind == "cover":
        loan = state.new_loan(seat)
        if state.can(seat, loan):
            return loan
        return Withdraw(min(state.players[seat].savings))
    return DONE


def places(plan: Mapping[int, str]) -> Policy:
    """A policy that sends each seat in ``plan`` to its zone every year."""

    def policy(state: FinanCityState, seat: int, kind: str) -> Action | None:
        if kind == "plan" and seat in plan:
            return Place(plan[seat])
        return None

    return policy


def drive(
    state: FinanCityState,
    policy: Policy | None = None,
    *,
    until: Callable[[FinanCityState], bool] = lambda s: False,
) -> FinanCityState:
    """Answer decisions (``policy`` first, then :func:`passive`) until ``until`` or the end."""
    while not state.terminal and not until(state):
        seat = state.to_move()[0]
        d = state.decision
        assert d is not None
        action = policy(state, seat, d.kind) if policy else None
        state.apply(seat, action or passive(state, seat, d.kind))
    return state


def at(kind: str, year: int | None = None) -> Callable[[FinanCityState], bool]:
    """A stop condition: a decision of ``kind`` is asked (in ``year``, if given)."""

    def stop(state: FinanCityState) -> bool:
        d = state.decision
        return d is not None and d.kind == kind and (year is None or state.year == year)

    return stop


def at_zone(zone: int, year: int = 1) -> Callable[[FinanCityState], bool]:
    """A stop condition: the play marker has reached ``zone`` in ``year`` with a decision due."""
    return lambda s: (s.year, s.zone) >= (year, zone)


def give_cash(state: FinanCityState, seat: int, amount: int) -> None:
    """Set-up for a test: the bank hands ``seat`` some cash (a posting like any other)."""
    state.ledger.post(BANK, CASH[seat], amount, "test.cash", {"seat": seat})


def take_cash(state: FinanCityState, seat: int, amount: int) -> None:
    """Set-up for a test: ``seat`` hands cash back to the bank."""
    state.ledger.post(CASH[seat], BANK, amount, "test.cash", {"seat": seat})


def give_savings(state: FinanCityState, seat: int, cards: Sequence[int]) -> None:
    """Set-up for a test: ``seat`` holds these savings cards (the bank funds them)."""
    state.players[seat].savings.extend(cards)
    state.ledger.post(BANK, SAVINGS[seat], sum(cards), "test.savings", {"seat": seat})


def events(state: FinanCityState, key: str) -> list[dict[str, Any]]:
    """The parameters of every logged event with ``key``."""
    return [dict(params) for k, params in state.log if k == key]


def over_indebted_at_repayment() -> FinanCityState:
    """Ana, over-indebted (13 loan cards), asked how to pay her loan repayment with $100 in
    cash and a $500 savings card: the case R15 and the payment's words are about."""
    state = start()
    state.players[0].loans = 13
    drive(state, places({1: "shopping"}), until=at("shop"))
    give_cash(state, 0, 1000)
    take_cash(state, 0, state.cash(0) - CITY.expenses - 100)
    give_savings(state, 0, [500])
    drive(state, until=at("cover"))
    return state
