"""The walk over the die behind Monitics' outlook (forecast.py), on the shipped board."""

from __future__ import annotations

import pytest

from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.forecast import best_purchase, forecast, turns_to_finish


def test_from_box_49_the_crash_the_company_market_and_the_finish() -> None:
    f = forecast(MoniticsState.board, 49, None)
    # A one to the Crash (50), a two to the company market (51), the rest to the finish;
    # from the Crash a one reaches the market a turn later.
    assert f.crashes == pytest.approx(1 / 6)
    assert dict(f.next_market) == pytest.approx({"company": 1 / 6})
    assert dict(f.later_market) == pytest.approx({"company": 1 / 36})
    assert f.bills == 0 and f.tax == 0 and sum(f.circumstances) == 0
    assert f.turns == pytest.approx(1 + 2 / 6 + 1 / 36)
    assert turns_to_finish(52, 49) == pytest.approx(f.turns)


def test_fewer_turns_see_less_of_the_board() -> None:
    whole = forecast(MoniticsState.board, 0, None)
    one = forecast(MoniticsState.board, 0, 1)
    assert one.turns == 1
    assert one.later_market == ()
    assert one.next_market == whole.next_market
    assert one.bills < whole.bills
    # Box 6 is the first Tax box: only a six reaches it on the first roll.
    assert one.tax == pytest.approx(1 / 6)
    assert 1 / 6 < whole.tax < 1
    assert forecast(MoniticsState.board, 0, 0).turns == 0


def test_a_landing_on_a_circumstances_box_is_counted_by_the_face_that_brought_it() -> None:
    # Box 3 is the first Circumstances box: from Start only a three lands there at once.
    one = forecast(MoniticsState.board, 0, 1)
    assert one.circumstances == pytest.approx((0, 0, 1 / 6, 0, 0, 0))


def test_the_best_purchase_respects_money_and_actions() -> None:
    offer = [(100, 55), (80, 50), (60, 40), (40, 30)]
    assert best_purchase(offer, 2, 1000) == 105
    assert best_purchase(offer, 3, 1000) == 145
    assert best_purchase(offer, 2, 120) == 80  # $60 and $40 beat the $100 alone
    assert best_purchase(offer, 2, 39) == 0
    assert best_purchase([], 2, 500) == 0
