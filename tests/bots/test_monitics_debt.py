"""The households that avoid debt do not ask friends for loans they can pay from savings.

One step ahead, asking a player for a loan changes nothing (the lender has yet to answer),
so it looked free next to paying from savings: the saver took about five loans a game,
more than any other bot. The game's hints tell it a friend's loan is a debt."""

from __future__ import annotations

import pytest

from moneyboard.bots import make_bot
from tests.games.monitics.driver import RENT_BOX, roll_to, set_money, start


@pytest.mark.parametrize("kind", ["saver", "insurer"])
def test_a_debt_averse_household_pays_a_bill_from_savings_rather_than_borrow(kind: str) -> None:
    state = start(players=3)
    set_money(state, 0, 5, 300)  # rent is due, the cash falls short, the savings cover it
    roll_to(state, RENT_BOX, 3)
    assert state.decision is not None and state.decision.kind == "shortfall"
    kinds = {a.kind for a in state.legal_actions(0)}
    assert {"use_savings", "ask_loan"} <= kinds
    choice = make_bot(kind, 1, 0).choose(state, 0)
    assert choice.action.kind == "use_savings"
    assert "a loan from a friend is a debt like any other" in choice.why
