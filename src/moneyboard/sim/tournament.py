"""Tournaments: every seating of the given bots, many seeds each, win rates with intervals.

Every distinct order of the seats is played on the same seeds, so seat order and luck are
shared out evenly between the bots.

The measure is *first place*: a game's winners take it; when nobody met the game's winning
conditions (it happens in FinanCity), the best final score takes it, as the game ranks its
players then. A shared first place counts as a fraction. Where every game has a winner this
is the win rate.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence

import pandas as pd

from moneyboard.sim.play import GameJob
from moneyboard.sim.runner import Progress, RunResult, run_jobs
from moneyboard.sim.stats import paired_difference, sign_test
from moneyboard.sim.summary import GAME_KEY, first_shares, win_rates
from moneyboard.sim.tables import games_table

#: More seatings than this are sampled (in a fixed order) rather than all played.
MAX_SEATINGS = 120


def seatings(kinds: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct order of ``kinds`` (repeats give fewer), at most :data:`MAX_SEATINGS`.

    >>> seatings(["a", "b", "b"])
    [('a', 'b', 'b'), ('b', 'a', 'b'), ('b', 'b', 'a')]
    """
    distinct = sorted(set(itertools.permutations(kinds)))
    if len(distinct) > MAX_SEATINGS:
        step = len(distinct) / MAX_SEATINGS
        distinct = [distinct[int(i * step)] for i in range(MAX_SEATINGS)]
    return distinct


def tournament_jobs(
    game_id: str, kinds: Sequence[str], games_per_seating: int, seed: int = 0
) -> list[GameJob]:
    """Each seating played on seeds ``seed .. seed + games_per_seating - 1``."""
    return [
        GameJob(game_id, seating, seed + i)
        for seating in seatings(kinds)
        for i in range(games_per_seating)
    ]


@dataclasses.dataclass(frozen=True)
class TournamentResult:
    """Per-bot first-place rates, and each bot's margin over every other (95% intervals)."""

    run: RunResult
    rates: pd.DataFrame
    margins: pd.DataFrame


def margins(games: pd.DataFrame) -> pd.DataFrame:
    """For every pair of bot kinds: the first's first-place rate minus the second's, with a
    95% interval.

    Paired by game: over the games where both sit, each kind's mean first-place share in
    the game, and the interval of the difference of two rates measured on the same games
    (:func:`~moneyboard.sim.stats.paired_difference`, Newcombe's method), so it accounts for
    the two sharing the games (one's first place is the other's loss), stays within -1 to 1
    and is never a single point; and ``p_sign``, the exact sign test of the games where
    their shares differ (:func:`~moneyboard.sim.stats.sign_test`), which stays honest on a
    handful of games.
    """
    frame = games.assign(win=first_shares(games))
    per_game = frame.groupby([*GAME_KEY, "bot"])["win"].mean().unstack("bot")
    kinds = sorted(str(k) for k in per_game.columns)
    rows = []
    for a, b in itertools.permutations(kinds, 2):
        both = per_game[[a, b]].dropna()
        diff, low, high = paired_difference(both[a].tolist(), both[b].tolist())
        rows.append(
            {
                "bot": a,
                "over": b,
                "games": len(both),
                "margin": diff,
                "low": low,
                "high": high,
                "p_sign": sign_test((both[a] - both[b]).tolist()),
            }
        )
    return pd.DataFrame(rows)


def run_tournament(
    game_id: str,
    kinds: Sequence[str],
    games_per_seating: int,
    *,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> TournamentResult:
    """Play the tournament and summarise it."""
    jobs = tournament_jobs(game_id, kinds, games_per_seating, seed)
    run = run_jobs(jobs, workers, scheduler, progress)
    games = games_table(run.outcomes)
    if games.empty:
        return TournamentResult(run, pd.DataFrame(), pd.DataFrame())
    rates = win_rates(games, "bot", first_shares(games))
    rates = rates.rename(columns={"wins": "firsts", "win_rate": "first_place"})
    return TournamentResult(run, rates, margins(games))
