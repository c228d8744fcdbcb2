"""The game state every game subclasses: the kernel with offers, claims, directives, views
and random play.

The core (agenda, decisions, chance, apply) is in :mod:`moneyboard.engine.kernel`; each
capability built on it has its own module. docs/kernel.md is the contract for a game author.
"""

from __future__ import annotations

from moneyboard.engine.claims import Claims
from moneyboard.engine.directives import Directives
from moneyboard.engine.kernel import (
    Check,
    Decision,
    Do,
    Move,
    Offer,
    Result,
    Seat,
    Step,
    StuckGameError,
    TableStatus,
)
from moneyboard.engine.offers import Offers
from moneyboard.engine.random_play import RandomPlay, cyclic_gc_paused
from moneyboard.engine.views import Views

__all__ = [
    "Check",
    "Decision",
    "Do",
    "GameState",
    "Move",
    "Offer",
    "Result",
    "Seat",
    "Step",
    "StuckGameError",
    "TableStatus",
    "cyclic_gc_paused",
]


class GameState(RandomPlay, Directives, Claims, Offers, Views):
    """Kernel state shared by every game. Subclasses add their own fields and steps."""
