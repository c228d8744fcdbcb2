"""A FinanCity decision that stays open while the player acts tells its figures as they are
now: the loan cards left after an early repayment or a new loan, the cash after a card is
repaid in the middle of a payment."""

from __future__ import annotations

from moneyboard.games.financity.actions import DONE, REPAY_LOAN
from moneyboard.terminal.render import decision_line
from tests.games.financity.driver import (
    CITY,
    at,
    drive,
    give_cash,
    give_savings,
    places,
    start,
    take_cash,
)


def test_the_repayment_question_counts_the_loan_cards_held_now() -> None:
    state = start()
    state.players[0].loans = 10
    give_cash(state, 0, 1000)
    drive(state, until=at("repay"))
    held = state.players[0].loans
    said = "Ana: the minimum is repaid ({} loan cards left); repay more cards now, or Done."
    assert decision_line(state, 0) == said.format(held)
    state.apply(0, REPAY_LOAN)
    assert decision_line(state, 0) == said.format(held - 1)
    loan = state.new_loan(0)
    state.apply(0, loan)
    assert state.decision is not None and state.decision.kind == "repay"
    assert decision_line(state, 0) == said.format(held - 1 + loan.cards)
    # Every client reads the decision from the view: it says the same count.
    assert state.view(0)["decision"]["loans"] == held - 1 + loan.cards
    state.apply(0, DONE)


def test_a_payment_question_tells_the_cash_held_now() -> None:
    """Repaying a card early while a payment waits (an anytime move) leaves the question
    open: its cash is what is left after it."""
    state = start()
    state.players[0].loans = 2
    drive(state, places({0: "shopping"}), until=at("shop"))
    take_cash(state, 0, state.cash(0) - 400)
    drive(state, until=at("cover"))
    assert "but has $400:" in decision_line(state, 0)
    state.apply(0, REPAY_LOAN)
    assert state.decision is not None and state.decision.kind == "cover"
    assert "but has $250:" in decision_line(state, 0)


def test_a_family_without_loans_reads_that_no_repayment_follows_until_it_borrows() -> None:
    """A loan taken to pay the expenses brings loan cards, so the question then tells their
    minimum as due right after."""
    state = start()
    drive(state, places({1: "shopping"}), until=at("shop"))
    take_cash(state, 0, state.cash(0))
    give_savings(state, 0, [100])
    drive(state, until=at("cover"))
    assert decision_line(state, 0).endswith(
        "Then nothing more is due to repay loan cards this year."
    )
    state.apply(0, state.new_loan(0))  # $600 of the $740: still short, now with 6 cards
    assert state.decision is not None and state.decision.kind == "cover"
    assert decision_line(state, 0) == (
        f"Ana must pay ${CITY.expenses} for this year's expenses but has $600: cash a savings"
        " card or take a loan. Then $150 is due to repay loan cards this year."
    )
