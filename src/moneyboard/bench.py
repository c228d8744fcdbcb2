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
from moneyboard.engine.state import Seat, StuckGameError, cyclic_gc_paused

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


@dataclasses.dataclass(frozen=True, slots=True)
class SearchBenchResult:
    """The search bot thinking at its default budget: simulations and decisions per second."""

    game: str
    players: int
    budget: int
    decisions: int
    simulations: int
    seconds: float
    #: Processor time of this process meanwhile: the figure to trust on a shared machine.
    cpu_seconds: float

    @property
    def simulations_per_s(self) -> float:
        return self.simulations / self.seconds if self.seconds > 0 else 0.0

    @property
    def simulations_per_cpu_s(self) -> float:
        return self.simulations / self.cpu_seconds if self.cpu_seconds > 0 else 0.0

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {
            "players": self.players,
            "budget": self.budget,
            "decisions": self.decisions,
            "simulations": self.simulations,
            "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "simulations_per_s": round(self.simulations_per_s, 1),
            "simulations_per_cpu_s": round(self.simulations_per_cpu_s, 1),
            "decisions_per_s": round(self.decisions_per_s, 3),
        }

    def words(self) -> str:
        """The figures as a sentence, the one to trust (processor time) first."""
        per_decision = self.cpu_seconds / self.decisions if self.decisions else 0.0
        return (
            f"search bot: {per_decision:.2f} CPU seconds a decision of {self.budget:,} "
            f"simulations ({self.simulations_per_cpu_s:,.0f} simulations a CPU-second, "
            f"{self.decisions:,} decision{'' if self.decisions == 1 else 's'} timed; "
            f"{self.simulations_per_s:,.0f} a second of wall clock)"
        )


def bench_search(
    game: GameDef, seconds: float, players: int | None = None, seed: int = 0
) -> SearchBenchResult:
    """Time the search bot (default budget) on positions from random games, for ``seconds``.

    Random play leads from one position to the next; only decisions with a real choice
    (two legal moves or more) are searched and timed.
    """
    from moneyboard.bots.search import DEFAULT_SIMULATIONS, SearchBot

    n = players if players is not None else default_players(game)
    seats = [Seat(f"P{i + 1}", "random") for i in range(n)]
    rng = random.Random(seed)
    bot = SearchBot(random.Random(seed + 1))
    decisions = simulations = 0
    spent = cpu = 0.0
    games = 0
    while spent < seconds or decisions == 0:
        state = game.new_state(seats, seed + games)
        games += 1
        while state.result is None and (spent < seconds or decisions == 0):
            seat = state.to_move()[0]
            if len(state.legal_actions(seat)) > 1 and rng.random() < 0.25:
                start, start_cpu = time.perf_counter(), time.process_time()
                bot.choose(state, seat)
                spent += time.perf_counter() - start
                cpu += time.process_time() - start_cpu
                decisions += 1
                simulations += bot.last_simulations
            action = state.random_action(seat, rng)
            if action is None:
                raise StuckGameError(f"{game.id}: seat {seat} has no legal move")
            state.apply(seat, action)
    return SearchBenchResult(game.id, n, DEFAULT_SIMULATIONS, decisions, simulations, spent, cpu)


@dataclasses.dataclass(frozen=True, slots=True)
class ParallelBenchResult:
    """Simulation throughput on one worker and on ``workers``, and the efficiency between."""

    game: str
    workers: int
    games: int
    one_worker_games_per_s: float
    all_workers_games_per_s: float

    @property
    def efficiency(self) -> float:
        """Games per second with N workers / (N x games per second with one)."""
        base = self.one_worker_games_per_s * self.workers
        return self.all_workers_games_per_s / base if base > 0 else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {
            "workers": self.workers,
            "games": self.games,
            "one_worker_games_per_s": round(self.one_worker_games_per_s, 2),
            "all_workers_games_per_s": round(self.all_workers_games_per_s, 2),
            "efficiency": round(self.efficiency, 3),
        }

    def words(self) -> str:
        """The figures as a sentence; an efficiency over 100%, which more workers cannot
        give, is said to be a disturbed measurement."""
        share = round(100 * self.efficiency)
        text = (
            f"{self.games:,} random games on one worker and on {self.workers}: "
            f"{self.one_worker_games_per_s:,.1f} games a second on one, "
            f"{self.all_workers_games_per_s:,.1f} on {self.workers}; "
            f"each worker did {share}% of what one worker alone did"
        )
        if share > 100:
            text += (
                ": more than all of it, so the one-worker run was slowed by other work on "
                "this machine; measure again when it is quiet, or with more games"
            )
        return text


def bench_parallel(
    game: GameDef, games: int, workers: int | None = None, players: int | None = None
) -> ParallelBenchResult:
    """``simulate`` with random bots: the same ``games`` seeds on one worker, then on all."""
    from moneyboard.sim.play import GameJob
    from moneyboard.sim.runner import default_workers, run_jobs

    n = players if players is not None else default_players(game)
    jobs = [GameJob(game.id, ("random",) * n, seed) for seed in range(games)]
    workers = workers or default_workers()
    rates = []
    for count in (1, workers):
        start = time.perf_counter()
        run_jobs(jobs, workers=count)
        rates.append(games / (time.perf_counter() - start))
    return ParallelBenchResult(game.id, workers, games, rates[0], rates[1])
