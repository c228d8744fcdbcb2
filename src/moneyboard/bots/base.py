"""What a bot is: something that picks a legal action for a seat and says why in plain words."""

from __future__ import annotations

import dataclasses
import random
from typing import Protocol

from moneyboard.engine.actions import Action
from moneyboard.engine.state import GameState


@dataclasses.dataclass(frozen=True, slots=True)
class Choice:
    """A bot's decision: the action to take and a one-line reason a learner can read."""

    action: Action
    why: str


class Bot(Protocol):
    """A player that needs no person; ``choose`` returns one of ``state.legal_actions(seat)``."""

    kind: str

    def choose(self, state: GameState, seat: int) -> Choice:
        """Pick an action for ``seat``; never changes ``state`` or the game's chance source."""
        ...


def bot_rng(kind: str, game_seed: int, seat: int) -> random.Random:
    """A bot's own random source, fixed by the game seed and seat so runs repeat exactly.

    It is separate from the game's chance source, so a bot's thinking never shifts the dice.

    >>> bot_rng("saver", 7, 1).random() == bot_rng("saver", 7, 1).random()
    True
    >>> bot_rng("saver", 7, 1).random() == bot_rng("saver", 7, 2).random()
    False
    """
    return random.Random(f"moneyboard-bot:{kind}:{game_seed}:{seat}")
