"""Bot kinds by name (``random``, ``saver``, ...), as used in seat lists like ``bot:saver``."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable

from moneyboard.bots.base import Bot, bot_rng
from moneyboard.bots.personality import PERSONALITIES, Personality, PersonalityBot
from moneyboard.bots.random_bot import RandomBot
from moneyboard.bots.search import SearchBot
from moneyboard.engine.errors import MoneyboardError

BotFactory = Callable[[random.Random], Bot]


class UnknownBotError(MoneyboardError):
    """A bot kind that is not in the registry."""


def _personality(p: Personality) -> BotFactory:
    def make(rng: random.Random) -> Bot:
        return PersonalityBot(p, rng)

    return make


_FACTORIES: dict[str, BotFactory] = {"random": RandomBot}
_SUMMARIES: dict[str, str] = {"random": "any legal move, at random"}
for _p in PERSONALITIES:
    _FACTORIES[_p.kind] = _personality(_p)
    _SUMMARIES[_p.kind] = _p.summary
_FACTORIES["search"] = SearchBot
_SUMMARIES["search"] = "looks ahead over many imagined futures (Monte Carlo tree search)"


def bot_kinds() -> list[str]:
    """Every bot kind, in registration order."""
    return list(_FACTORIES)


def bot_summary(kind: str) -> str:
    """One line on how a kind plays."""
    return _SUMMARIES.get(kind, "")


def register_bot(kind: str, factory: BotFactory, summary: str = "") -> None:
    """Add a bot kind (later bots, or tests)."""
    _FACTORIES[kind] = factory
    _SUMMARIES[kind] = summary


def check_bot_kind(kind: str) -> str:
    """``kind`` tidied (``" Search:200 "`` -> ``"search:200"``) if it names a bot, else a clear
    :class:`UnknownBotError`: every place that reads a seat list checks kinds with this.

    >>> check_bot_kind(" Search:200 "), check_bot_kind("search:50ms")
    ('search:200', 'search:50ms')
    """
    tidy = kind.strip().lower()
    _factory(tidy)
    return tidy


def make_bot(kind: str, game_seed: int, seat: int) -> Bot:
    """A bot of ``kind`` for ``seat``, with its own random source from the game seed and seat.

    The search bot takes a budget after a colon: ``search:200`` (simulations per decision)
    or ``search:50ms`` (thinking time per decision).
    """
    return _factory(kind)(bot_rng(kind, game_seed, seat))


def _factory(kind: str) -> BotFactory:
    """The factory for ``kind``, its budget (if any) checked and built in."""
    name, colon, budget = kind.partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UnknownBotError(f"unknown bot kind {name!r}; known kinds: {', '.join(_FACTORIES)}")
    if not colon:
        return factory
    if name != "search":
        raise UnknownBotError(f"bot kind {name!r} takes no budget (only search does): {kind!r}")
    text = budget.strip().lower()
    try:
        if text.endswith("ms"):
            ms = float(text[:-2])
            if 0 < ms < math.inf:
                return functools.partial(SearchBot, milliseconds=ms)
        else:
            simulations = int(text)
            if simulations > 0:
                return functools.partial(SearchBot, simulations=simulations)
    except ValueError:
        pass
    raise UnknownBotError(
        f"bad search budget in {kind!r}: give a number of simulations (search:200) "
        "or milliseconds (search:50ms), more than zero"
    )
