"""Amounts in a bot's reasons: money is counted in whole units of the game's currency, so an
average over imagined dice reads "about 4 units", never "3.50 units"."""

from __future__ import annotations

import re

from moneyboard import registry
from moneyboard.bots import make_bot
from moneyboard.bots.personality import describe_gain
from moneyboard.engine.labels import money_text
from moneyboard.engine.state import Seat


def reasons_in_a_game(game_id: str, kinds: list[str], seed: int) -> list[str]:
    """Every reason the bots of ``kinds`` (one a seat) give in a whole game of ``seed``."""
    state = registry.get_game(game_id).new_state(
        [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)], seed
    )
    bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
    reasons = []
    while not state.terminal:
        seat = min(state.to_move())
        choice = bots[seat].choose(state, seat)
        reasons.append(choice.why)
        state.apply(seat, choice.action)
    return reasons


def units(amount: float) -> str:
    """FinanciaLit's money."""
    return money_text(amount, ("", " units"))


def dollars(amount: float) -> str:
    return money_text(amount, ("$", ""))


def test_an_average_amount_is_a_whole_amount_said_to_be_about() -> None:
    assert describe_gain("cash", 3.5, units) == "keeps about 4 units more in cash"
    assert describe_gain("cash", 3.02, units) == "keeps 3 units more in cash"
    assert describe_gain("cash", 1.0, units) == "keeps 1 unit more in cash"
    assert describe_gain("savings", -0.3, units) == "keeps less than 1 unit less in savings"
    assert describe_gain("debt", -1499.6, dollars) == "avoids about $1,500 of debt"
    assert describe_gain("cash", 1.5) == "keeps about 2 units more in cash"
    assert describe_gain("score", 34.6, dollars, "net worth", in_money=True) == (
        "net worth about +$35"
    )


def test_financialit_bots_never_give_an_amount_in_hundredths() -> None:
    # A game where a loan's average cost decides against it: "avoids 6.70 units of debt".
    reasons = reasons_in_a_game("financialit", ["saver", "spender", "investor", "insurer"], 6)
    assert any(" units " in why or " unit " in why for why in reasons)
    assert [why for why in reasons if re.search(r"\d\.\d", why)] == []
