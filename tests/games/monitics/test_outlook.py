"""Monitics' outlook (``MoniticsState.outlook``): net worth and what the boxes ahead bring.

Worked positions whose figures can be checked by hand from the shipped board and assets
(``data/board.toml``, ``data/assets.toml``); the end (outlook = final score) is checked for
every game in ``tests/games/test_outlook.py``.
"""

from __future__ import annotations

import pytest

from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import END_TURN, Buy
from tests.games.monitics.driver import STOCK_BOX, act, give, roll_to, set_money, start


def monitics_at_box_49(cash: int) -> MoniticsState:
    """Both pawns on box 49, seat 0 about to roll with ``cash`` and nothing else: ahead lie
    the Crash (50), a company market (51) and the finish (52)."""
    state = start(2)
    for p in state.players:
        p.position = 49
    set_money(state, 0, cash)
    return state


def test_monitics_outlook_counts_the_boxes_ahead() -> None:
    state = monitics_at_box_49(300)
    # A one lands on the Crash, a two on the company market; from the Crash a one reaches
    # the market on a later turn. The best two companies $300 buys: the tricycle business
    # and the poultry farm, $280 for $435 of market value. Without an asset the Crash takes
    # 60% of the cash.
    gain = (235 - 150) + (200 - 130)
    crash = 300 * 60 / 100
    assert state.outlook(0) == pytest.approx(300 + gain / 6 + gain / 36 - crash / 6)
    # Insurance keeps the Crash away.
    state.players[0].insurance = 1
    assert state.outlook(0) == pytest.approx(300 + gain / 6 + gain / 36)


def test_monitics_outlook_an_asset_held_shields_cash_from_the_crash() -> None:
    state = monitics_at_box_49(300)
    give(state, 0, "rice")  # market $60, distress $40
    gain = (235 - 150) + (200 - 130)
    assert state.outlook(0) == pytest.approx(360 + gain / 6 + gain / 36 - (60 - 40) / 6)


def test_monitics_outlook_savings_cost_an_action_to_spend_on_the_next_roll() -> None:
    state = monitics_at_box_49(100)
    set_money(state, 0, 100, 200)
    # On the next roll $100 in hand buys the food kiosk ($90, worth $140); taking the $200
    # out first leaves one action: the tricycle business ($150, worth $235) is better. By a
    # later roll all $300 can buy the two best companies. The Crash takes 60% of the cash.
    later = (235 - 150) + (200 - 130)
    expected = 300 + (235 - 150) / 6 + later / 36 - 60 / 6
    assert state.outlook(0) == pytest.approx(expected)


def test_monitics_outlook_a_pawn_behind_counts_the_leaders_turns_and_the_final_ones() -> None:
    state = monitics_at_box_49(300)
    state.players[1].position = 10
    # The leader needs 1 + (7/6 + 1) / 6 = 1.36 turns from box 49: one, and two final turns.
    assert state.turns_left(1) == 3
    assert state.turns_left(0) is None
    state.players[0].done = True
    assert state.turns_left(0) == 0


def test_monitics_outlook_counts_the_purchase_still_open_on_a_market() -> None:
    state = start(2)  # $400 each
    roll_to(state, STOCK_BOX, 2)
    # The index fund ($100, worth $155) and the telecom shares ($80, worth $130).
    assert state.open_market_gain(0) == 55 + 50
    # Ending the turn without buying gives that up, and changes nothing else.
    ended = state.clone(with_history=False)
    ended.play(0, END_TURN)
    assert ended.open_market_gain(0) == 0
    assert state.outlook(0) - ended.outlook(0) == pytest.approx(105)
    # After the index fund, one action is left: the telecom shares are still open.
    act(state, Buy("index_fund"))
    assert state.open_market_gain(0) == 50


def test_monitics_circumstances_hit_what_the_seat_holds() -> None:
    state = start(2)
    set_money(state, 0, 200)
    # Exposed: Major Expense, 30% of cash and savings, the Habits fee, Ownership's fee,
    # 40% of cash (Wahala), the Business fee.
    assert [state.circumstance_value(0, f) for f in range(1, 7)] == [-40, -60, -10, -20, -80, -20]
    # Insured, $20 saved and a business held: every Circumstance is harmless or pays.
    set_money(state, 0, 200, 20)
    state.players[0].insurance = 1
    give(state, 0, "food_kiosk")
    assert [state.circumstance_value(0, f) for f in range(1, 7)] == [0, 0, 20, 50, 0, 100]
