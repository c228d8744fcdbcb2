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

    def outlook(self, seat: int) -> float:
        """The score ``seat`` would finish with if the game ended now, counting what it holds
        at what it will bring, on the game's own scale (bots compare seats by it).

        Once the game is over it is the final score. The default, for a game that says
        nothing more, is the ``score`` metric; a game whose end adds bonuses or whose
        holdings pay out later overrides it (see docs/kernel.md).
        """
        result = self.result
        if result is not None and seat < len(result.scores):
            return float(result.scores[seat])
        return self.metrics(seat).get("score", 0.0)
