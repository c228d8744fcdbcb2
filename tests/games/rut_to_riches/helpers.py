"""Helpers that set up Rut to Riches positions for rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from moneyboard.engine import Action, Seat
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches import GAME
from moneyboard.games.rut_to_riches.actions import ChooseDream
from moneyboard.games.rut_to_riches.state import RutState


def start(
    jobs: Sequence[str] = ("janitor", "teacher"),
    options: Mapping[str, Any] | None = None,
    dreams: Sequence[str] | None = None,
    opening: Sequence[int] | None = None,
    forced: Mapping[str, Sequence[Any]] | None = None,
) -> RutState:
    """A game with the given Job cards, past the Dreams and the opening roll (seat 0 first)."""
    n = len(jobs)
    rolls = list(opening) if opening is not None else [6] + [1] * (n - 1)
    queued: dict[str, list[Any]] = {"job": list(jobs), "die": rolls}
    for stream, outcomes in (forced or {}).items():
        queued.setdefault(stream, []).extend(outcomes)
    state = GAME.new_state([Seat(f"P{i + 1}") for i in range(n)], 1, options, forced=queued)
    assert isinstance(state, RutState)
    for seat in range(n):
        dream = dreams[seat] if dreams else "voyage"
        state.apply(seat, ChooseDream(dream))
    return state


def act(state: RutState, seat: int, action: Action) -> None:
    """Apply an action, failing the test with the learner's reason if it is refused."""
    reason = state.why_not(seat, action)
    assert reason is None, state.explain(reason)
    state.apply(seat, action)


def set_cash(state: RutState, seat: int, amount: int) -> None:
    """Give ``seat`` exactly ``amount`` of cash, through the ledger."""
    have = state.cash(seat)
    if amount > have:
        state.ledger.post(BANK, f"cash:{seat}", amount - have, "test.adjust", {})
    elif amount < have:
        state.ledger.post(f"cash:{seat}", BANK, have - amount, "test.adjust", {})


def force(state: RutState, stream: str, *outcomes: Any) -> None:
    state.chance.force(stream, outcomes)


def keys(state: RutState) -> list[str]:
    return [key for key, _ in state.log]


def assert_totals_kept(state: RutState) -> None:
    """The running totals on each sheet equal the sums they stand for (the hot paths read
    the totals; every change to the lines must keep them up to date)."""
    for p in state.players:
        assert p.expenses == sum(p.exp.values())
        assets = sum(h.cashflow + h.boost for h in p.holdings)
        assert p.passive == assets + sum(s.dividend for s in p.shares.values())
