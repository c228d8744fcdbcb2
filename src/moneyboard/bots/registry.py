"""Bot kinds by name (``random``, ``saver``, ...), as used in seat lists like ``bot:saver``."""

from __future__ import annotations

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


def make_bot(kind: str, game_seed: int, seat: int) -> Bot:
    """A bot of ``kind`` for ``seat``, with its own random source from the game seed and seat.

    The search bot takes a budget after a colon: ``search:200`` (simulations per decision)
    or ``search:50ms`` (thinking time per decision).
    """
    name, _, budget = kind.partition(":")
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UnknownBotError(f"unknown bot kind {name!r}; known kinds: {', '.join(_FACTORIES)}")
    rng = bot_rng(kind, game_seed, seat)
    if not budget:
        return factory(rng)
    if name != "search":
        raise UnknownBotError(f"bot kind {name!r} takes no budget (only search does): {kind!r}")
    return _search_with_budget(rng, budget, kind)


def _search_with_budget(rng: random.Random, budget: str, kind: str) -> Bot:
    """A search bot with ``budget`` simulations (``"200"``) or milliseconds (``"50ms"``)."""
    text = budget.strip().lower()
    try:
        if text.endswith("ms"):
            ms = float(text[:-2])
            if ms > 0:
                return SearchBot(rng, milliseconds=ms)
        else:
            simulations = int(text)
            if simulations > 0:
                return SearchBot(rng, simulations=simulations)
    except ValueError:
        pass
    raise UnknownBotError(
        f"bad search budget in {kind!r}: give a number of simulations (search:200) "
        "or milliseconds (search:50ms), more than zero"
    )
