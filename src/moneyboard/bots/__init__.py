"""Bots that play any moneyboard game: a random baseline, household personalities, search."""

from moneyboard.bots.base import Bot, Choice, bot_rng
from moneyboard.bots.personality import Personality, PersonalityBot
from moneyboard.bots.random_bot import RandomBot
from moneyboard.bots.registry import (
    UnknownBotError,
    bot_kinds,
    bot_summary,
    check_bot_kind,
    make_bot,
    register_bot,
)
from moneyboard.bots.search import SearchBot

__all__ = [
    "Bot",
    "Choice",
    "Personality",
    "PersonalityBot",
    "RandomBot",
    "SearchBot",
    "UnknownBotError",
    "bot_kinds",
    "bot_rng",
    "bot_summary",
    "check_bot_kind",
    "make_bot",
    "register_bot",
]
