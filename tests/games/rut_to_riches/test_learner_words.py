"""What a learner reads in Rut to Riches says the class's own numbers in plain words: no
option value, internal name or Python value shown as it is stored."""

from __future__ import annotations

from moneyboard.games.rut_to_riches.actions import Borrow
from moneyboard.games.rut_to_riches.state import RutState
from moneyboard.terminal.render import event_lines
from tests.games.rut_to_riches.helpers import act, start


def happened(state: RutState) -> list[str]:
    """What happened, as the terminal words it."""
    return event_lines(state, state.log, state.ledger.postings)[0]


def test_a_loan_says_the_interest_at_the_class_rate() -> None:
    """The overdraft's interest is a rule option (10% by the rulebook); the loan's line
    said "10% of it" whatever the class had set."""
    state = start(options={"loan_rate_percent": 5})
    act(state, 0, Borrow(400))
    assert state.players[0].exp["bank"] == 20
    assert (
        "P1 borrows $400 from the bank: overdraft now $400, at $20 interest each Pay Day."
        in happened(state)
    )
    state = start()
    act(state, 0, Borrow(1000))
    assert (
        "P1 borrows $1,000 from the bank: overdraft now $1,000, at $100 interest each Pay Day."
        in happened(state)
    )
