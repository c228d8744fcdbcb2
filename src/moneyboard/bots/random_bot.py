"""The random bot: any legal action, uniformly (the baseline every other bot should beat)."""

from __future__ import annotations

import random

from moneyboard.bots.base import Choice
from moneyboard.engine.state import GameState


class RandomBot:
    """Picks uniformly among the legal actions with its own random source."""

    kind = "random"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: GameState, seat: int) -> Choice:
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{state.game_id}: seat {seat} has no legal action")
        action = self.rng.choice(legal)
        if len(legal) == 1:
            return Choice(action, "it was the only possible move")
        return Choice(action, f"picked at random among {len(legal)} possible moves")
