"""The kernel's hook for an open decision's figures: a game says how they are worked out
(``decision_figures``) and the kernel keeps the open question current, on every path."""

from __future__ import annotations

import random

import pytest

from moneyboard.engine import Seat
from moneyboard.engine.state import Decision, StuckGameError
from tests.engine.toygame import BORROW, KEEP, ToyOptions, ToyState

SEATS = [Seat("Ana"), Seat("Ben")]


class CashToy(ToyState):
    """The toy game whose roll question also tells the seat its cash, which a loan changes."""

    def step_rolled(self, seat: int, value: int) -> None:
        super().step_rolled(seat, value)
        self.ask(seat, "roll", value=value, cash=self.ledger.balance(f"cash:{seat}"))

    def decision_figures(self, decision: Decision) -> dict[str, int] | None:
        if decision.kind != "roll":
            return None
        return {"cash": self.ledger.balance(f"cash:{decision.seats[0]}")}


def cash_toy(seed: int = 1) -> CashToy:
    return CashToy(ToyOptions(), SEATS, seed, forced={"die": [4]})


def test_the_open_question_tells_the_cash_after_a_loan_taken_meanwhile() -> None:
    state = cash_toy()
    assert state.view(0)["decision"]["cash"] == 1
    state.apply(0, BORROW)  # an anytime action: the roll question stays open
    assert state.decision is not None and state.decision.kind == "roll"
    assert state.decision.data == {"value": 4, "cash": 4}
    assert state.view(0)["decision"]["cash"] == 4
    state.apply(0, KEEP)
    assert state.decision is not None and state.decision.data["cash"] == 0  # Ben's own cash


def test_a_question_asked_again_after_an_interjection_tells_the_figures_now() -> None:
    state = cash_toy()
    asked = state.decision
    assert asked is not None
    state.roll[1] = 2
    state.interject(1, "roll", value=2, cash=0)  # suspends Ana's question
    state.do_borrow(0, BORROW)  # Ana's cash changes while her question waits
    state.apply(1, KEEP)
    d = state.decision
    assert d is not None and d.seats == (0,) and d.data == {"value": 4, "cash": 4}


def test_an_unchanged_question_is_left_as_it_is() -> None:
    state = cash_toy()
    asked = state.decision
    state.apply(1, BORROW)  # Ben's cash: Ana's question says the same
    assert state.decision is asked


def test_random_playouts_keep_the_figures_current_too() -> None:
    """A playout stopped at any decision shows it as apply() would have left it."""
    borrowed = 0
    for seed in range(40):
        for stop in range(1, 6):  # a toy game takes at least six decisions
            state = cash_toy(seed=seed)
            with pytest.raises(StuckGameError):
                state.playout(random.Random(seed), max_decisions=stop)
            d = state.decision
            assert d is not None
            assert d.data["cash"] == state.ledger.balance(f"cash:{d.seats[0]}")
            borrowed += any(move.action == BORROW for move in state.moves[:-1])
    assert borrowed  # some of these stopped at a question a loan had left open


def test_a_game_without_figures_pays_nothing_for_the_hook() -> None:
    """The kernel asks only a game that works figures out; the others' questions stay as
    asked."""
    assert not ToyState._has_figures
    assert CashToy._has_figures
    state = ToyState(ToyOptions(), SEATS, 1, forced={"die": [4]})
    state.apply(0, BORROW)
    assert state.decision is not None and state.decision.data == {"value": 4}
