"""Reading a seat list such as ``"Ana,Ben,bot:saver,bot:search:200"`` into seats."""

from __future__ import annotations

from moneyboard.bots import UnknownBotError, check_bot_kind
from moneyboard.engine.errors import MalformedInputError
from moneyboard.engine.state import Seat

#: Longest name a seat may have (the game record allows no more).
MAX_NAME = 40


def parse_seats(text: str) -> list[Seat]:
    """People by name, bots as ``bot:KIND``; bots get readable, unique names.

    The search bot may carry a budget: ``bot:search:200`` (simulations a decision) or
    ``bot:search:50ms`` (thinking time a decision).

    >>> [(s.name, s.bot) for s in parse_seats("Ana, bot:saver,bot:saver,bot:search:200")]
    [('Ana', None), ('Saver', 'saver'), ('Saver 2', 'saver'), ('Search', 'search:200')]
    """
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise MalformedInputError(
            f"bad seats {text!r}: give comma-separated names or bot:KIND, e.g. 'Ana,bot:saver'"
        )
    seats: list[Seat] = []
    taken: set[str] = set()
    for item in items:
        if item.lower().startswith("bot:"):
            try:
                kind = check_bot_kind(item[4:])
            except UnknownBotError as exc:
                raise MalformedInputError(f"bad seats {text!r}: {exc}") from None
            title = kind.partition(":")[0].capitalize()
            name, number = title, 2
            while name.casefold() in taken:
                name, number = f"{title} {number}", number + 1
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
