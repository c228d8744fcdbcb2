"""Start Monitics games and put players where a test needs them (shared by the tests).

A test sets the scene through the same ledger and cards the rules use (cash moved from or
to the bank, an asset handed over), forces the die, and then plays the real turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from moneyboard.engine.actions import Action
from moneyboard.engine.ledger import BANK
from moneyboard.engine.state import Seat
from moneyboard.games.monitics import MoniticsState
from moneyboard.games.monitics.actions import END_TURN, ROLL
from moneyboard.games.monitics.base import CASH, SAVINGS
from moneyboard.games.monitics.content import load_content
from moneyboard.registry import get_game

CONTENT = load_content()
NAMES = ("Ada", "Bayo", "Chi", "Dayo", "Efe", "Funmi")
#: Box numbers (1-based) of each kind on the shipped board, first few of each.
CIRCUMSTANCES_BOXES = (3, 8, 11, 16, 22, 25, 29, 34, 37, 42, 47)
TAX_BOX = 6
CRASH_BOX = 26
RENT_BOX = 9
STOCK_BOX = 2
COMPANY_BOX = 7
LAST_BOX = 52


def start(players: int = 2, *, seed: int = 1, **options: Any) -> MoniticsState:
    """A new game (seat 0 is about to roll) with the given option overrides.

    Tests start everyone with $400 (unless they say otherwise) so that their figures stay
    readable whatever the shipped default is.
    """
    options.setdefault("start_cash", 400)
    state = get_game("monitics").new_state(
        [Seat(name) for name in NAMES[:players]], seed=seed, options=options
    )
    assert isinstance(state, MoniticsState)
    return state


def value(asset: str, which: str = "market") -> int:
    """An asset's purchase, market or distress value from the shipped content."""
    card = CONTENT.asset[asset]
    return int(getattr(card, which))


def set_money(state: MoniticsState, seat: int, cash: int, savings: int = 0) -> None:
    """Give ``seat`` exactly this cash and savings, through postings with the bank."""
    for account, target in ((CASH[seat], cash), (SAVINGS[seat], savings)):
        have = state.ledger.balances[account]
        if target > have:
            state.ledger.post(BANK, account, target - have, "test.setup", {})
        elif target < have:
            state.ledger.post(account, BANK, have - target, "test.setup", {})


def give(state: MoniticsState, seat: int, *assets: str, sellable_from: int = 0) -> None:
    """Hand bank assets to ``seat`` (as if bought on an earlier turn)."""
    for asset in assets:
        assert asset not in state.owners
        state.players[seat].assets[asset] = sellable_from
        state.owners[asset] = seat


def roll_to(state: MoniticsState, box: int, die: int) -> None:
    """Put the player about to roll ``die`` boxes before ``box`` and roll that die."""
    seat = state.to_move()[0]
    assert state.decision is not None and state.decision.kind == "roll"
    state.players[seat].position = box - die
    state.force("die", [die])
    state.apply(seat, ROLL)


def act(state: MoniticsState, action: Action) -> None:
    """The seat being asked takes ``action``."""
    state.apply(state.to_move()[0], action)


def kind(state: MoniticsState) -> str:
    """The kind of decision being asked now."""
    assert state.decision is not None
    return state.decision.kind


def end_turn(state: MoniticsState) -> None:
    """End the current turn (the flow then asks the next player to roll)."""
    assert kind(state) == "turn"
    act(state, END_TURN)


def events(state: MoniticsState, since: int = 0) -> list[str]:
    """The event keys of the log (from entry ``since``)."""
    return [key for key, _ in state.log[since:]]


def skip_turns(state: MoniticsState, seats: Iterable[int]) -> None:
    """Let ``seats`` (in order) take quiet turns: roll a 1 from a box before a safe one."""
    for _ in seats:
        seat = state.to_move()[0]
        state.players[seat].position = 0
        state.force("die", [2])  # box 2 is an Asset box: nothing is paid
        state.apply(seat, ROLL)
        end_turn(state)
