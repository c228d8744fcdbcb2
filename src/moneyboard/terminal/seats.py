"""Reading a seat list such as ``"Ana,Ben,bot:saver,bot:random"`` into seats."""

from __future__ import annotations

from moneyboard.bots import bot_kinds
from moneyboard.engine.errors import MalformedInputError
from moneyboard.engine.state import Seat

#: Longest name a seat may have (the game record allows no more).
MAX_NAME = 40


def parse_seats(text: str) -> list[Seat]:
    """People by name, bots as ``bot:KIND``; bots get readable, unique names.

    >>> [(s.name, s.bot) for s in parse_seats("Ana, bot:saver,bot:saver")]
    [('Ana', None), ('Saver', 'saver'), ('Saver 2', 'saver')]
    """
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise MalformedInputError(
            f"bad seats {text!r}: give comma-separated names or bot:KIND, e.g. 'Ana,bot:saver'"
        )
    kinds = bot_kinds()
    seats: list[Seat] = []
    taken: set[str] = set()
    for item in items:
        if item.lower().startswith("bot:"):
            kind = item[4:].strip().lower()
            if kind not in kinds:
                raise MalformedInputError(
                    f"bad seats {text!r}: unknown bot kind {kind!r}; known kinds: "
                    + ", ".join(kinds)
                )
            name, number = kind.capitalize(), 2
            while name.casefold() in taken:
                name, number = f"{kind.capitalize()} {number}", number + 1
            seats.append(Seat(name, kind))
        else:
            if len(item) > MAX_NAME:
                raise MalformedInputError(
                    f"bad seats: the name {item[:20]!r}... is longer than {MAX_NAME} characters"
                )
            if item.casefold() in taken:
                raise MalformedInputError(f"bad seats {text!r}: the name {item!r} is used twice")
            name = item
            seats.append(Seat(name))
        taken.add(name.casefold())
    return seats
