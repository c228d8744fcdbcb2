"""Seat specs for simulations: comma-separated bot kinds, every seat a bot.

``"search,saver,spender,investor"`` (a ``bot:`` prefix is allowed, as in ``play``), and
``"saver*2,random*2"`` for repeats. The search bot may carry a budget: ``search:200``
(simulations a decision) or ``search:50ms`` (thinking time a decision).
"""

from __future__ import annotations

from moneyboard.bots import UnknownBotError, check_bot_kind
from moneyboard.engine.errors import MalformedInputError
from moneyboard.engine.game import GameDef

#: The most copies one ``KIND*N`` item may ask for.
MAX_REPEAT = 64


def parse_bot_seats(text: str, game: GameDef) -> tuple[str, ...]:
    """The bot kind of each seat, checked against the bot registry and the game's seat range.

    >>> from moneyboard.registry import get_game
    >>> parse_bot_seats("bot:saver, random*2", get_game("financialit"))
    ('saver', 'random', 'random')
    """
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise MalformedInputError(
            f"bad seats {text!r}: give comma-separated bot kinds, e.g. 'search,saver,random*2'"
        )
    kinds: list[str] = []
    for item in items:
        kind, star, count = item.partition("*")
        kind = kind.strip()
        if kind.lower().startswith("bot:"):
            kind = kind[4:]
        repeat = 1
        if star:
            if not count.strip().isdigit() or not 1 <= int(count) <= MAX_REPEAT:
                raise MalformedInputError(
                    f"bad seats {text!r}: {item!r} needs a count from 1 to {MAX_REPEAT} after '*'"
                )
            repeat = int(count)
        try:
            kind = check_bot_kind(kind)
        except UnknownBotError as exc:
            raise MalformedInputError(f"bad seats {text!r}: {exc}") from None
        kinds.extend([kind] * repeat)
    if not game.min_players <= len(kinds) <= game.max_players:
        raise MalformedInputError(
            f"bad seats {text!r}: {game.title} is for {game.min_players} to "
            f"{game.max_players} players, not {len(kinds)}"
        )
    return tuple(kinds)
