"""How fast a game plays: random playouts on one core for a while, counted in decisions.

Each game is a :meth:`GameState.playout`: every decision a uniformly random legal action
(:meth:`GameState.random_action` checks candidates in random order and takes the first
legal one), with the full log, ledger and record kept. Python's cyclic garbage collector
is paused for the run, as in any batch of playouts: game states hold no reference cycles
(a test pins this), so reference counting frees each finished game at once. The loop is
kept lean so that what it measures is the engine and the game's rules, not the bench.
"""

from __future__ import annotations

import dataclasses
import random
import time

from moneyboard.engine.game import GameDef
from moneyboard.engine.state import Seat, cyclic_gc_paused

#: A game that needs more decisions than this is taken to be stuck in a loop.
MAX_DECISIONS_PER_GAME = 1_000_000


@dataclasses.dataclass(frozen=True, slots=True)
class BenchResult:
    """Totals of one bench run and the rates derived from them."""

    game: str
    players: int
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {
            "players": self.players,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": round(self.seconds, 3),
            "decisions_per_s": round(self.decisions_per_s, 1),
            "games_per_s": round(self.games_per_s, 3),
            "decisions_per_game": round(self.decisions_per_game, 2),
        }


def default_players(game: GameDef) -> int:
    """Four players where the game allows it, else the nearest count it allows."""
    return max(game.min_players, min(4, game.max_players))


def bench(game: GameDef, seconds: float, players: int | None = None, seed: int = 0) -> BenchResult:
    """Play random games of ``game`` with default rules for about ``seconds`` (at least one)."""
    n = players if players is not None else default_players(game)
    seats = [Seat(f"P{i + 1}", "random") for i in range(n)]
    options = game.options()
    new_state = game.new_state
    rng = random.Random(seed)
    clock = time.perf_counter
    games = decisions = 0
    with cyclic_gc_paused():
        start = clock()
        deadline = start + seconds
        while True:
            state = new_state(seats, seed + games, options)
            state.playout(rng, MAX_DECISIONS_PER_GAME)
            games += 1
            decisions += state.decisions_made
            if clock() >= deadline:
                break
        elapsed = clock() - start
    return BenchResult(game.id, n, games, decisions, elapsed)
