"""A refused number of shares is said as a number, not as money (money: test_rulebook_examples)."""

from __future__ import annotations

from moneyboard.games.rut_to_riches.actions import BuyShares
from tests.games.rut_to_riches.test_rulings import share_state


def test_a_number_of_shares_out_of_range_is_a_number_and_money_is_money() -> None:
    state = share_state("sh_tkno_1", "sh_tkno_5")
    too_many = state.why_not(1, BuyShares(10_000_000))
    assert too_many is not None and too_many.key == "why.count_range"
    assert state.explain(too_many).startswith("The number must be between 10 and ")
    off_step = state.why_not(1, BuyShares(15))
    assert off_step is not None
    assert state.explain(off_step) == "The number must be a multiple of 10."
    shares = next(e for e in state.view(1)["legal"] if e["action"]["type"] == "buy_shares")
    assert shares["amount"]["money"] is False
