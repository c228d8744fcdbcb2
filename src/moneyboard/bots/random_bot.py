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
        action = state.random_action(seat, self.rng)
        if action is None:
            raise RuntimeError(f"{state.game_id}: seat {seat} has no legal action")
        return Choice(action, "picked at random among the possible moves")
