"""A refused number of shares is said as a number, not as money (money: test_rulebook_examples)."""

from __future__ import annotations

from typing import Any

import pytest

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


def test_the_shares_offered_are_as_many_as_the_family_can_pay_for() -> None:
    """The number field offers up to the most shares cash and the bank's loans pay for (not
    a million), the most is legal and ten more are not; the buttons are lots within it."""
    state = share_state("sh_tkno_1", "sh_tkno_5")
    low, high = state.amount_range(1, BuyShares(10), "count") or (0, 0)
    assert low == 10 and 10 < high < 1_000_000
    assert state.why_not(1, BuyShares(high)) is None
    assert state.why_not(1, BuyShares(high + 10)) is not None
    offered = [a.count for a in state.legal_actions(1) if isinstance(a, BuyShares)]
    assert offered and max(offered) <= high


def test_a_count_left_out_of_a_label_is_added_as_a_number_not_money(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move's sentence adds the amounts its label leaves out: money in the currency, a
    number of shares as a number ("(500)", not "($500)")."""
    state = share_state("sh_tkno_1", "sh_tkno_5")
    catalogue = type(state.catalogue)
    own = catalogue.template

    def without_count(self: Any, key: str) -> str | None:
        return "Buy shares" if key == "label.buy_shares" else own(self, key)

    monkeypatch.setattr(catalogue, "template", without_count)
    assert state.action_text(BuyShares(500)).endswith("(500)")
