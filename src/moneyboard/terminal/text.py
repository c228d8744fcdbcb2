"""Plain words for messages (falling back to the kernel's own catalogue), names and numbers,
and a game's words for its identifiers, fields and metrics."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from moneyboard.engine.messages import Catalogue, Event, load_catalogue
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
    >>> number(0.0011), number(0.0453), number(0.999)
    ('0.0011', '0.05', '1')
    """
    if isinstance(x, bool) or not isinstance(x, int | float):
        return str(x)
    if isinstance(x, float) and not x.is_integer():
        text = f"{x:,.2f}".rstrip("0").rstrip(".")
        # A small share (0.0011) keeps its first digits rather than showing as "0" (or "0.").
        return f"{x:.2g}" if text in ("0", "-0") else text
    return f"{int(x):,}"


def label(key: str) -> str:
    """A field name as words (``"gamble_fee"`` -> ``"gamble fee"``)."""
    return key.replace("_", " ")


@functools.cache
def game_words(catalogue: Catalogue) -> dict[str, str]:
    """Every identifier a game names: its cards and places, and the ``[words]`` table of its
    messages (its phases, zones, decks and metrics). Read once per game: a catalogue never
    changes."""
    return catalogue.words()


def named(state: GameState, value: str, field: str | None = None) -> str | None:
    """The game's name for ``value``: as a value of ``field`` first (``"zone=4"``), else
    anywhere; ``None`` if the game does not name it (so a caller may try other words)."""
    words = game_words(state.catalogue)
    if field is not None:
        scoped = words.get(f"{field}={value}")
        if scoped is not None:
            return scoped
    return words.get(value)


def word(state: GameState, value: str, field: str | None = None) -> str:
    """``value`` in the game's words (:func:`named`), else as :meth:`Catalogue.word` writes an
    identifier ("credit card"); text that is not an identifier stays as it is."""
    found = named(state, value, field)
    return found if found is not None else state.catalogue.word(value, field)


def metric_label(state: GameState, metric: str) -> str:
    """A metric by the game's name for it (``"metric=wellbeing" = "Happiness"`` in
    FinanciaLit's words), else by its own (``"net_worth"`` as ``"net worth"``): a game
    calls its metrics what its rulebook does, and the kernel's common names stay for the
    rest. Only a name given as a metric's counts: a card that happens to share a metric's
    identifier does not rename it."""
    return game_words(state.catalogue).get(f"metric={metric}") or label(metric)
