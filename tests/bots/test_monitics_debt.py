"""The households that avoid debt do not ask friends for loans they can pay from savings.

One step ahead, asking a player for a loan changes nothing (the lender has yet to answer),
so it looked free next to paying from savings: the saver took about five loans a game,
more than any other bot. The game's hints tell it a friend's loan is a debt."""

from __future__ import annotations

import itertools

import pytest

from moneyboard.bots import make_bot
from moneyboard.engine.state import Seat
from moneyboard.registry import get_game
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


def test_the_saver_does_not_shuffle_money_out_of_savings_and_back() -> None:
    # A forced move (the turn's roll) did not start a new run of the bot's own moves, so
    # after a few turns its repeat guard left 'End the turn' out and the saver took $10 out
    # of savings and put it back, turn after turn (nine times in this game).
    state = get_game("monitics").new_state(
        [Seat("Saver", "saver"), Seat("Spender", "spender"), Seat("Investor", "investor")], 11, {}
    )
    state.auto_chance = True
    bots = [make_bot(kind, 11, seat) for seat, kind in enumerate(("saver", "spender", "investor"))]
    saver: list[str] = []
    while state.result is None and len(saver) < 400:
        seat = state.to_move()[0]
        action = bots[seat].choose(state, seat).action
        if seat == 0:
            saver.append(action.kind)
        state.play(seat, action)
    shuffles = sum(1 for a, b in itertools.pairwise(saver) if (a, b) == ("withdraw", "save"))
    assert saver and shuffles == 0
