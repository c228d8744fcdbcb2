"""A range a learner is shown holds only amounts they can choose: its ends fall on the step."""

from __future__ import annotations

from moneyboard.games.financity.actions import Deposit
from tests.games.financity.driver import at, drive, give_cash, start, take_cash


def test_a_deposit_range_tops_out_at_the_last_whole_step_of_the_cash_held() -> None:
    state = start()
    drive(state, until=at("savings"))
    take_cash(state, 0, state.cash(0))
    give_cash(state, 0, 1060)
    deposit = next(e for e in state.view(0)["legal"] if e["action"]["type"] == "deposit")
    assert (deposit["amount"]["min"], deposit["amount"]["max"]) == (100, 1000)
    reason = state.why_not(0, Deposit(1100))
    assert reason is not None and reason.key == "why.amount_range"
    assert "between $100 and $1,000" in state.explain(reason)
    assert state.why_not(0, Deposit(1000)) is None
