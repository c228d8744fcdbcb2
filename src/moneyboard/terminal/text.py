"""Plain words for messages (falling back to the kernel's own catalogue), names and numbers."""

from __future__ import annotations

from collections.abc import Iterable

from moneyboard.engine.messages import Event, load_catalogue
from moneyboard.engine.state import GameState

#: The kernel's own English (chance draws, refusals), for games whose catalogue lacks it.
KERNEL_TEXT = load_catalogue("moneyboard.engine")


def explain(state: GameState, message: Event) -> str:
    """The game's own words for ``message``, else the kernel's, else a readable fallback."""
    if message[0] not in state.catalogue and message[0] in KERNEL_TEXT:
        return KERNEL_TEXT.render(message)
    return state.explain(message)


def names_of(state: GameState, seats: Iterable[object]) -> str:
    """Seat names joined for a sentence (``"Ana and Ben"``)."""
    names = [state.seats[s].name for s in seats if isinstance(s, int) and 0 <= s < len(state.seats)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def account_label(state: GameState, account: str) -> str:
    """``"cash:0"`` becomes ``"Ana's cash"``; ``"bank"`` becomes ``"the bank"``.

    Accounts are named ``kind:seat`` by convention; anything else is shown as it is.
    """
    if account == "bank":
        return "the bank"
    kind, _, owner = account.rpartition(":")
    if kind and owner.isdecimal() and int(owner) < len(state.seats):
        return f"{state.seats[int(owner)].name}'s {kind.replace('_', ' ')}"
    return account.replace("_", " ")


def number(x: object) -> str:
    """A value for a table cell: whole floats without decimals, thousands grouped.

    >>> number(3.0), number(2.5), number("x"), number(1100), number(-12500.0)
    ('3', '2.5', 'x', '1,100', '-12,500')
    """
    if isinstance(x, bool) or not isinstance(x, int | float):
        return str(x)
    if isinstance(x, float) and not x.is_integer():
        return f"{x:,.2f}".rstrip("0")
    return f"{int(x):,}"


def label(key: str) -> str:
    """A field name as words (``"gamble_fee"`` -> ``"gamble fee"``)."""
    return key.replace("_", " ")
